import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type LikeSource, likes } from "../../db/schema";

/** Adds a like (once); answers whether it is now mutual. */
export async function insertLike(db: Db, likerId: number, likedId: number, source: LikeSource): Promise<boolean> {
  await db.insert(likes).values({ likerId, likedId, source }).onConflictDoNothing();
  const [reverse] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)));
  return Boolean(reverse);
}

export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
}

const MAX_LISTED = 1000;

/**
 * Likes received (new first, then newest) and given, among members the viewer may see: enabled,
 * not pending deletion, not blocked either way. Invisible members still show where they liked.
 */
export async function listLikes(db: Db, memberId: number) {
  const visible = (other: ReturnType<typeof sql>) => sql`EXISTS (
      SELECT 1 FROM profiles p JOIN users u ON u.id = p.id
      WHERE p.id = ${other} AND p.status = 'enabled' AND u.deletion_requested_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${memberId} AND b.blocked_id = ${other}) OR (b.blocker_id = ${other} AND b.blocked_id = ${memberId}))`;
  const [received, given] = await Promise.all([
    db
      .select({ id: likes.likerId, seen: likes.seen, createdAt: likes.createdAt })
      .from(likes)
      .where(and(eq(likes.likedId, memberId), visible(sql`${likes.likerId}`)))
      .orderBy(likes.seen, desc(likes.createdAt))
      .limit(MAX_LISTED),
    db
      .select({ id: likes.likedId, createdAt: likes.createdAt })
      .from(likes)
      .where(and(eq(likes.likerId, memberId), visible(sql`${likes.likedId}`)))
      .orderBy(desc(likes.createdAt))
      .limit(MAX_LISTED),
  ]);
  return { received, given };
}
