import { describe, expect, it } from "vitest";
import { fill } from "./useLegalTexts";
import { dialable, termsVersionDate } from "./useLegalValues";

describe("the legal pages", () => {
  it("date the terms 2023-12-01T12:00:00Z, or the company's added date when that is later", () => {
    expect(termsVersionDate(undefined)).toBe("2023-12-01T12:00:00Z");
    expect(termsVersionDate("2022-05-01T00:00:00Z")).toBe("2023-12-01T12:00:00Z");
    expect(termsVersionDate("2024-03-01T09:00:00Z")).toBe("2024-03-01T09:00:00Z");
  });

  it("dial the support phone with dashes and spaces stripped", () => {
    expect(dialable("+31 20-123 45 67")).toBe("+31201234567");
  });

  it("end a sentence with one full stop after a name that has its own", () => {
    expect(fill("Operated by {{company}}. Read on.", { company: "Amoria Media B.V." })).toBe("Operated by Amoria Media B.V. Read on.");
    expect(fill("{{company}} operates it", { company: "Amoria Media B.V." })).toBe("Amoria Media B.V. operates it");
  });

  it("fill placeholders with the site's values and leave unknown ones visible", () => {
    expect(fill("Write to {{email}} within {{ refund_days }} days ({{nope}})", { email: "a@b.example", refund_days: 14 })).toBe(
      "Write to a@b.example within 14 days ({{nope}})",
    );
  });
});
