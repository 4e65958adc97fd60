import { describe, expect, it } from "vitest";
import { DATE_SHARE_HOURS_AFTER, DATE_SHARE_MAX_DAYS_AHEAD, DATE_SHARE_MAX_HOURS_BEFORE } from "./constants";
import { dateShareExpiry, dateShareTimeProblem, isDateShareLive } from "./dateShareRules";

const HOUR = 3_600_000;
const now = new Date("2026-11-26T18:00:00Z");

describe("a shared date's expiry", () => {
  it("comes the configured number of hours after the date's time, 24 by default", () => {
    const startsAt = new Date("2026-11-28T19:30:00Z");
    expect(DATE_SHARE_HOURS_AFTER).toBe(24);
    expect(dateShareExpiry(startsAt).toISOString()).toBe("2026-11-29T19:30:00.000Z");
    expect(dateShareExpiry(startsAt, 6).toISOString()).toBe("2026-11-29T01:30:00.000Z");
  });

  it("keeps a link working until its expiry and not a millisecond after, nor once revoked", () => {
    const expiresAt = new Date(now.getTime() + 1);
    expect(isDateShareLive({ expiresAt, revokedAt: null }, now)).toBe(true);
    expect(isDateShareLive({ expiresAt: now, revokedAt: null }, now)).toBe(false);
    expect(isDateShareLive({ expiresAt, revokedAt: new Date(now.getTime() - 1000) }, now)).toBe(false);
  });
});

describe("the time a date may be shared for", () => {
  it("takes a date ahead, up to the furthest day, and one that began a little earlier", () => {
    expect(dateShareTimeProblem(new Date(now.getTime() + 2 * HOUR), now)).toBeNull();
    expect(dateShareTimeProblem(new Date(now.getTime() + DATE_SHARE_MAX_DAYS_AHEAD * 24 * HOUR), now)).toBeNull();
    expect(dateShareTimeProblem(new Date(now.getTime() - DATE_SHARE_MAX_HOURS_BEFORE * HOUR), now)).toBeNull();
  });

  it("refuses a date long past, one too far ahead, and no date at all", () => {
    expect(dateShareTimeProblem(new Date(now.getTime() - DATE_SHARE_MAX_HOURS_BEFORE * HOUR - 1), now)).toBe("past");
    expect(dateShareTimeProblem(new Date(now.getTime() + DATE_SHARE_MAX_DAYS_AHEAD * 24 * HOUR + 1), now)).toBe("too_far");
    expect(dateShareTimeProblem(new Date("not a date"), now)).toBe("past");
  });
});
