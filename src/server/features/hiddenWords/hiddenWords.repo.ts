import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hiddenWords } from "../../db/schema";

/** The member's entries as they typed them, oldest first. */
export async function listHiddenWords(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ word: hiddenWords.word })
    .from(hiddenWords)
    .where(eq(hiddenWords.memberId, memberId))
    .orderBy(asc(hiddenWords.createdAt), asc(hiddenWords.key));
  return rows.map((r) => r.word);
}

/**
 * Adds an entry unless the member has one with the same key, or already has `max` entries; the
 * member's row lock makes parallel adds count one after another. Answers false when the list is full.
 */
export async function addHiddenWord(db: Db, memberId: number, key: string, word: string, max: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${memberId} FOR UPDATE`);
    const [exists] = await tx
      .select({ key: hiddenWords.key })
      .from(hiddenWords)
      .where(sql`${hiddenWords.memberId} = ${memberId} AND ${hiddenWords.key} = ${key}`);
    if (exists) return true;
    const [row] = await tx.select({ n: count() }).from(hiddenWords).where(eq(hiddenWords.memberId, memberId));
    if (Number(row.n) >= max) return false;
    await tx.insert(hiddenWords).values({ memberId, key, word }).onConflictDoNothing();
    return true;
  });
}

/** Removes the member's entry with this key, if any. */
export async function removeHiddenWord(db: Db, memberId: number, key: string): Promise<void> {
  await db.delete(hiddenWords).where(sql`${hiddenWords.memberId} = ${memberId} AND ${hiddenWords.key} = ${key}`);
}
