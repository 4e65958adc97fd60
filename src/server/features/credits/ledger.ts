import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import type { LedgerReason } from "../../db/schema";

/**
 * Moves credits for a member and writes the ledger row that explains it, in the caller's
 * transaction. Returns the new balance, or null when the balance would go below zero (nothing moves).
 * One statement: the ledger row is inserted from the balance update's result, so both happen or
 * neither, in one round trip (it runs on every paid message).
 */
export async function moveCredits(tx: Db, userId: number, delta: number, reason: LedgerReason, ref?: string): Promise<number | null> {
  const [row] = rowsOf<{ balance_after: number }>(
    await tx.execute(sql`
      WITH moved AS (
        UPDATE users SET credits = credits + ${delta}
        WHERE id = ${userId} AND credits + ${delta} >= 0
        RETURNING credits)
      INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
      SELECT ${userId}, ${delta}, credits, ${reason}, ${ref ?? null} FROM moved
      RETURNING balance_after`),
  );
  return row ? row.balance_after : null;
}
