import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos, profiles, users } from "../../db/schema";
import { photoRankSql, visibilityFactsColumns } from "../members/access";
import type { StoredPhoto } from "./processPhoto";

export type PhotoRow = typeof photos.$inferSelect;

/** The member's own photos, except rejected ones: those are gone for the member, who is told why (photo notices). */
export async function ownPhotos(db: Db, profileId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, profileId), ne(photos.status, "rejected")))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

/**
 * Adds a photo unless the member already has `max`: the profile row is locked first, so that two
 * uploads at once cannot both pass the count. The first approved photo becomes the main one: the
 * main photo is what others see on cards and pages, so a photo waiting for pre-moderation becomes
 * main only when it is approved (photoModeration.repo.ts).
 */
export async function addPhoto(
  db: Db,
  profileId: number,
  stored: StoredPhoto,
  max: number,
  status: "approved" | "pending",
  modelFlagged = false,
): Promise<PhotoRow | null> {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.id, profileId)).for("update");
    const [{ n, last }] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${photos.position}), -1)` })
      .from(photos)
      .where(and(eq(photos.profileId, profileId), ne(photos.status, "rejected")));
    if (Number(n) >= max) return null;
    const [row] = await tx
      .insert(photos)
      .values({ ...stored, profileId, status, modelFlagged, position: Number(last) + 1 })
      .returning();
    if (!profile?.mainPhotoId && status === "approved") await tx.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.id, profileId));
    return row;
  });
}

/**
 * Deletes a photo when `assertMayRemove` lets the member (it throws otherwise, and nothing is
 * deleted); a deleted main photo passes the role to the next one. Returns the deleted row.
 */
export async function removePhoto(db: Db, photoId: string, assertMayRemove: (photo: PhotoRow | null) => void): Promise<PhotoRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(photos).where(eq(photos.id, photoId)).returning();
    assertMayRemove(row ?? null);
    const profileId = row.profileId;
    const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.id, profileId));
    if (profile?.mainPhotoId === photoId) {
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.profileId, profileId), eq(photos.status, "approved")))
        .orderBy(asc(photos.position))
        .limit(1);
      await tx
        .update(profiles)
        .set({ mainPhotoId: next?.id ?? null })
        .where(eq(profiles.id, profileId));
    }
    return row;
  });
}

/**
 * A photo by its id, with its owner's site, whether the owner may be seen by the viewer, and its rank
 * in the order that decides locked photos (members/access.ts): one round trip.
 */
export async function photoForServing(db: Db, photoId: string, viewerId: number | null) {
  const [row] = await db
    .select({ photo: photos, siteId: profiles.siteId, owner: visibilityFactsColumns(viewerId), rank: photoRankSql() })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(users, eq(users.id, photos.profileId))
    .where(eq(photos.id, photoId));
  return row ?? null;
}
