import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { idempotentRequests } from "../../db/schema";
import { AppError } from "../../errors";

const KEY = /^[\w-]{8,100}$/;

/**
 * Runs `work` in a transaction once per Idempotency-Key and member: a retry with the same key gets
 * the first answer and changes nothing. The key row is written in the same transaction, so a
 * concurrent retry waits for the first to commit (the unique index) and then reads its answer.
 */
export async function once<T>(db: Db, userId: number, key: string | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
  if (key === undefined) return db.transaction(work);
  if (!KEY.test(key)) throw new AppError(400, "field_invalid", undefined, "Idempotency-Key");
  return db.transaction(async (tx) => {
    // Plain SQL for the two statements every keyed send runs (the query builder cost more than the query).
    const [claimed] = rowsOf<{ id: number }>(
      await tx.execute(sql`INSERT INTO idempotent_requests (user_id, key, response) VALUES (${userId}, ${key}, '') ON CONFLICT DO NOTHING RETURNING id`),
    );
    if (!claimed) {
      const [done] = await tx
        .select({ response: idempotentRequests.response })
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
      return JSON.parse(done.response) as T;
    }
    const result = await work(tx);
    await tx.execute(sql`UPDATE idempotent_requests SET response = ${JSON.stringify(result)} WHERE id = ${Number(claimed.id)}`);
    return result;
  });
}
