import { and, eq } from "drizzle-orm";
import { type Db, preparedRows } from "../../db/client";
import { idempotentRequests } from "../../db/schema";
import { AppError } from "../../errors";

const KEY = /^[\w-]{8,100}$/;

// Named prepared statements (parsed and planned once per connection): every keyed send runs them.
const CLAIM = `
  WITH member AS (SELECT id FROM users WHERE id = $1 FOR UPDATE)
  INSERT INTO idempotent_requests (user_id, key, response)
  SELECT id, $2, '' FROM member
  ON CONFLICT DO NOTHING
  RETURNING id`;

/**
 * Runs `work` in a transaction once per Idempotency-Key and member: a retry with the same key gets
 * the first answer and changes nothing. The key row is written in the same transaction, after the
 * member's row lock, so a concurrent retry waits for the first to commit and then reads its answer.
 */
export async function once<T>(db: Db, userId: number, key: string | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
  if (key === undefined) return db.transaction(work);
  if (!KEY.test(key)) throw new AppError(400, "field_invalid", undefined, "Idempotency-Key");
  return db.transaction(async (tx) => {
    // The member's row is locked (FOR UPDATE) before the key row is written: the key row's foreign
    // key takes a KEY SHARE lock on it, and two calls of one member that each held that lock and then
    // asked for FOR UPDATE (as a send does) deadlocked. A member's paid calls go one at a time anyway.
    // Plain SQL, one statement: every keyed send runs it.
    const [claimed] = await preparedRows<{ id: number }>(tx, "idempotency_claim", CLAIM, [userId, key]);
    if (!claimed) {
      const [done] = await tx
        .select({ response: idempotentRequests.response })
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
      return JSON.parse(done.response) as T;
    }
    const result = await work(tx);
    await preparedRows(tx, "idempotency_answer", "UPDATE idempotent_requests SET response = $2 WHERE id = $1", [Number(claimed.id), JSON.stringify(result)]);
    return result;
  });
}
