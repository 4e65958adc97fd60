import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { MemberHit } from "../../../common/schemas/console";
import type { Db } from "../../db/client";
import { auditLog, creditLedger, messages, operators, payments, photos, profiles, sessions, sites, users } from "../../db/schema";
import { restrictedSql } from "../members/accessRestrictions";

const HITS = 20;
const HISTORY = 50;

/** Members of every site by id (digits), e-mail (with @: the start of the address) or name (a part of it). */
export async function searchMembers(db: Db, q: string): Promise<MemberHit[]> {
  const text = q.trim();
  const like = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  const where = /^\d{1,10}$/.test(text)
    ? eq(users.id, Number(text))
    : text.includes("@")
      ? sql`lower(${users.email}) LIKE ${`${like.toLowerCase()}%`}`
      : sql`${profiles.name} ILIKE ${`%${like}%`}`;
  const rows = await db
    .select({
      id: users.id,
      site: sites.domain,
      email: users.email,
      name: profiles.name,
      status: profiles.status,
      restricted: sql<boolean>`${restrictedSql(users.id)}`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(where)
    .orderBy(desc(users.id))
    .limit(HITS);
  return rows;
}

export async function findMemberFacts(db: Db, memberId: number) {
  const [row] = await db
    .select({ user: users, profile: profiles, site: sites.domain })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, memberId));
  return row ?? null;
}

export function memberPhotos(db: Db, memberId: number) {
  return db
    .select({ id: photos.id, status: photos.status, createdAt: photos.createdAt })
    .from(photos)
    .where(eq(photos.profileId, memberId))
    .orderBy(photos.position);
}

/** How many of the member's messages had scam signals (asking for money, another app, a phone number). */
export async function memberScamMessages(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.senderId, memberId), sql`${messages.scamSignals} <> 0`));
  return row?.n ?? 0;
}

export function memberLedger(db: Db, memberId: number) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, memberId)).orderBy(desc(creditLedger.id)).limit(HISTORY);
}

export function memberPayments(db: Db, memberId: number) {
  return db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      credits: payments.credits,
    })
    .from(payments)
    .where(eq(payments.userId, memberId))
    .orderBy(desc(payments.createdAt))
    .limit(HISTORY);
}

/** The member's sessions still live. */
export function memberSessions(db: Db, memberId: number) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

export function memberAuditTrail(db: Db, memberId: number) {
  return db
    .select({ entry: auditLog, email: operators.email })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(eq(auditLog.memberId, memberId))
    .orderBy(desc(auditLog.id))
    .limit(HISTORY);
}
