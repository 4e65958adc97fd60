import { and, eq } from "drizzle-orm";
import { type Db, isUniqueViolation, preparedRows } from "../../db/client";
import { idempotentRequests } from "../../db/schema";
import { AppError } from "../../errors";

const KEY = /^[\w-]{8,100}$/;

// Named prepared statements (parsed and planned once per connection): keyed purchases and the first
// messages that take the longer steps run them (most messages store their key in their one statement).
const CLAIM = `
  WITH member AS (SELECT id FROM users WHERE id = $1 FOR UPDATE)
  INSERT INTO idempotent_requests (user_id, key, response)
  SELECT id, $2, '' FROM member
  ON CONFLICT DO NOTHING
  RETURNING id`;

/** Refuses an Idempotency-Key header that is not 8 to 100 letters, digits, `_` or `-`. */
export function checkIdempotencyKey(key: string): void {
  if (!KEY.test(key)) throw new AppError(400, "field_invalid", undefined, "Idempotency-Key");
}

/** The answer stored for a member's Idempotency-Key by a committed call, or null. */
export async function storedAnswer<T>(db: Db, userId: number, key: string): Promise<T | null> {
  const [done] = await db
    .select({ response: idempotentRequests.response })
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  return done ? (JSON.parse(done.response) as T) : null;
}

/** Whether a statement failed because a concurrent call with the same Idempotency-Key committed first. */
export const isKeyTaken = (err: unknown) => isUniqueViolation(err, "idempotent_requests_key");

/**
 * The WITH part that stores a call's answer under its Idempotency-Key, for the row of `source`, in
 * the one statement that makes the call (nothing is stored when the key is null). When a concurrent
 * call with the same key commits first, the statement fails (isKeyTaken) and nothing of it stays.
 * Arguments are SQL expressions; `response` (text) may read the source's columns.
 */
export function keyAnswerPart(p: { source: string; user: string; key: string; response: string }): string {
  return `
  keyed AS (
    INSERT INTO idempotent_requests (user_id, key, response)
    SELECT ${p.user}, ${p.key}, ${p.response} FROM ${p.source} WHERE ${p.key} IS NOT NULL)`;
}

/**
 * Runs `work` in a transaction once per Idempotency-Key and member: a retry with the same key gets
 * the first answer and changes nothing. The key row is written in the same transaction, after the
 * member's row lock, so a concurrent retry waits for the first to commit and then reads its answer.
 */
export async function once<T>(db: Db, userId: number, key: string | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
  if (key === undefined) return db.transaction(work);
  checkIdempotencyKey(key);
  return db.transaction(async (tx) => {
    // The member's row is locked (FOR UPDATE) before the key row is written: the key row's foreign
    // key takes a KEY SHARE lock on it, and two calls of one member that each held that lock and then
    // asked for FOR UPDATE (as a send does) deadlocked. A member's paid calls go one at a time anyway.
    // Plain SQL, one statement.
    const [claimed] = await preparedRows<{ id: number }>(tx, "idempotency_claim", CLAIM, [userId, key]);
    if (!claimed) {
      return (await storedAnswer<T>(tx, userId, key)) as T;
    }
    const result = await work(tx);
    await preparedRows(tx, "idempotency_answer", "UPDATE idempotent_requests SET response = $2 WHERE id = $1", [Number(claimed.id), JSON.stringify(result)]);
    return result;
  });
}
