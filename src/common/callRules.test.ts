import { describe, expect, it } from "vitest";
import { callMinuteCost, nextCallStatus, startedMinutes } from "./callRules";

const ringing = { status: "ringing", caller: 1, callee: 2 } as const;
const active = { ...ringing, status: "active" } as const;

describe("call state rules", () => {
  it("lets only the callee answer or decline a ringing call", () => {
    expect(nextCallStatus(ringing, { type: "answer", by: 2 })).toBe("active");
    expect(nextCallStatus(ringing, { type: "answer", by: 1 })).toBeNull();
    expect(nextCallStatus(ringing, { type: "decline", by: 2 })).toBe("declined");
    expect(nextCallStatus(ringing, { type: "decline", by: 1 })).toBeNull();
  });

  it("ignores anyone who is not one of the two members", () => {
    expect(nextCallStatus(ringing, { type: "answer", by: 3 })).toBeNull();
    expect(nextCallStatus(active, { type: "hang_up", by: 3 })).toBeNull();
  });

  it("tells a caller's hang-up while ringing (cancelled) from the callee's (declined)", () => {
    expect(nextCallStatus(ringing, { type: "hang_up", by: 1 })).toBe("cancelled");
    expect(nextCallStatus(ringing, { type: "hang_up", by: 2 })).toBe("declined");
  });

  it("turns an unanswered call into a missed one when the ringing times out", () => {
    expect(nextCallStatus(ringing, { type: "ring_timeout" })).toBe("missed");
    expect(nextCallStatus(active, { type: "ring_timeout" })).toBeNull();
  });

  it("ends a call for want of credits when the caller cannot pay the first minute at the answer", () => {
    expect(nextCallStatus(ringing, { type: "out_of_credits" })).toBe("no_credits");
  });

  it("lets either side end a live call, and the server end it for credits or silence", () => {
    expect(nextCallStatus(active, { type: "hang_up", by: 1 })).toBe("ended");
    expect(nextCallStatus(active, { type: "hang_up", by: 2 })).toBe("ended");
    expect(nextCallStatus(active, { type: "out_of_credits" })).toBe("no_credits");
    expect(nextCallStatus(active, { type: "silent" })).toBe("dropped");
    expect(nextCallStatus(active, { type: "answer", by: 2 })).toBeNull();
  });

  it("never changes a finished call", () => {
    for (const status of ["ended", "missed", "declined", "cancelled", "no_credits", "dropped"] as const) {
      const call = { ...ringing, status };
      expect(nextCallStatus(call, { type: "hang_up", by: 1 })).toBeNull();
      expect(nextCallStatus(call, { type: "answer", by: 2 })).toBeNull();
      expect(nextCallStatus(call, { type: "ring_timeout" })).toBeNull();
      expect(nextCallStatus(call, { type: "silent" })).toBeNull();
    }
  });

  it("counts every started minute, the first at once", () => {
    expect(startedMinutes(0)).toBe(1);
    expect(startedMinutes(59_999)).toBe(1);
    expect(startedMinutes(60_000)).toBe(1);
    expect(startedMinutes(60_001)).toBe(2);
    expect(startedMinutes(181_000)).toBe(4);
  });

  it("charges the site's price per minute, nothing where the site sets none", () => {
    expect(callMinuteCost({ call_minute_credits: 15 })).toBe(15);
    expect(callMinuteCost({})).toBe(0);
  });
});
