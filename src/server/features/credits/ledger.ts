import { type Db, preparedRows } from "../../db/client";
import type { LedgerReason } from "../../db/schema";

// A named prepared statement (parsed and planned once per connection): it runs on every paid message.
const MOVE_CREDITS = `
  WITH moved AS (
    UPDATE users SET credits = credits + $2
    WHERE id = $1 AND credits + $2 >= 0
    RETURNING credits)
  INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
  SELECT $1, $2, credits, $3, $4 FROM moved
  RETURNING balance_after`;

/**
 * Moves credits for a member and writes the ledger row that explains it, in the caller's
 * transaction. Returns the new balance, or null when the balance would go below zero (nothing moves).
 * One statement: the ledger row is inserted from the balance update's result, so both happen or
 * neither, in one round trip (it runs on every paid message).
 */
export async function moveCredits(tx: Db, userId: number, delta: number, reason: LedgerReason, ref?: string): Promise<number | null> {
  const [row] = await preparedRows<{ balance_after: number }>(tx, "credits_move", MOVE_CREDITS, [userId, delta, reason, ref ?? null]);
  return row ? row.balance_after : null;
}
