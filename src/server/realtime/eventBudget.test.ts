import { describe, expect, it } from "vitest";
import { EventBudget } from "./eventBudget";
import { TypingThrottle } from "./typingThrottle";

const limits = { burst: 3, perSecond: 2, closeAfterDrops: 4 };

describe("a socket's event budget", () => {
  it("accepts a burst, then drops what comes faster than the rate", () => {
    const budget = new EventBudget(limits, 0);
    expect([budget.take(0), budget.take(0), budget.take(0), budget.take(0)]).toEqual(["accept", "accept", "accept", "drop"]);
    // Half a second later one more event has been earned.
    expect([budget.take(500), budget.take(500)]).toEqual(["accept", "drop"]);
  });

  it("says to close a socket that keeps sending into an empty budget", () => {
    const budget = new EventBudget(limits, 0);
    for (let i = 0; i < 3; i++) budget.take(0);
    expect([budget.take(1), budget.take(2), budget.take(3), budget.take(4)]).toEqual(["drop", "drop", "drop", "close"]);
  });

  it("forgives dropped events once the sender slows down", () => {
    const budget = new EventBudget(limits, 0);
    for (let i = 0; i < 3; i++) budget.take(0);
    expect([budget.take(1), budget.take(2), budget.take(3)]).toEqual(["drop", "drop", "drop"]);
    expect(budget.take(600)).toBe("accept");
    expect([budget.take(601), budget.take(602), budget.take(603)]).toEqual(["drop", "drop", "drop"]);
  });

  it("never saves up more than a burst during a quiet hour", () => {
    const budget = new EventBudget(limits, 0);
    const hourLater = 3_600_000;
    expect([0, 1, 2, 3].map(() => budget.take(hourLater))).toEqual(["accept", "accept", "accept", "drop"]);
  });
});

describe("typing signals", () => {
  it("reach the partner once per conversation per window", () => {
    const throttle = new TypingThrottle(2000);
    expect(throttle.allow(7, 0)).toBe(true);
    expect(throttle.allow(7, 500)).toBe(false);
    expect(throttle.allow(8, 500)).toBe(true);
    expect(throttle.allow(7, 1999)).toBe(false);
    expect(throttle.allow(7, 2000)).toBe(true);
  });

  it("remember a bounded number of conversations", () => {
    const throttle = new TypingThrottle(2000);
    for (let c = 1; c <= 64; c++) expect(throttle.allow(c, 0)).toBe(true);
    // Full of fresh entries: a 65th conversation waits until older ones have run out.
    expect(throttle.allow(65, 100)).toBe(false);
    expect(throttle.allow(65, 2100)).toBe(true);
  });
});
