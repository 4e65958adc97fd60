import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
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
    const [claimed] = await tx.insert(idempotentRequests).values({ userId, key, response: "" }).onConflictDoNothing().returning({ id: idempotentRequests.id });
    if (!claimed) {
      const [done] = await tx
        .select({ response: idempotentRequests.response })
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
      return JSON.parse(done.response) as T;
    }
    const result = await work(tx);
    await tx.update(idempotentRequests).set({ response: JSON.stringify(result) }).where(eq(idempotentRequests.id, claimed.id));
    return result;
  });
}
