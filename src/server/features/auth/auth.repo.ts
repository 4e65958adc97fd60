import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailTokens, photos, profiles, sessions, type TokenKind, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;

/** What every request of a member needs: no password hash, tracking or other rarely read columns. */
export type MemberUser = Omit<UserRow, "passwordHash" | "signupMessage" | "tracking" | "signupIp" | "directDebitBlocked">;
export type MainPhoto = Pick<PhotoRow, "id" | "filename" | "thumbFilename" | "matchFilename" | "status">;

export interface MemberRecord {
  sessionId: number;
  sessionLastSeen: Date;
  user: MemberUser;
  profile: ProfileRow;
  mainPhoto: MainPhoto | null;
}

const memberUserColumns = {
  id: users.id,
  siteId: users.siteId,
  email: users.email,
  status: users.status,
  credits: users.credits,
  paidUser: users.paidUser,
  language: users.language,
  notificationsDisabled: users.notificationsDisabled,
  notifyMessages: users.notifyMessages,
  notifyLikes: users.notifyLikes,
  notifyMatches: users.notifyMatches,
  signupDate: users.signupDate,
  signupStep: users.signupStep,
  deletionRequestedAt: users.deletionRequestedAt,
  canLogin: users.canLogin,
};
/** The main photo's columns a card or a member needs. */
export const mainPhotoColumns = {
  id: photos.id,
  filename: photos.filename,
  thumbFilename: photos.thumbFilename,
  matchFilename: photos.matchFilename,
  status: photos.status,
};

function sessionMemberQuery(db: Db) {
  return db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, user: memberUserColumns, profile: profiles, mainPhoto: mainPhotoColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .prepare("session_member");
}

// Every logged-in request runs this query: prepared once per database, it skips planning (1.1 ms -> 0.25 ms).
const preparedSessionMember = new WeakMap<Db, ReturnType<typeof sessionMemberQuery>>();

/** The member behind a live session token, with profile and main photo, in one query. */
export async function findSessionMember(db: Db, tokenHash: string): Promise<MemberRecord | null> {
  let query = preparedSessionMember.get(db);
  if (!query) {
    query = sessionMemberQuery(db);
    preparedSessionMember.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  if (!row) return null;
  return { sessionId: row.sessionId, sessionLastSeen: row.lastSeenAt, user: row.user, profile: row.profile, mainPhoto: row.mainPhoto };
}

export async function findMemberByUserId(db: Db, userId: number): Promise<Omit<MemberRecord, "sessionId" | "sessionLastSeen"> | null> {
  const [row] = await db
    .select({ user: memberUserColumns, profile: profiles, mainPhoto: mainPhotoColumns })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function findUserByEmail(db: Db, siteId: number, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row ?? null;
}

export async function insertUserWithProfile(
  db: Db,
  user: typeof users.$inferInsert,
  profile: Omit<typeof profiles.$inferInsert, "id" | "siteId">,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  await db.insert(profiles).values({ ...profile, id: row.id, siteId: row.siteId });
  return row;
}

export async function insertSession(db: Db, values: { tokenHash: string; userId: number; expiresAt: Date; userAgent?: string; ip?: string }): Promise<void> {
  await db.insert(sessions).values(values);
  // Logging in is being active: "online now" from the first page, not only from the first touch.
  await touchMemberActivity(db, values.userId);
}

/** The session was used now: its last-seen, and the member's last activity (for "online now"), in one statement. */
export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db.execute(sql`WITH s AS (UPDATE sessions SET last_seen_at = now() WHERE id = ${sessionId} RETURNING user_id)
    UPDATE profiles SET last_active_at = now() WHERE id = (SELECT user_id FROM s)`);
}

/** The member is using the site now (a live socket): their last activity, for "online now". */
export async function touchMemberActivity(db: Db, memberId: number): Promise<void> {
  await db.update(profiles).set({ lastActiveAt: sql`now()` }).where(eq(profiles.id, memberId));
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Which of these sessions are still live (not logged out, not expired). */
export async function liveSessionIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((r) => r.id));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertEmailToken(db: Db, values: { tokenHash: string; userId: number; kind: TokenKind; email?: string; expiresAt: Date }): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** Marks a live token used and returns it; null when unknown, used, expired or of another kind. Safe under races. */
export async function consumeEmailToken(db: Db, tokenHash: string, kind: TokenKind) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function expireEmailTokens(db: Db, userId: number, kind: TokenKind): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

/**
 * After "this wasn't me": every open link of the member that could change the account (reset, e-mail
 * change, login) is void, and so is every security alert newer than `alertId` (an older one belongs
 * to whoever had the account before the changes it reports).
 */
export async function voidEmailTokensAfterAlert(db: Db, userId: number, alertId: number): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        or(inArray(emailTokens.kind, ["reset", "mail_change", "login"]), and(eq(emailTokens.kind, "security_alert"), gt(emailTokens.id, alertId))),
      ),
    );
}

export async function updateUser(db: Db, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function updateProfile(db: Db, profileId: number, values: Partial<typeof profiles.$inferInsert>): Promise<void> {
  await db.update(profiles).set(values).where(eq(profiles.id, profileId));
}
