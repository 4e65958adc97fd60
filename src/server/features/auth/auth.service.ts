import {
  ACTIVATION_TOKEN_TTL_DAYS,
  AUTH_COOKIE_DAYS,
  LOGIN_LINKS_PER_IP_PER_HOUR,
  LOGIN_LOCKOUT_MINUTES,
  LOGIN_MAX_FAILURES,
  MAIL_CHANGE_TOKEN_TTL_HOURS,
  RESET_MAILS_PER_DAY,
  RESET_TOKEN_TTL_HOURS,
  SIGNUPS_PER_IP_PER_HOUR,
} from "../../../common/constants";
import type { Language } from "../../../common/locales";
import { FIRST_PROFILE_STEP, signupsOpen } from "../../../common/signupSteps";
import type { LoginRequest, MailChangeRequest, ResetDoRequest, SignupRequest } from "../../../common/schemas/auth";
import type { Limiter } from "../../adapters/limiter";
import { type Db, isUniqueViolation } from "../../db/client";
import { AppError } from "../../errors";
import { enqueueMail } from "../../mail/enqueueMail";
import { moveCredits } from "../credits/ledger";
import { secondsToUtcMidnight, utcDay } from "../../time";
import { type MailTemplate, renderMail } from "../../mail/mailTemplates";
import type { AlertSite, SecurityAlerts } from "../account/securityAlerts";
import type { SiteRow } from "../settings/settings.repo";
import {
  consumeEmailToken,
  expireEmailTokens,
  findMemberByUserId,
  findPasswordHash,
  findUserByEmail,
  insertEmailToken,
  insertSession,
  insertUserWithProfile,
  type MemberRecord,
  revokeAllSessions,
  revokeSession,
  updateProfile,
  updateUser,
  type UserRow,
} from "./auth.repo";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { hashToken, newToken } from "./tokens";

export interface RequestInfo {
  site: SiteRow;
  lang: Language;
  ip: string;
  userAgent?: string;
  /** Scheme and host that links in e-mails point to. */
  origin: string;
}

