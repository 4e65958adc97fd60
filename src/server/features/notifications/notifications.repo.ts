import { and, eq, sql } from "drizzle-orm";
import { type Db, preparedRows } from "../../db/client";
import { type NotificationDisabledReason, profiles, sites, users } from "../../db/schema";
import { jobsPart } from "../../jobs/queue";
import { blockedEitherWaySql, reachableSql } from "../members/access";
import { MAIL_JOB, MAIL_JOB_ATTEMPTS } from "../../mail/enqueueMail";

/**
 * A message's mail is still to be sent (with `read_up_to <` the message): no mail went out since the
 * member last read the conversation.
 */
const NOT_NOTIFIED_SINCE_READ = "notified_up_to <= read_up_to";

/**
 * What deciding a notification mail needs, in one query: the member who is told, the name of the
 * member it is about (null when the recipient could not see them: a disabled profile, e-mail not
 * confirmed yet or leaving, is not announced), whether either blocked the other, and for a message
 * whether its mail is still open (one mail per conversation until read; claimed for good by
 * queueNotificationMail). Null for an unknown recipient.
 */
export async function findNotificationFacts(db: Db, to: number, from: number, message?: { conversation: number; id: number }) {
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
      partner: sql<string | null>`(SELECT p.name FROM profiles p WHERE p.id = ${from} AND ${reachableSql("p")})`,
      blocked: sql<boolean>`${blockedEitherWaySql(to, from)}`,
      mailOpen: message
        ? sql<boolean>`EXISTS (SELECT 1 FROM conversation_members WHERE conversation_id = ${message.conversation} AND member_id = ${to} AND read_up_to < ${message.id} AND ${sql.raw(NOT_NOTIFIED_SINCE_READ)})`
        : sql<boolean>`true`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, to));
  return row ?? null;
}

/**
 * Queues a notification mail in one statement, which is its own transaction: for a message, first
 * claims its mail (the conversation's mail still open, see findNotificationFacts; a concurrent claim
 * waits and then finds it taken), then stores the one-time login link of the mail's button and queues
 * the mail job. Answers whether the mail was queued.
 */
export async function queueNotificationMail(
  db: Db,
  q: { to: number; loginTokenHash: string; loginExpiresAt: Date; mail: Record<string, unknown>; message?: { conversation: number; id: number } },
): Promise<boolean> {
  const [row] = await preparedRows<{ queued: number }>(db, "notification_mail_queue", QUEUE_NOTIFICATION_MAIL, [
    q.to,
    q.loginTokenHash,
    q.loginExpiresAt.toISOString(),
    JSON.stringify(q.mail),
    q.message !== undefined,
    q.message?.conversation ?? null,
    q.message?.id ?? null,
  ]);
  return row.queued > 0;
}

const QUEUE_NOTIFICATION_MAIL = `
  WITH claimed AS (
    UPDATE conversation_members SET notified_up_to = $7
    WHERE $5::boolean AND conversation_id = $6 AND member_id = $1 AND read_up_to < $7 AND ${NOT_NOTIFIED_SINCE_READ}
    RETURNING 1),
  go AS (
    SELECT 1 FROM claimed UNION ALL SELECT 1 WHERE NOT $5::boolean),
  token AS (
    INSERT INTO email_tokens (token_hash, user_id, kind, expires_at)
    SELECT $2, $1, 'login', $3::timestamptz FROM go),
  ${jobsPart("mail", [{ kind: MAIL_JOB, payload: "$4::jsonb", maxAttempts: MAIL_JOB_ATTEMPTS, from: "go" }])}
  SELECT count(*)::int AS queued FROM mail`;

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
