import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { PhotoRejectionReason } from "../../../common/photoModeration";
import type { Db } from "../../db/client";
import { photos, profiles, sites, users } from "../../db/schema";

/** Photos nobody has decided yet, oldest first: pending ones (pre-moderation) and shown ones (post). */
const waiting = and(isNull(photos.decidedAt), ne(photos.status, "rejected"));

export async function waitingCount(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(photos).where(waiting);
  return Number(n);
}

/** The oldest waiting photos with their member and site. */
export async function oldestWaiting(db: Db, limit: number) {
  return db
    .select({
      photo: photos,
      member: {
        id: profiles.id,
        name: profiles.name,
        gender: profiles.gender,
        dateOfBirth: profiles.dateOfBirth,
        country: profiles.country,
        city: profiles.city,
        personalText: profiles.personalText,
        signupDate: users.signupDate,
      },
      site: { domain: sites.domain, settings: sites.settings },
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(users, eq(users.id, photos.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .where(waiting)
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(limit);
}

/** Every photo of these members (rejected ones too, which a moderator should see), in profile order. */
export async function photosOf(db: Db, profileIds: number[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({ id: photos.id, profileId: photos.profileId, status: photos.status })
    .from(photos)
    .where(inArray(photos.profileId, profileIds))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

export type PhotoDecision = { decision: "approve" } | { decision: "reject"; reason: PhotoRejectionReason };

/**
 * Decides a waiting photo in the caller's transaction; null when there is none by that id (unknown,
 * or decided by someone else first: the row is changed only while undecided). An approved photo
 * becomes the main one when the member has none; a rejected main photo passes the role on.
 */
export async function decidePhoto(tx: Db, photoId: string, operatorId: number, d: PhotoDecision) {
  const [row] = await tx
    .update(photos)
    .set({
      status: d.decision === "approve" ? "approved" : "rejected",
      rejectionReason: d.decision === "reject" ? d.reason : null,
      decidedAt: new Date(),
      decidedBy: operatorId,
    })
    .where(and(eq(photos.id, photoId), waiting))
    .returning();
  if (!row) return null;
  const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.id, row.profileId)).for("update");
  if (d.decision === "approve" && !profile?.mainPhotoId) {
    await tx.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.id, row.profileId));
  } else if (d.decision === "reject" && profile?.mainPhotoId === row.id) {
    const [next] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.profileId, row.profileId), eq(photos.status, "approved")))
      .orderBy(asc(photos.position))
      .limit(1);
    await tx
      .update(profiles)
      .set({ mainPhotoId: next?.id ?? null })
      .where(eq(profiles.id, row.profileId));
  }
  return row;
}

/** A photo's stored file names, whatever its status. */
export async function photoFiles(db: Db, photoId: string) {
  const [row] = await db.select({ filename: photos.filename, thumbFilename: photos.thumbFilename }).from(photos).where(eq(photos.id, photoId));
  return row ?? null;
}

/** The member and site a photo belongs to, for the mail about it. */
export async function photoOwner(tx: Db, profileId: number) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, language: users.language, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, profileId));
  return row ?? null;
}

/** What the member is told about their photos: how many are in review, which rejections they have not closed. */
export async function photoNoticesOf(db: Db, profileId: number) {
  const rows = await db
    .select({ id: photos.id, status: photos.status, reason: photos.rejectionReason, decidedAt: photos.decidedAt })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), sql`(${photos.status} = 'pending' OR (${photos.status} = 'rejected' AND ${photos.rejectionSeenAt} IS NULL))`))
    .orderBy(asc(photos.decidedAt));
  return rows;
}

/** The member closed the notice of a rejection; false when it is not theirs or not rejected. */
export async function markRejectionSeen(db: Db, profileId: number, photoId: string): Promise<boolean> {
  const rows = await db
    .update(photos)
    .set({ rejectionSeenAt: new Date() })
    .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId), eq(photos.status, "rejected")))
    .returning({ id: photos.id });
  return rows.length > 0;
}