export interface LoggedIn {
  userId: number;
  token: string;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;


/** Accounts, sessions and the e-mail links that go with them. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly mailFrom: (site: SiteRow) => string,
    /** Called after a commit that queued mail, so that it leaves at once. */
    private readonly onMailQueued: () => void,
    /** Called after a member's account or sessions changed (drops cached copies on every instance). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    /** A changed address is told to the old one, with a "this wasn't me" link. */
    private readonly alerts: SecurityAlerts,
  ) {}

  async signup(input: SignupRequest, req: RequestInfo): Promise<LoggedIn> {
    const { site } = req;
    const perIp = await this.limiter.hit(`signup:${site.id}:${req.ip}`, 3600);
    if (perIp.count > SIGNUPS_PER_IP_PER_HOUR) throw new AppError(429, "rate_limited");
    if (!signupsOpen(site.settings.signups, input.tracking)) throw new AppError(403, "signups_closed");
    await this.assertEmailFree(site.id, input.email);
    const passwordHash = await hashPassword(input.password);
    const token = newToken();
    const activation = newToken();
    try {
      const userId = await this.db.transaction(async (tx) => {
        const user = await insertUserWithProfile(
          tx,
          {
            siteId: site.id,
            email: input.email,
            passwordHash,
            language: req.lang,
            signupMessage: input.signup_message || null,
            tracking: input.tracking ?? {},
            signupIp: req.ip,
            signupStep: FIRST_PROFILE_STEP,
          },
          { name: input.name, dateOfBirth: input.date_of_birth, status: "disabled" },
        );
        if (site.settings.signup_credits > 0) await moveCredits(tx, user.id, site.settings.signup_credits, "signup_bonus");
        await insertSession(tx, this.sessionValues(token, user.id, req));
        await insertEmailToken(tx, {
          tokenHash: hashToken(activation),
          userId: user.id,
          kind: "activation",
          expiresAt: new Date(Date.now() + ACTIVATION_TOKEN_TTL_DAYS * DAY),
        });
        await this.queueMail(tx, "activation", user, input.name, `${req.origin}/api/activate.php?token=${activation}`, site);
        return user.id;
      });
      this.onMailQueued();
      return { userId, token };
    } catch (err) {
      // Two signups with one address at once: the unique index lets one through.
      if (isUniqueViolation(err)) throw new AppError(409, "email_taken", undefined, "email");
      throw err;
    }
  }

  private async assertEmailFree(siteId: number, email: string, exceptUserId?: number): Promise<void> {
    const existing = await findUserByEmail(this.db, siteId, email);
    if (!existing || existing.id === exceptUserId) return;
    if (existing.deletionRequestedAt) throw new AppError(409, "account_pending_deletion", undefined, "email");
    throw new AppError(409, "email_taken", undefined, "email");
  }

  async login(input: LoginRequest, req: RequestInfo): Promise<LoggedIn> {
    const key = `login:${req.site.id}:${input.email}`;
    const locked = await this.limiter.peek(key);
    if (locked && locked.count >= LOGIN_MAX_FAILURES) throw lockedOut(locked.resetAt);
    const user = await findUserByEmail(this.db, req.site.id, input.email);
    let ok = false;
    if (user?.canLogin) ok = await verifyPassword(user.passwordHash, input.password);
    else await burnPasswordCheck(input.password);
    if (!user || !ok) {
      const count = await this.limiter.hit(key, LOGIN_LOCKOUT_MINUTES * 60);
      if (count.count >= LOGIN_MAX_FAILURES) throw lockedOut(count.resetAt);
      throw new AppError(401, "login_failed");
    }
    if (user.deletionRequestedAt) throw new AppError(403, "account_pending_deletion");
    await this.limiter.clear(key);
    const token = newToken();
    await insertSession(this.db, this.sessionValues(token, user.id, req));
    return { userId: user.id, token };
  }

  /**
   * The token page: a one-time login link from a notification e-mail. Used, expired or unknown links,
   * and accounts that cannot log in (leaving, operated), answer 'Link expired or invalid'.
   */
  async loginWithLink(link: string, req: RequestInfo): Promise<LoggedIn> {
    const tries = await this.limiter.hit(`login-link:${req.site.id}:${req.ip}`, 3600);
    if (tries.count > LOGIN_LINKS_PER_IP_PER_HOUR) throw new AppError(429, "rate_limited");
    const row = await consumeEmailToken(this.db, hashToken(link), "login");
    const user = row ? await findMemberByUserId(this.db, row.userId) : null;
    if (!user || user.user.siteId !== req.site.id || !user.user.canLogin || user.user.deletionRequestedAt) throw new AppError(400, "link_invalid");
    const token = newToken();
    await insertSession(this.db, this.sessionValues(token, user.user.id, req));
    return { userId: user.user.id, token };
  }

  async logout(member: MemberRecord | null): Promise<void> {
    if (!member) return;
    await revokeSession(this.db, member.sessionId);
    await this.onMemberChanged(member.user.id);
  }

  async setLanguage(member: MemberRecord, language: Language): Promise<void> {
    await updateUser(this.db, member.user.id, { language });
    await this.onMemberChanged(member.user.id);
  }

  /** Confirms the address of an activation link. Returns false for an unknown, used or expired link. */
  async activate(token: string): Promise<boolean> {
    const userId = await this.db.transaction(async (tx) => {
      const row = await consumeEmailToken(tx, hashToken(token), "activation");
      if (!row) return null;
      await updateUser(tx, row.userId, { status: "confirmed" });
      await updateProfile(tx, row.userId, { status: "enabled" });
      return row.userId;
    });
    if (userId === null) return false;
    await this.onMemberChanged(userId);
    return true;
  }

  /** Sends a fresh activation link to a member who has not confirmed yet. */
  async resendActivation(member: MemberRecord, req: RequestInfo): Promise<void> {
    if (member.user.status === "confirmed") return;
    await this.countMailToday(`activation:${member.user.id}`);
    const activation = newToken();
    await this.db.transaction(async (tx) => {
      await insertEmailToken(tx, {
        tokenHash: hashToken(activation),
        userId: member.user.id,
        kind: "activation",
        expiresAt: new Date(Date.now() + ACTIVATION_TOKEN_TTL_DAYS * DAY),
      });
      await this.queueMail(tx, "activation", member.user, member.profile.name, `${req.origin}/api/activate.php?token=${activation}`, req.site);
    });
    this.onMailQueued();
  }

  async requestReset(email: string, req: RequestInfo): Promise<void> {
    const user = await findUserByEmail(this.db, req.site.id, email);
    if (!user?.canLogin) throw new AppError(404, "email_not_found", undefined, "email");
    await this.countMailToday(`reset:${user.id}`);
    const member = await findMemberByUserId(this.db, user.id);
    const token = newToken();
    await this.db.transaction(async (tx) => {
      await insertEmailToken(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        kind: "reset",
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_HOURS * HOUR),
      });
      await this.queueMail(tx, "reset", user, member?.profile.name ?? "", `${req.origin}/reset-password/do?token=${token}`, req.site);
    });
    this.onMailQueued();
  }

  private async countMailToday(scope: string): Promise<void> {
    const count = await this.limiter.hit(`${scope}:${utcDay()}`, secondsToUtcMidnight());
    if (count.count > RESET_MAILS_PER_DAY) throw new AppError(429, "reset_limit");
  }

  /** Sets a new password from a reset link, ends every other session and logs in. */
  async doReset(input: ResetDoRequest, req: RequestInfo): Promise<LoggedIn> {
    const passwordHash = await hashPassword(input.password);
    const token = newToken();
    const userId = await this.db.transaction(async (tx) => {
      const row = await consumeEmailToken(tx, hashToken(input.token), "reset");
      if (!row) throw new AppError(400, "link_invalid");
      await updateUser(tx, row.userId, { passwordHash });
      await expireEmailTokens(tx, row.userId, "reset");
      await revokeAllSessions(tx, row.userId);
      await insertSession(tx, this.sessionValues(token, row.userId, req));
      return row.userId;
    });
    await this.onMemberChanged(userId);
    const user = await findMemberByUserId(this.db, userId);
    if (user) await this.limiter.clear(`login:${req.site.id}:${user.user.email.toLowerCase()}`);
    return { userId, token };
  }

  /** Sends a confirmation link to the new address; the change happens when it is followed. */
  async requestMailChange(member: MemberRecord, input: MailChangeRequest, req: RequestInfo): Promise<void> {
    const passwordHash = await findPasswordHash(this.db, member.user.id);
    if (!passwordHash || !(await verifyPassword(passwordHash, input.password))) {
      throw new AppError(400, "wrong_password", undefined, "password");
    }
    await this.assertEmailFree(req.site.id, input.email);
    const token = newToken();
    await this.db.transaction(async (tx) => {
      await expireEmailTokens(tx, member.user.id, "mail_change");
      await insertEmailToken(tx, {
        tokenHash: hashToken(token),
        userId: member.user.id,
        kind: "mail_change",
        email: input.email,
        expiresAt: new Date(Date.now() + MAIL_CHANGE_TOKEN_TTL_HOURS * HOUR),
      });
      await this.queueMail(tx, "mail_change", { ...member.user, email: input.email }, member.profile.name, `${req.origin}/mail-change/do?token=${token}`, req.site);
    });
    this.onMailQueued();
  }

  /** Applies an e-mail change link. Following it confirms the new address too; the old address hears of it. */
  async doMailChange(token: string, at: AlertSite): Promise<void> {
    const { site } = at;
    try {
      const userId = await this.db.transaction(async (tx) => {
        const row = await consumeEmailToken(tx, hashToken(token), "mail_change");
        if (!row?.email) throw new AppError(400, "link_invalid");
        const taken = await findUserByEmail(tx, site.id, row.email);
        if (taken && taken.id !== row.userId) throw new AppError(409, "email_taken");
        const before = await findMemberByUserId(tx, row.userId);
        await updateUser(tx, row.userId, { email: row.email, status: "confirmed" });
        await updateProfile(tx, row.userId, { status: "enabled" });
        if (before && before.user.email.toLowerCase() !== row.email.toLowerCase()) {
          const recipient = { userId: row.userId, to: before.user.email, name: before.profile.name, language: before.user.language as Language, newEmail: row.email };
          await this.alerts.queue(tx, "email_changed", recipient, at);
        }
        return row.userId;
      });
      this.alerts.queued();
      await this.onMemberChanged(userId);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, "email_taken");
      throw err;
    }
  }

  private sessionValues(token: string, userId: number, req: RequestInfo) {
    return {
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + AUTH_COOKIE_DAYS * DAY),
      userAgent: req.userAgent?.slice(0, 300),
      ip: req.ip,
    };
  }

  private async queueMail(db: Db, template: MailTemplate, user: Pick<UserRow, "id" | "email" | "language">, name: string, link: string, site: SiteRow) {
    const content = renderMail({ template, language: user.language as Language, siteName: site.settings.name, name, link });
    await enqueueMail(db, { ...content, to: user.email, from: this.mailFrom(site), about: [user.id] });
  }
}

function lockedOut(resetAt: Date): AppError {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
  return new AppError(429, "too_many_attempts", { minutes });
}

