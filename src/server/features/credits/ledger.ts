import { type Db, preparedRows } from "../../db/client";
import type { LedgerReason } from "../../db/schema";

/**
 * The WITH parts of a statement that move credits and write the ledger row that explains them:
 * `moved` answers the new balance, or no row when the balance would go below zero (or `when` is
 * false), and then no ledger row is written either. Arguments are SQL expressions (parameters).
 * The update takes the member's row lock and, after waiting for another transaction's update,
 * checks the balance again on the row it committed: concurrent spends never overdraw.
 */
export function moveCreditsParts(p: { user: string; delta: string; reason: string; ref: string; when?: string }): string {
  return `
  moved AS (
    UPDATE users SET credits = credits + ${p.delta}
    WHERE id = ${p.user} AND credits + ${p.delta} >= 0${p.when ? ` AND ${p.when}` : ""}
    RETURNING credits),
  ledger AS (
    INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref)
    SELECT ${p.user}, ${p.delta}, credits, ${p.reason}, ${p.ref} FROM moved
    RETURNING balance_after)`;
}

// A named prepared statement (parsed and planned once per connection).
const MOVE_CREDITS = `WITH ${moveCreditsParts({ user: "$1", delta: "$2", reason: "$3", ref: "$4" })} SELECT balance_after FROM ledger`;

/**
 * Moves credits for a member and writes the ledger row that explains it, in the caller's
 * transaction. Returns the new balance, or null when the balance would go below zero (nothing moves).
 * One statement: the ledger row is inserted from the balance update's result, so both happen or
 * neither, in one round trip.
 */
export async function moveCredits(tx: Db, userId: number, delta: number, reason: LedgerReason, ref?: string): Promise<number | null> {
  const [row] = await preparedRows<{ balance_after: number }>(tx, "credits_move", MOVE_CREDITS, [userId, delta, reason, ref ?? null]);
  return row ? row.balance_after : null;
}
