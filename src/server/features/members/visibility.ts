import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocks, likes, photos, profiles, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { Coordinates } from "../../geo/places";
import { type MainPhoto, mainPhotoColumns, type ProfileRow } from "../auth/auth.repo";

/** Who is looking: a member (id) or a visitor (null), on which site, premium or not. */
export interface Viewer {
  id: number | null;
  siteId: number;
  paid: boolean;
  /** Where the viewer lives (their town's coordinates), for distances; unknown for visitors. */
  place?: Coordinates | null;
}

/** Members the viewer blocked or was blocked by: they never see each other. */
export async function blockedIds(db: Db, viewerId: number | null): Promise<number[]> {
  if (viewerId === null) return [];
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, viewerId)));
  return rows.map((r) => (r.blockerId === viewerId ? r.blockedId : r.blockerId));
}

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
 * `viewerId` sees it: for queries that read the facts along with others (a photo file, a chat photo).
 */
export function visibilityFactsColumns(viewerId: number | null) {
  return {
    id: profiles.id,
    name: profiles.name,
    status: profiles.status,
    invisible: profiles.invisible,
    deletionRequestedAt: users.deletionRequestedAt,
    blockedViewer: viewerId ? sql<boolean>`EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${profiles.id} AND blocked_id = ${viewerId})` : sql<boolean>`false`,
    likesViewer: viewerId ? sql<boolean>`EXISTS (SELECT 1 FROM likes WHERE liker_id = ${profiles.id} AND liked_id = ${viewerId})` : sql<boolean>`false`,
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
 * found: unknown, on another site, disabled, leaving, or invisible (unless they liked the viewer).
 * Blocked by them: 403 with their name.
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
 * unknown, on another site, disabled (not activated or deleted), or invisible (unless they liked the
 * viewer, which shows them). Blocked by them: 403 with their name.
 */
export async function findVisibleProfile(db: Db, viewer: Viewer, targetId: number): Promise<VisibleProfile> {
  const [row] = await db
    .select({
      profile: profiles,
      mainPhoto: mainPhotoColumns,
      canLogin: users.canLogin,
      deletionRequestedAt: users.deletionRequestedAt,
      blockedViewer: viewer.id
        ? sql<boolean>`EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${targetId} AND blocked_id = ${viewer.id})`
        : sql<boolean>`false`,
      blockedByViewer: viewer.id
        ? sql<boolean>`EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${viewer.id} AND blocked_id = ${targetId})`
        : sql<boolean>`false`,
      likesViewer: viewer.id ? sql<boolean>`EXISTS (SELECT 1 FROM likes WHERE liker_id = ${targetId} AND liked_id = ${viewer.id})` : sql<boolean>`false`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(eq(profiles.id, targetId), eq(profiles.siteId, viewer.siteId)));
  assertVisible(row && { ...row.profile, deletionRequestedAt: row.deletionRequestedAt, blockedViewer: row.blockedViewer, likesViewer: row.likesViewer }, viewer);
  return { profile: row.profile, mainPhoto: row.mainPhoto?.id ? row.mainPhoto : null, blockedByViewer: row.blockedByViewer, operated: !row.canLogin };
}

/** True when a like from `likerId` to `likedId` exists. */
export async function likeExists(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return Boolean(row);
}
