import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditLedger, type LedgerReason, users } from "../../db/schema";

/**
 * Moves credits for a member and writes the ledger row that explains it, in the caller's
 * transaction. Returns the new balance, or null when the balance would go below zero (nothing moves).
 */
export async function moveCredits(tx: Db, userId: number, delta: number, reason: LedgerReason, ref?: string): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
    .returning({ credits: users.credits });
  if (!row) return null;
  await tx.insert(creditLedger).values({ userId, delta, balanceAfter: row.credits, reason, ref });
  return row.credits;
}
