import { describe, expect, it } from "vitest";
import { activityOf } from "./activity";

const now = new Date("2026-11-25T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("how recently a member was active, as others are told it", () => {
  it("is online now within ten minutes", () => {
    expect(activityOf(ago(0), now)).toBe("online");
    expect(activityOf(ago(9), now)).toBe("online");
  });

  it("is active today within a day, and this week within seven days", () => {
    expect(activityOf(ago(10), now)).toBe("today");
    expect(activityOf(ago(23 * 60), now)).toBe("today");
    expect(activityOf(ago(24 * 60), now)).toBe("week");
    expect(activityOf(ago(6 * 24 * 60), now)).toBe("week");
  });

  it("says nothing after a week, or when the member was never seen", () => {
    expect(activityOf(ago(7 * 24 * 60), now)).toBeNull();
    expect(activityOf(null, now)).toBeNull();
  });
});
