import { describe, expect, it } from "vitest";
import { priceBreakdown } from "../../../common/creditBundles";
import { type LedgerLine, valueLedger } from "./creditValue";

const at = new Date("2026-11-01T10:00:00Z");
const line = (id: number, delta: number, balanceAfter: number, reason: LedgerLine["reason"], ref: string | null = null): LedgerLine => ({
  id,
  delta,
  balanceAfter,
  reason,
  ref,
  createdAt: at,
});

describe("what credits were worth", () => {
  it("values spends first bought, first spent: free credits are worth nothing, bought ones their price", () => {
    const purchases = new Map([["p1", { credits: 20, currency: "EUR" as const, value: 1000 }]]);
    const history = valueLedger(
      [line(1, 20, 20, "signup_bonus"), line(2, 20, 40, "purchase", "p1"), line(3, -10, 30, "message"), line(4, -20, 10, "message"), line(5, -10, 0, "gift")],
      purchases,
    );
    expect(history.map((e) => e.worth)).toEqual([[], [{ currency: "EUR", amount: 1000 }], [], [{ currency: "EUR", amount: 500 }], [{ currency: "EUR", amount: 500 }]]);
  });

  it("splits a price into whole cents without losing one", () => {
    const purchases = new Map([["p1", { credits: 3, currency: "EUR" as const, value: 100 }]]);
    const history = valueLedger([line(1, 3, 3, "purchase", "p1"), line(2, -1, 2, "message"), line(3, -1, 1, "message"), line(4, -1, 0, "message")], purchases);
    const spent = history.slice(1).map((e) => e.worth[0].amount);
    expect(spent.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("a bundle's price", () => {
  it("takes the discount off first, then adds the method's fee", () => {
    expect(priceBreakdown(1999, null, "ideal")).toEqual({ price: 1999, discount: 0, fee: 0, amount: 1999 });
    expect(priceBreakdown(2000, 25, "paysafecard")).toEqual({ price: 2000, discount: 500, fee: 75, amount: 1575 });
  });
});
