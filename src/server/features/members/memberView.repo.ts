import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likes } from "../../db/schema";

/** True when a like from `likerId` to `likedId` exists. */
export async function likeExists(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return Boolean(row);
}

export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db
    .update(likes)
    .set({ seen: true })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), eq(likes.seen, false)));
}
