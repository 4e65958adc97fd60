import { and, desc, eq, getTableColumns, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberRestrictions, sessions } from "../../db/schema";
import { AppError } from "../../errors";

// Bans and suspensions, the part of the access module (access.ts) that reads and writes them. While
// one is in force the member's profile is 'disabled': the status that search, likes, chats, visits and
// every visibility check of access.ts already honour, as they do for a member who is leaving.
// Whatever turns a profile back on goes through restoreProfileStatus, so that nothing brings a
// restricted profile back.

/** A restriction, with the key of the appeal form while the decision that imposed it can be appealed. */
export type RestrictionRow = typeof memberRestrictions.$inferSelect & { appealKey: string | null };

/** SQL: the member `userId` (an SQL expression) has a ban or suspension in force. */
export const restrictedSql = (userId: unknown) =>
  sql`EXISTS (SELECT 1 FROM member_restrictions r WHERE r.user_id = ${userId} AND r.lifted_at IS NULL AND (r.until IS NULL OR r.until > now()))`;

const inForce = and(isNull(memberRestrictions.liftedAt), or(isNull(memberRestrictions.until), gt(memberRestrictions.until, sql`now()`)));

/** The ban or suspension in force for a member (a ban before a suspension, then the latest), or null. */
export async function restrictionInForce(db: Db, userId: number): Promise<RestrictionRow | null> {
  const [row] = await db
    .select({
      ...getTableColumns(memberRestrictions),
      appealKey: sql<
        string | null
      >`(SELECT d.appeal_key FROM report_decisions d WHERE d.restriction_id = "member_restrictions"."id" AND d.appealed_at IS NULL)`,
    })
    .from(memberRestrictions)
    .where(and(eq(memberRestrictions.userId, userId), inForce))
    .orderBy(sql`${memberRestrictions.until} IS NULL DESC`, desc(memberRestrictions.until));
  return row ?? null;
}

/** The restriction in force of the member whose session (live or ended) has this token hash. */
export async function restrictionOfSession(db: Db, tokenHash: string): Promise<RestrictionRow | null> {
  const [session] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return session ? restrictionInForce(db, session.userId) : null;
}

/** The answer to a restricted member: 403 with the reason (and the end of a suspension), shown on /pages/ban. */
export function restrictedError(row: RestrictionRow): AppError {
  const appeal: Record<string, string> = row.appealKey ? { appeal: row.appealKey } : {};
  if (row.kind === "ban" || !row.until) return new AppError(403, "account_banned", { reason: row.reason, ...appeal });
  return new AppError(403, "account_suspended", { reason: row.reason, until: row.until.toISOString(), ...appeal });
}

/** Refuses a new session to a banned or suspended member (login, login links, password reset). */
export async function assertNotRestricted(db: Db, userId: number): Promise<void> {
  const row = await restrictionInForce(db, userId);
  if (row) throw restrictedError(row);
}

/** Records a ban (no `until`) or a suspension; returns its id. */
export async function addRestriction(db: Db, order: { memberId: number; operatorId: number; reason: string; until: Date | null }): Promise<number> {
  const [row] = await db
    .insert(memberRestrictions)
    .values({ userId: order.memberId, kind: order.until ? "suspension" : "ban", reason: order.reason, until: order.until, operatorId: order.operatorId })
    .returning({ id: memberRestrictions.id });
  return row.id;
}

/** Ends every ban and suspension of the member in force now (or only `restrictionId`); returns the ids of those it ended. */
export async function liftRestrictions(db: Db, memberId: number, restrictionId?: number): Promise<number[]> {
  const rows = await db
    .update(memberRestrictions)
    .set({ liftedAt: new Date() })
    .where(and(eq(memberRestrictions.userId, memberId), restrictionId === undefined ? undefined : eq(memberRestrictions.id, restrictionId), inForce))
    .returning({ id: memberRestrictions.id });
  return rows.map((r) => r.id);
}

/** Takes the profile off the site (a new ban or suspension). */
export async function hideProfile(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE profiles SET status = 'disabled' WHERE id = ${userId}`);
}

/**
 * Puts the profile back on the site where its facts allow: a confirmed address, not leaving, no ban or
 * suspension in force; otherwise it stays (or becomes) disabled. Returns whether it is enabled now.
 */
export async function restoreProfileStatus(db: Db, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE profiles p SET status = CASE
      WHEN u.status = 'confirmed' AND u.deletion_requested_at IS NULL AND NOT ${restrictedSql(sql`u.id`)} THEN 'enabled' ELSE 'disabled' END
    FROM users u WHERE u.id = p.id AND p.id = ${userId}
    RETURNING p.status`);
  const rows = (result as unknown as { rows: { status: string }[] }).rows;
  return rows[0]?.status === "enabled";
}
