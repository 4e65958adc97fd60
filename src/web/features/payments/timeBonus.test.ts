import { describe, expect, it } from "vitest";
import { formatCountdown, timeBonusModalAllowed, timeBonusSecondsLeft } from "./timeBonus";

const signup = "2026-11-22T10:00:00.000Z";
const at = (iso: string) => Date.parse(iso);

describe("the time bonus", () => {
  it("runs for 4 hours after signup for a member who has not paid", () => {
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at("2026-11-22T10:00:00Z"))).toBe(14400);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at("2026-11-22T13:59:59Z"))).toBe(1);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at("2026-11-22T14:00:00Z"))).toBeNull();
    expect(timeBonusSecondsLeft({ paid_user: true, signup_date: signup }, at("2026-11-22T11:00:00Z"))).toBeNull();
    expect(timeBonusSecondsLeft(null, at("2026-11-22T11:00:00Z"))).toBeNull();
  });

  it("counts down in zero-padded hours, minutes and seconds", () => {
    expect(formatCountdown(14400)).toBe("04:00:00");
    expect(formatCountdown(3 * 3600 + 59 * 60 + 7)).toBe("03:59:07");
    expect(formatCountdown(5)).toBe("00:00:05");
  });

  it("opens its modal only in the members area, at 0 credits, when not dismissed and while visible", () => {
    const base = { inMembersArea: true, credits: 0, dismissed: false, visible: true };
    expect(timeBonusModalAllowed(base)).toBe(true);
    expect(timeBonusModalAllowed({ ...base, inMembersArea: false })).toBe(false);
    expect(timeBonusModalAllowed({ ...base, credits: 20 })).toBe(false);
    expect(timeBonusModalAllowed({ ...base, dismissed: true })).toBe(false);
    expect(timeBonusModalAllowed({ ...base, visible: false })).toBe(false);
  });
});
