import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocks, conversationMembers, type NotificationDisabledReason, profiles, sites, users } from "../../db/schema";

/** What a notification needs of the member who is told. */
export async function findRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      status: users.status,
      canLogin: users.canLogin,
      deletionRequestedAt: users.deletionRequestedAt,
      notificationsDisabled: users.notificationsDisabled,
      notifyMessages: users.notifyMessages,
      notifyLikes: users.notifyLikes,
      notifyMatches: users.notifyMatches,
      name: profiles.name,
      site: sites,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The name of the member a notification is about, or null when the recipient could not see them:
 * a disabled profile (e-mail not confirmed yet, or leaving) is not announced.
 */
export async function findVisibleSenderName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: profiles.name, status: profiles.status }).from(profiles).where(eq(profiles.id, userId));
  return row?.status === "enabled" ? row.name : null;
}

export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}

/**
 * Claims the e-mail about `messageId` for the member: true only when the message is still unread and
 * no mail went out since the member last read the conversation (one mail per conversation until read).
 */
export async function claimMessageMail(db: Db, conversationId: number, memberId: number, messageId: number): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({ notifiedUpTo: messageId })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.memberId, memberId),
        sql`${conversationMembers.readUpTo} < ${messageId}`,
        sql`${conversationMembers.notifiedUpTo} <= ${conversationMembers.readUpTo}`,
      ),
    )
    .returning({ id: conversationMembers.conversationId });
  return rows.length > 0;
}

/** Adds a reason to the member's disabled notifications (once); answers whether it was new. */
export async function disableNotifications(db: Db, userId: number, reason: NotificationDisabledReason): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ notificationsDisabled: sql`${users.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb` })
    .where(and(eq(users.id, userId), sql`NOT ${users.notificationsDisabled} ? ${reason}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Members of a site (or of every site) with this address, for bounces and complaints. */
export async function usersByEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return rows.map((r) => r.id);
}
