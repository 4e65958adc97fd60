import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { CARD_COLUMNS_SQL, type RawCard } from "../members/members.repo";
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

export interface LikeListRow {
  other: number;
  /** "r": the other likes the member; "g": the member likes the other. */
  dir: "r" | "g";
  seen: boolean;
  created_at: string;
}

/**
 * Likes received and given (at most 1,000 each way, newest first) with the card of the other member,
 * in one round trip: only members that may still be seen (profile enabled, not blocked either way).
 * An account pending deletion has its profile disabled. Invisible members stay: these are members one
 * already knows.
 */
export async function listLikesWithCards(db: Db, memberId: number): Promise<Array<LikeListRow & RawCard>> {
  return rowsOf<LikeListRow & RawCard>(
    await db.execute(sql`
      WITH l AS (
        (SELECT liker_id AS other, 'r' AS dir, seen, created_at FROM likes WHERE liked_id = ${memberId} ORDER BY created_at DESC LIMIT ${MAX_LISTED})
        UNION ALL
        (SELECT liked_id AS other, 'g' AS dir, true AS seen, created_at FROM likes WHERE liker_id = ${memberId} ORDER BY created_at DESC LIMIT ${MAX_LISTED})
      )
      SELECT l.other, l.dir, l.seen, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, ${CARD_COLUMNS_SQL}
      FROM l
      JOIN profiles p ON p.id = l.other
      LEFT JOIN photos ph ON ph.id = p.main_photo_id
      WHERE p.status = 'enabled'
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${memberId} AND b.blocked_id = l.other) OR (b.blocker_id = l.other AND b.blocked_id = ${memberId}))
      ORDER BY l.created_at DESC`),
  );
}
