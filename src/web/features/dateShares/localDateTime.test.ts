import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "./localDateTime";

describe("the date-and-time field's value", () => {
  it("names the same instant on the browser's clock both ways", () => {
    const date = new Date(2026, 10, 28, 19, 30);
    expect(toLocalInput(date)).toBe("2026-11-28T19:30");
    expect(fromLocalInput("2026-11-28T19:30")?.getTime()).toBe(date.getTime());
  });

  it("is nothing when empty or broken", () => {
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("28.11.2026 19:30")).toBeNull();
  });
});
