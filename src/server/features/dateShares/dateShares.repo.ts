import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type DateShareRow, dateShares, photos, profiles } from "../../db/schema";
import { blockedEitherWaySql, inGoodStandingSql } from "../members/access";
import { alias } from "drizzle-orm/pg-core";

// The queries of Share my date (dateShares.service.ts).

export type NewDateShare = Pick<
  DateShareRow,
  "siteId" | "sharerId" | "partnerId" | "conversationId" | "tokenHash" | "place" | "startsAt" | "note" | "expiresAt"
>;

export async function insertDateShare(db: Db, values: NewDateShare): Promise<DateShareRow> {
  const [row] = await db.insert(dateShares).values(values).returning();
  return row;
}

/** How many of the member's links work at `now`. */
export async function countLiveShares(db: Db, sharerId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dateShares)
    .where(and(eq(dateShares.sharerId, sharerId), isNull(dateShares.revokedAt), gt(dateShares.expiresAt, now)));
  return Number(row?.n ?? 0);
}

/** The member's working links of one conversation, the soonest date first. */
export async function liveSharesOf(db: Db, sharerId: number, conversationId: number, now: Date): Promise<DateShareRow[]> {
  return db
    .select()
    .from(dateShares)
    .where(and(eq(dateShares.sharerId, sharerId), eq(dateShares.conversationId, conversationId), isNull(dateShares.revokedAt), gt(dateShares.expiresAt, now)))
    .orderBy(dateShares.startsAt, desc(dateShares.id));
}

/** Revokes one of the member's links; false when they have no such link (or it was revoked before). */
export async function revokeShare(db: Db, sharerId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(dateShares)
    .set({ revokedAt: new Date() })
    .where(and(eq(dateShares.id, id), eq(dateShares.sharerId, sharerId), isNull(dateShares.revokedAt)))
    .returning({ id: dateShares.id });
  return rows.length > 0;
}

const sharer = alias(profiles, "sharer");
const partner = alias(profiles, "partner");

/** A share by its token's hash, with what its page shows and the facts that decide how much it shows. */
export async function findShareByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      share: dateShares,
      sharerName: sharer.name,
      partnerName: partner.name,
      partnerPhotoId: photos.id,
      sharerInGoodStanding: inGoodStandingSql(dateShares.sharerId),
      partnerInGoodStanding: inGoodStandingSql(dateShares.partnerId),
      blockedEitherWay: sql<boolean>`${blockedEitherWaySql(dateShares.sharerId, dateShares.partnerId)}`,
    })
    .from(dateShares)
    .innerJoin(sharer, eq(sharer.id, dateShares.sharerId))
    .innerJoin(partner, eq(partner.id, dateShares.partnerId))
    // The main photo only, and only once approved: never a photo waiting for moderation or a locked one.
    .leftJoin(photos, and(eq(photos.id, partner.mainPhotoId), eq(photos.profileId, partner.id), eq(photos.status, "approved")))
    .where(eq(dateShares.tokenHash, tokenHash));
  return row ?? null;
}

/** The stored file name of a share's photo (the partner's main photo, its square "match" copy). */
export async function photoFileOf(db: Db, photoId: string): Promise<string | null> {
  const [row] = await db.select({ file: photos.matchFilename }).from(photos).where(eq(photos.id, photoId));
  return row?.file ?? null;
}

/**
 * Forgets links that stopped working more than `days` days ago (revoked or expired): once the friend
 * has been told for a while that the link no longer works, nothing of the date needs keeping.
 */
export async function purgeOldShares(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const gone = await db
    .delete(dateShares)
    .where(or(lt(dateShares.expiresAt, before), lt(dateShares.revokedAt, before)))
    .returning({ id: dateShares.id });
  return gone.length;
}
