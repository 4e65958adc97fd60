import { describe, expect, it } from "vitest";
import { likelyRule } from "../../../common/schemas/decisions";
import { appealOpen, mayDecideAppeal } from "./appeals.service";
import { actionText } from "./decisionMails";

describe("the rule a decision names", () => {
  it("is the one most reports point at, the earliest on a tie, and 'terms' for 'something else'", () => {
    expect(likelyRule(["fake", "harassment", "harassment"])).toBe("harassment");
    expect(likelyRule(["explicit", "fake"])).toBe("explicit");
    expect(likelyRule(["other"])).toBe("terms");
    expect(likelyRule([])).toBe("terms");
  });
});

describe("who decides an appeal", () => {
  const decision = { decidedBy: 7 };
  it("is never the moderator who made the decision, nor support; an admin always may", () => {
    expect(mayDecideAppeal({ id: 7, role: "moderator" }, decision)).toBe(false);
    expect(mayDecideAppeal({ id: 8, role: "moderator" }, decision)).toBe(true);
    expect(mayDecideAppeal({ id: 9, role: "support" }, decision)).toBe(false);
    expect(mayDecideAppeal({ id: 7, role: "admin" }, decision)).toBe(true);
  });

  it("is possible for six months after the decision", () => {
    const now = new Date("2026-11-26T00:00:00Z");
    expect(appealOpen(new Date("2026-06-01T00:00:00Z"), now)).toBe(true);
    expect(appealOpen(new Date("2026-05-01T00:00:00Z"), now)).toBe(false);
  });
});

describe("the action a decision mail names", () => {
  it("gives a suspension its end in the reader's language, and a ban none", () => {
    expect(actionText("de", "suspend", new Date("2026-12-03T10:00:00Z"))).toBe("dein Konto ist bis 3. Dezember 2026 um 10:00 UTC gesperrt");
    expect(actionText("en", "ban", null)).toBe("your account is closed permanently");
  });
});
