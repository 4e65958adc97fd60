import type { Currency } from "../../../common/paymentMethods";
import type { CreditHistoryEntry } from "../../../common/schemas/payments";
import type { LedgerReason } from "../../db/schema";

export interface LedgerLine {
  id: number;
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  ref: string | null;
  createdAt: Date;
}

/** What a paid order put into the balance: its credits and what the member paid for them, fee left out. */
export interface PurchaseValue {
  credits: number;
  currency: Currency;
  value: number;
}

interface Lot {
  left: number;
  credits: number;
  currency: Currency | null;
  value: number;
}

/**
 * The credit history with the money each movement was worth: credits are spent first bought,
 * first spent, and a spend is worth what those credits cost (free credits are worth nothing). A
 * member sees exactly what a message or a gift cost them in money.
 */
export function valueLedger(lines: readonly LedgerLine[], purchases: ReadonlyMap<string, PurchaseValue>): CreditHistoryEntry[] {
  const lots: Lot[] = [];
  return lines.map((line) => {
    const worth = new Map<Currency, number>();
    if (line.delta > 0) {
      const bought = line.reason === "purchase" && line.ref ? purchases.get(line.ref) : undefined;
      lots.push({ left: line.delta, credits: line.delta, currency: bought?.currency ?? null, value: bought?.value ?? 0 });
      if (bought) worth.set(bought.currency, bought.value);
    } else {
      let need = -line.delta;
      while (need > 0 && lots.length > 0) {
        const lot = lots[0];
        const used = Math.min(need, lot.left);
        // Whole minor units: the share of the lot's price these credits stand for, the last one takes the rest.
        const before = Math.round((lot.value * (lot.credits - lot.left)) / lot.credits);
        const after = Math.round((lot.value * (lot.credits - lot.left + used)) / lot.credits);
        if (lot.currency && after > before) worth.set(lot.currency, (worth.get(lot.currency) ?? 0) + after - before);
        lot.left -= used;
        need -= used;
        if (lot.left === 0) lots.shift();
      }
    }
    return {
      id: line.id,
      delta: line.delta,
      balance_after: line.balanceAfter,
      reason: line.reason,
      created_at: line.createdAt.toISOString(),
      worth: [...worth].map(([currency, amount]) => ({ currency, amount })),
    };
  });
}

/**
 * How many credits of one purchase are still unspent: what an operator's refund takes back. The
 * ledger is walked oldest first as in `valueLedger` (first bought, first spent; free credits are a
 * lot like any other), except that a `refund` row naming a purchase takes from that purchase's lot
 * (a refund takes back its own credits, not the oldest ones). Never more than the balance now.
 *
 * Example: 10 free credits, then 20 bought (P), then 25 spent: the free 10 go first, then 15 of
 * P, so 5 of P are unspent and 5 are taken back; the money is refunded in full all the same.
 */
export function unspentOfPurchase(lines: readonly LedgerLine[], paymentId: string): number {
  const lots: Array<{ ref: string | null; left: number }> = [];
  let balance = 0;
  for (const line of lines) {
    balance = line.balanceAfter;
    if (line.delta > 0) {
      lots.push({ ref: line.reason === "purchase" ? line.ref : null, left: line.delta });
      continue;
    }
    let need = -line.delta;
    const own = line.reason === "refund" && line.ref ? lots.find((l) => l.ref === line.ref) : undefined;
    if (own) {
      const used = Math.min(need, own.left);
      own.left -= used;
      need -= used;
    }
    for (const lot of lots) {
      if (need === 0) break;
      const used = Math.min(need, lot.left);
      lot.left -= used;
      need -= used;
    }
  }
  const left = lots.filter((l) => l.ref === paymentId).reduce((sum, l) => sum + l.left, 0);
  return Math.max(0, Math.min(left, balance));
}
