import { describe, expect, it } from "vitest";
import { priceBreakdown } from "../../../common/creditBundles";
import { type LedgerLine, unspentOfPurchase, valueLedger } from "./creditValue";

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
    expect(history.map((e) => e.worth)).toEqual([
      [],
      [{ currency: "EUR", amount: 1000 }],
      [],
      [{ currency: "EUR", amount: 500 }],
      [{ currency: "EUR", amount: 500 }],
    ]);
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

describe("the unspent credits of a purchase (an operator's refund takes these back)", () => {
  it("counts free credits and older purchases as spent first", () => {
    const lines = [line(1, 10, 10, "signup_bonus"), line(2, 20, 30, "purchase", "p1"), line(3, -25, 5, "message")];
    expect(unspentOfPurchase(lines, "p1")).toBe(5);
    expect(unspentOfPurchase(lines.slice(0, 2), "p1")).toBe(20);
    expect(unspentOfPurchase([...lines, line(4, -5, 0, "gift")], "p1")).toBe(0);
  });

  it("spends an older purchase before a newer one", () => {
    const lines = [line(1, 20, 20, "purchase", "p1"), line(2, 50, 70, "purchase", "p2"), line(3, -30, 40, "message")];
    expect(unspentOfPurchase(lines, "p1")).toBe(0);
    expect(unspentOfPurchase(lines, "p2")).toBe(40);
  });

  it("lets a refund take from its own purchase, and never answers more than the balance", () => {
    const lines = [line(1, 20, 20, "purchase", "p1"), line(2, 50, 70, "purchase", "p2"), line(3, -50, 20, "refund", "p2")];
    expect(unspentOfPurchase(lines, "p1")).toBe(20);
    expect(unspentOfPurchase(lines, "p2")).toBe(0);
    expect(unspentOfPurchase([line(1, 20, 20, "purchase", "p1"), line(2, -20, 0, "purchase", "x")], "p1")).toBe(0);
  });
});
