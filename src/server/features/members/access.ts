import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { ACTIVE_TODAY_HOURS, ACTIVE_WEEK_DAYS, ONLINE_NOW_MINUTES } from "../../../common/activity";
import { FREE_VISIBLE_PHOTOS } from "../../../common/constants";
import { type Db, rowsOf } from "../../db/client";
import { blocks, photos, profiles, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { Coordinates } from "../../geo/places";
import { type MainPhoto, mainPhotoColumns, type ProfileRow } from "../auth/auth.repo";

// Who may see whom, in one place (in the spirit of Immich's access layer). Every feature takes its
// rules from here: SQL fragments for lists ("listed", "not blocked either way"), the facts and the
// assert... checks for single objects, and the order that decides which photos are locked. Only this
// module (with accessRestrictions.ts for bans and suspensions) reads the blocks table and the columns
// that decide visibility; src/server/architecture.test.ts keeps it so.

/** Who is looking: a member (id) or a visitor (null), on which site, premium or not. */
export interface Viewer {
  id: number | null;
  siteId: number;
  paid: boolean;
  /** Where the viewer lives (their town's coordinates), for distances; unknown for visitors. */
  place?: Coordinates | null;
}

/** A value or SQL expression a fragment compares with (a member id, a column, a placeholder). */
type Operand = unknown;

const dialect = new PgDialect();
/** A fragment as SQL text, for the named prepared statements written as text. */
const textOf = (fragment: SQL): string => dialect.sqlToQuery(fragment).sql;

// ---------------------------------------------------------------------------------------------------
// Profiles in lists

/**
 * Members anyone may find in lists (search, swipe, landing pages, automatic likes): the profile is
 * enabled (not disabled, banned, suspended or leaving: all of these disable it) and not invisible.
 * Literals, not parameters, so that the planner matches the partial search indexes. `p` names the
 * profiles row (default: the `profiles` table of a Drizzle query). The triggers that keep the search
 * tallies (migration 0027, members/searchTallies.ts) write the same rule in SQL;
 * tests/integration/searchTallies.test.ts compares their tallies with this fragment.
 */
export const listedSql = (p = '"profiles"'): SQL => sql.raw(`${p}.status = 'enabled' AND NOT ${p}.invisible`);
export const listedText = (p: string): string => textOf(listedSql(p));

/**
 * Members that those who already know them (likes, chats, notifications) still see: the profile is
 * enabled. Invisible members stay: invisible mode only takes a member out of lists.
 */
export const reachableSql = (p = '"profiles"'): SQL => sql.raw(`${p}.status = 'enabled'`);
export const reachableText = (p: string): string => textOf(reachableSql(p));

/** The columns that decide what a member card tells about activity (profileDto's shownActivity). */
export const activityFactsColumns = { invisible: profiles.invisible, showActivity: profiles.showActivity, lastActiveAt: profiles.lastActiveAt };
export const activityFactsText = (p: string): string => `${p}.invisible, ${p}.show_activity, ${p}.last_active_at`;

/**
 * SQL text: what a card tells of the member's activity at the time `now` (SQL text of a timestamptz,
 * "$2"), as a number: 0 nothing, 1 online, 2 today, 3 this week; the same rule as common/activity.ts's
 * activityOf with profileDto's shownActivity, on the time cut to milliseconds as JavaScript reads it.
 * For stamps of kept answers: it changes only when the card's activity does, not with every visit.
 */
export const shownActivityText = (p: string, now: string): string =>
  `CASE WHEN ${p}.invisible OR NOT ${p}.show_activity OR ${p}.last_active_at IS NULL THEN 0
    WHEN ${now}::timestamptz - date_trunc('milliseconds', ${p}.last_active_at) < interval '${ONLINE_NOW_MINUTES} minutes' THEN 1
    WHEN ${now}::timestamptz - date_trunc('milliseconds', ${p}.last_active_at) < interval '${ACTIVE_TODAY_HOURS} hours' THEN 2
    WHEN ${now}::timestamptz - date_trunc('milliseconds', ${p}.last_active_at) < interval '${ACTIVE_WEEK_DAYS} days' THEN 3 ELSE 0 END`;

// ---------------------------------------------------------------------------------------------------
// Blocks

/**
 * SQL: either member blocked the other. One lookup each way (the primary key of blocks, and
 * blocks_blocked_idx), not one EXISTS with an OR: over a list, PostgreSQL then makes each an anti
 * join it reads once, where the OR made it scan blocks again for every row (100 times a search page).
 */
export const blockedEitherWaySql = (a: Operand, b: Operand): SQL =>
  sql`(EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${a} AND b.blocked_id = ${b}) OR EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${b} AND b.blocked_id = ${a}))`;
/** SQL: neither member blocked the other. */
export const notBlockedEitherWaySql = (a: Operand, b: Operand): SQL => sql`NOT ${blockedEitherWaySql(a, b)}`;
/** notBlockedEitherWaySql as text, for prepared statements: `a` and `b` are SQL text ("$1", "p.id"). */
export const notBlockedEitherWayText = (a: string, b: string): string => textOf(notBlockedEitherWaySql(sql.raw(a), sql.raw(b)));

/**
 * SQL: the `profiles` row of a Drizzle query is a member `viewerId` may find in a list: listed, and
 * neither blocked the other (swipe cards, automatic likes). Search reads the viewer's few blocks
 * once instead (blockedIds), so that its counts can be shared by every viewer.
 */
export const visibleInListsSql = (viewerId: number): SQL => sql`${listedSql()} AND ${notBlockedEitherWaySql(viewerId, profiles.id)}`;

/** SQL: `blocker` blocked `blocked`. */
export const blockedBySql = (blocker: Operand, blocked: Operand): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${blocker} AND blocked_id = ${blocked})`;

/**
 * Text of a subquery with one row, `stamp`: a hash over the row versions of the member's blocks
 * either way, which changes with any block or unblock (for caches of lists that leave blocked
 * members out). `member` is SQL text ("$1").
 */
export const blocksStampText = (member: string): string =>
  `SELECT count(*) || ':' || coalesce(bit_xor(hashtextextended(blocker_id || ':' || blocked_id || ':' || xmin, 0)), 0) AS stamp
        FROM blocks WHERE blocker_id = ${member} OR blocked_id = ${member}`;

/**
 * Text of a subquery: the ids of the members `member` blocked or was blocked by (blockedIds in SQL,
 * both lookups by index). `member` is SQL text ("$2"); a NULL member (a visitor) gives no rows.
 */
export const blockedIdsText = (member: string): string =>
  `SELECT CASE WHEN blocker_id = ${member} THEN blocked_id ELSE blocker_id END FROM blocks WHERE blocker_id = ${member} OR blocked_id = ${member}`;

/**
 * SQL: member `m` (a column or value) may still be shown to people outside the site who were told of
 * them by another member (a shared date, features/dateShares): their profile is enabled (not banned,
 * suspended or disabled) and their account is not being deleted.
 */
export const inGoodStandingSql = (m: Operand): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM profiles gp JOIN users gu ON gu.id = gp.id WHERE gp.id = ${m} AND ${reachableSql("gp")} AND gu.deletion_requested_at IS NULL)`;

