import { and, eq, sql } from "drizzle-orm";
import { type Db, preparedRows } from "../../db/client";
import { blocksStampText, notBlockedEitherWayText, reachableText } from "../members/access";
import { CARD_COLUMNS, cardVersionText, type RawCard } from "../members/members.repo";
import { type LikeSource, likes } from "../../db/schema";

/** Adds a like (once); answers whether it is new and whether it is now mutual. */
export async function insertLike(db: Db, likerId: number, likedId: number, source: LikeSource): Promise<{ created: boolean; match: boolean }> {
  const inserted = await db.insert(likes).values({ likerId, likedId, source }).onConflictDoNothing().returning({ likerId: likes.likerId });
  const [reverse] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)));
  return { created: inserted.length > 0, match: Boolean(reverse) };
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

/** The member's likes both ways (at most MAX_LISTED each, newest first), as SQL text over the member "$1". */
const RECENT_LIKES = `
  (SELECT liker_id AS other, 'r' AS dir, seen, created_at FROM likes WHERE liked_id = $1 ORDER BY created_at DESC LIMIT ${MAX_LISTED})
  UNION ALL
  (SELECT liked_id AS other, 'g' AS dir, true AS seen, created_at FROM likes WHERE liker_id = $1 ORDER BY created_at DESC LIMIT ${MAX_LISTED})`;

const LIKES_TEXT = `WITH l AS (${RECENT_LIKES})
  SELECT l.other, l.dir, l.seen, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
  FROM l ORDER BY l.created_at DESC`;

const CARDS_TEXT = `WITH l AS (${RECENT_LIKES})
  SELECT ${CARD_COLUMNS}
  FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id
  WHERE p.id IN (SELECT other FROM l) AND ${reachableText("p")} AND ${notBlockedEitherWayText("$1", "p.id")}`;

// What the answer is built from, as one stamp (LikesListCache): the same likes both ways with their
// row versions (a like marked seen is written anew), a hash of every card in them as shown at the
// time "$2" (its card version, which a change of status moves too, and its activity as shown), and
// the blocks either way. Each part is the count and an XOR of hashes, as the blocks stamp.
const STAMP_TEXT = `WITH l AS (
    (SELECT liker_id AS other, 'r' AS dir, xmin::text AS v FROM likes WHERE liked_id = $1 ORDER BY created_at DESC LIMIT ${MAX_LISTED})
    UNION ALL
    (SELECT liked_id AS other, 'g' AS dir, xmin::text AS v FROM likes WHERE liker_id = $1 ORDER BY created_at DESC LIMIT ${MAX_LISTED}))
  SELECT
    (SELECT count(*) || ':' || coalesce(bit_xor(hashtextextended(other || dir || v, 0)), 0) FROM l) AS likes,
    (SELECT count(*) || ':' || coalesce(bit_xor(${cardVersionText("$2")}), 0)
      FROM profiles p WHERE p.id IN (SELECT other FROM l)) AS cards,
    (${blocksStampText("$1")}) AS blocks`;

/** The stamp of the member's likes page at `now` (see STAMP_TEXT): equal stamps, equal answers. */
export async function likesStamp(db: Db, memberId: number, now: Date): Promise<string> {
  const [row] = await preparedRows<{ likes: string; cards: string; blocks: string }>(db, "likes_list_stamp", STAMP_TEXT, [memberId, now.toISOString()]);
  return `${row.likes}|${row.cards}|${row.blocks}`;
}

/**
 * Likes received and given (at most 1,000 each way, newest first), and the cards of the members in
 * them: only members that may still be seen (profile enabled, not blocked either way; an account
 * pending deletion has its profile disabled). Invisible members stay: these are members one already
 * knows. Two named prepared statements that run at once on two connections: the likes, and each
 * member's card once.
 */
export async function listLikesWithCards(db: Db, memberId: number): Promise<{ likes: LikeListRow[]; cards: RawCard[] }> {
  const [likeRows, cards] = await Promise.all([
    preparedRows<LikeListRow>(db, "likes_list", LIKES_TEXT, [memberId]),
    preparedRows<RawCard>(db, "likes_list_cards", CARDS_TEXT, [memberId]),
  ]);
  return { likes: likeRows, cards };
}
