import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Language } from "../../../common/locales";
import type { PasswordChange, SessionsResponse } from "../../../common/schemas/auth";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import { findPasswordHash } from "../auth/auth.repo";
import { assertUncommonPassword } from "../auth/commonPasswords";
import type { PasswordAttempts } from "../auth/passwordAttempts";
import { hashPassword } from "../auth/passwords";
import type { AlertSite, SecurityAlerts } from "./securityAlerts";

/** "203.0.113.42" -> "203.0.113.x", an IPv6 address to its first four groups. */
export function shortIp(ip: string | null): string | null {
  if (!ip) return null;
  if (ip.includes(".")) return ip.replace(/\.\d+$/, ".x");
  return `${ip.split(":").slice(0, 4).join(":")}:…`;
}

/** Where a member is logged in, signing out other devices, and changing the password. */
export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordAttempts,
    /** Cached members on every instance drop the ended sessions at once. */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly alerts: SecurityAlerts,
    /** Called after sessions of the member ended (their live sockets close). */
    private readonly onSessionsEnded: (userId: number) => Promise<void>,
  ) {}

  async list(member: MemberRecord): Promise<SessionsResponse> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(100);
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        current: s.id === member.sessionId,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        user_agent: s.userAgent,
        ip: shortIp(s.ip),
      })),
    };
  }

  /** Ends one of the member's own sessions, or all but this one. */
  async end(member: MemberRecord, target: { id?: number; others?: boolean }): Promise<void> {
    const own = and(eq(sessions.userId, member.user.id), isNull(sessions.revokedAt));
    if (target.others) {
      await this.db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(own, ne(sessions.id, member.sessionId)));
    } else if (target.id !== undefined) {
      const ended = await this.db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(own, eq(sessions.id, target.id)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound();
    }
    await this.onMemberChanged(member.user.id);
    await this.onSessionsEnded(member.user.id);
  }

  /**
   * Changes the password after checking the current one (counted as a guess: see PasswordAttempts); a
   * common new one is refused, and the member's address hears of the change ("this wasn't me").
   */
  async changePassword(member: MemberRecord, input: PasswordChange, at: AlertSite, ip: string): Promise<void> {
    assertUncommonPassword(input.password);
    const hash = await findPasswordHash(this.db, member.user.id);
    const who = { siteId: member.user.siteId, email: member.user.email, ip };
    if (!(await this.passwords.check(who, hash, input.old_password))) throw new AppError(400, "wrong_password", undefined, "old_password");
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, member.user.id));
      if (input.end_other_sessions) {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.userId, member.user.id), isNull(sessions.revokedAt), ne(sessions.id, member.sessionId)));
      }
      const u = member.user;
      await this.alerts.queue(tx, "password_changed", { userId: u.id, to: u.email, name: member.profile.name, language: u.language as Language }, at);
    });
    this.alerts.queued();
    await this.onMemberChanged(member.user.id);
    if (input.end_other_sessions) await this.onSessionsEnded(member.user.id);
  }
}
