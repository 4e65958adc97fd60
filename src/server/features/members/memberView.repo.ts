import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likes, photos } from "../../db/schema";

/** A member's approved photos in their order. */
export async function listPhotos(db: Db, profileId: number) {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, "approved")))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db
    .update(likes)
    .set({ seen: true })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), eq(likes.seen, false)));
}
