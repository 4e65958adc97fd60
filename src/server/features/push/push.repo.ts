import { and, desc, eq, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blockedEitherWaySql, reachableSql } from "../members/access";
import { conversationMembers, messages, photos, profiles, pushSubscriptions, sites, users } from "../../db/schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for the member. An endpoint known for another member moves to this
 * one only with the same auth secret (the same browser subscription, now used by another member who
 * logged in there); answers false, storing nothing, when another member holds it with another secret.
 */
export async function upsertSubscription(db: Db, userId: number, sub: { endpoint: string; p256dh: string; auth: string }): Promise<boolean> {
  const stored = await db
    .insert(pushSubscriptions)
    .values({ userId, ...sub })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sub.p256dh, auth: sub.auth, createdAt: sql`now()` },
      setWhere: or(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.auth, sub.auth)),
    })
    .returning({ endpoint: pushSubscriptions.endpoint });
  return stored.length > 0;
}

/** Keeps only the member's `keep` newest subscriptions (old browsers that never said goodbye). */
export async function trimSubscriptions(db: Db, userId: number, keep: number): Promise<void> {
  const newest = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.endpoint, newest)));
}

/** Removes the member's subscription of this endpoint; answers whether there was one. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return rows.length > 0;
}

/** Removes every browser of the member (an account secured after a takeover: the intruder's browser too). */
export async function deleteSubscriptionsOf(db: Db, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Removes a subscription the push service called gone, unless the browser meanwhile subscribed again with new keys. */
export async function deleteGoneSubscription(db: Db, endpoint: string, p256dh: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.p256dh, p256dh)));
}

/** The member's subscriptions, or only the one of `endpoint`. */
export async function subscriptionsOf(db: Db, userId: number, endpoint?: string): Promise<PushSubscriptionRow[]> {
  const where = endpoint ? and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)) : eq(pushSubscriptions.userId, userId);
  return db.select().from(pushSubscriptions).where(where);
}

/** What a push needs of the member who is told. */
export async function findPushRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      siteId: users.siteId,
      language: users.language,
      canLogin: users.canLogin,
      deletionRequestedAt: users.deletionRequestedAt,
      site: { domain: sites.domain, settings: sites.settings },
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The member who wrote or liked, as the recipient `to` may be told of them: name, site, whether they
 * may still be seen (access.ts: profile enabled, no block either way), and their main photo's thumbnail.
 */
export async function findPushSender(db: Db, userId: number, to: number) {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      siteId: profiles.siteId,
      reachable: sql<boolean>`${reachableSql()}`,
      blocked: blockedEitherWaySql(to, userId),
      photoStatus: photos.status,
      thumbFilename: photos.thumbFilename,
    })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.id, userId));
  return row ?? null;
}

/** A message of a conversation, with how far the recipient has read it (null when they are no member of it). */
export async function findPushMessage(db: Db, messageId: number, conversationId: number, recipientId: number) {
  const [row] = await db
    .select({
      senderId: messages.senderId,
      kind: messages.kind,
      body: messages.body,
      attachment: messages.attachment,
      createdAt: messages.createdAt,
      readUpTo: conversationMembers.readUpTo,
    })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.memberId, recipientId)))
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row ?? null;
}