/** Members the viewer blocked or was blocked by: they never see each other. */
export async function blockedIds(db: Db, viewerId: number | null): Promise<number[]> {
  if (viewerId === null) return [];
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, viewerId)));
  return rows.map((r) => (r.blockerId === viewerId ? r.blockedId : r.blockerId));
}

/** Records that `blockerId` blocks `blockedId` (nothing when it is recorded already). */
export async function addBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function removeBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** The members a member blocked, newest first, with their names (also for the member's data download). */
export async function blocksMadeBy(db: Db, memberId: number): Promise<Array<{ member_id: number; name: string | null; created_at: Date | string }>> {
  return rowsOf(
    await db.execute(sql`SELECT b.blocked_id AS member_id, p.name, b.created_at
      FROM blocks b LEFT JOIN profiles p ON p.id = b.blocked_id WHERE b.blocker_id = ${memberId} ORDER BY b.created_at DESC`),
  );
}

// ---------------------------------------------------------------------------------------------------
// Single members

export interface VisibleProfile {
  profile: ProfileRow;
  mainPhoto: MainPhoto | null;
  /** The viewer has blocked this member (they may still open the page to unblock). */
  blockedByViewer: boolean;
  /** Demo and fictional members cannot log in; the site operates them. */
  operated: boolean;
}

/** What decides whether a viewer may reach a member (the profile found on the viewer's site, or none). */
export interface VisibilityFacts {
  id: number;
  name: string;
  status: string;
  invisible: boolean;
  deletionRequestedAt: Date | null;
  /** The member blocked the viewer. */
  blockedViewer: boolean;
  /** The member liked the viewer (which shows an invisible member to them). */
  likesViewer: boolean;
}

/**
 * The columns of VisibilityFacts for the `profiles` row of a query (joined with its `users` row), as
 * `viewer` (a member id or placeholder; null for a visitor) sees it: for queries that read the facts
 * along with others (a profile, a photo file, a chat photo, a message's recipient).
 */
export function visibilityFactsColumns(viewer: Operand | null, member: Operand = profiles.id) {
  return {
    id: profiles.id,
    name: profiles.name,
    status: profiles.status,
    invisible: profiles.invisible,
    deletionRequestedAt: users.deletionRequestedAt,
    blockedViewer: viewer !== null ? blockedBySql(member, viewer) : sql<boolean>`false`,
    likesViewer: viewer !== null ? sql<boolean>`EXISTS (SELECT 1 FROM likes WHERE liker_id = ${member} AND liked_id = ${viewer})` : sql<boolean>`false`,
  };
}

/** Why the viewer may not reach the member, or null when they may (the rules of assertVisible). */
function refusalOf(facts: VisibilityFacts | undefined, viewer: Viewer): "not_found" | "blocked_by" | null {
  if (facts?.status !== "enabled" || facts.deletionRequestedAt !== null) return "not_found";
  if (facts.invisible && !facts.likesViewer && facts.id !== viewer.id) return "not_found";
  return facts.blockedViewer ? "blocked_by" : null;
}

/**
 * The rules of findVisibleProfile, for a query that reads the same facts along with others. Not
 * found: unknown, on another site, disabled (banned, suspended, not activated), leaving, or invisible
 * (unless they liked the viewer). Blocked by them: 403 with their name.
 */
export function assertVisible(facts: VisibilityFacts | undefined, viewer: Viewer): asserts facts is VisibilityFacts {
  const refusal = refusalOf(facts, viewer);
  if (refusal === "blocked_by") throw new AppError(403, "blocked_by", { name: facts?.name ?? "" });
  if (refusal) throw new AppError(404, "not_found");
}

/** assertVisible as yes or no: for files, which are simply not found when the viewer may not have them. */
export function isVisible(facts: VisibilityFacts | undefined, viewer: Viewer): facts is VisibilityFacts {
  return refusalOf(facts, viewer) === null;
}

/**
 * Another member as the viewer may reach them, for every call that takes a member id. Not found:
 * unknown, on another site, disabled (not activated, banned, suspended or deleted), or invisible
 * (unless they liked the viewer, which shows them). Blocked by them: 403 with their name.
 */
export async function findVisibleProfile(db: Db, viewer: Viewer, targetId: number): Promise<VisibleProfile> {
  const [row] = await db
    .select({
      profile: profiles,
      mainPhoto: mainPhotoColumns,
      canLogin: users.canLogin,
      facts: visibilityFactsColumns(viewer.id, targetId),
      blockedByViewer: viewer.id ? blockedBySql(viewer.id, targetId) : sql<boolean>`false`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(eq(profiles.id, targetId), eq(profiles.siteId, viewer.siteId)));
  if (!row) throw new AppError(404, "not_found");
  assertVisible(row.facts, viewer);
  return { profile: row.profile, mainPhoto: row.mainPhoto?.id ? row.mainPhoto : null, blockedByViewer: row.blockedByViewer, operated: !row.canLogin };
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** What deciding whether a member may write to another needs, read in one round trip (chat.repo's findWriteTarget). */
export interface WriteTarget {
  /** The recipient's account, on any site (null: unknown id). */
  account: { siteId: number; status: string; name: string } | null;
  /** The recipient's profile as visibility rules see it, when it is on the writer's site. */
  visibility: VisibilityFacts | undefined;
  /** The writer has blocked the recipient. */
  blockedByWriter: boolean;
  /** The two already have a conversation. */
  hasConversation: boolean;
}

/** The objects a member writes to (or changes), with the facts that decide whether they may. */
export type Writable =
  /** Another member, written to (a message): visible to the writer, not blocked by the writer. */
  | { member: WriteTarget }
  /** A conversation, written to or changed: on the viewer's site, and the viewer is one of its two members. */
  | { conversation: { siteId: number; memberA: number; memberB: number } | null | undefined }
  /** A profile photo, changed or deleted: the viewer's own. */
  | { photo: { profileId: number } | null | undefined };

/**
 * Refuses a write the viewer may not make, as each call that takes an id answers it: 404 for what the
 * viewer may not see or does not own, 403 blocked_by and partner_not_confirmed with the other's name.
 */
export function assertMayWrite(object: Writable, viewer: Viewer): void {
  if ("member" in object) {
    const target = object.member;
    // Until a member confirms the e-mail address, the other member cannot reply to them (their
    // profile is disabled until then, so this comes before "not found").
    if (target.hasConversation && target.account?.siteId === viewer.siteId && target.account.status === "not_confirmed") {
      throw new AppError(403, "partner_not_confirmed", { name: target.account.name });
    }
    assertVisible(target.visibility, viewer);
    if (target.blockedByWriter) throw new AppError(404, "not_found");
    return;
  }
  if ("conversation" in object) {
    const c = object.conversation;
    if (!c || viewer.id === null || c.siteId !== viewer.siteId || (c.memberA !== viewer.id && c.memberB !== viewer.id)) throw new AppError(404, "not_found");
    return;
  }
  if (!object.photo || viewer.id === null || object.photo.profileId !== viewer.id) throw new AppError(404, "not_found");
}

// ---------------------------------------------------------------------------------------------------
// Locked photos

/**
 * The one order of a member's approved photos, on the profile page and when a file is asked for: the
 * main photo first, then by position, upload time and id (a total order: no two photos tie). The
 * first FREE_VISIBLE_PHOTOS of it are unlocked for everyone. `ph` names the photos row.
 */
const photoOrderKey = (ph: string, mainPhotoId: Operand): SQL =>
  sql`(${sql.raw(ph)}.id IS DISTINCT FROM ${mainPhotoId}, ${sql.raw(ph)}.position, ${sql.raw(ph)}.created_at, ${sql.raw(ph)}.id)`;

type PhotoRow = typeof photos.$inferSelect;

/** A member's approved photos in the order that decides which are locked (index = rank). */
export async function rankedPhotos(db: Db, profileId: number, mainPhotoId: string | null): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, "approved")))
    .orderBy(photoOrderKey('"photos"', mainPhotoId));
}

/**
 * SQL: the rank of the `photos` row of a query (joined with its owner's `profiles` row) in
 * rankedPhotos' order: how many approved photos of the owner come before it.
 */
export const photoRankSql = (): SQL<number> =>
  sql<number>`(SELECT count(*)::int FROM photos o WHERE o.profile_id = ${photos.profileId} AND o.status = 'approved'
    AND ${photoOrderKey("o", profiles.mainPhotoId)} < ${photoOrderKey('"photos"', profiles.mainPhotoId)})`;

/** Whether the photo of this rank is locked for the viewer: beyond the free ones, for others than premium viewers and the owner. */
export function photoLocked(rank: number, ownerId: number, viewer: Viewer): boolean {
  return viewer.id !== ownerId && !viewer.paid && rank >= FREE_VISIBLE_PHOTOS;
}
