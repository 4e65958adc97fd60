import {
  ACTIVATION_MAILS_PER_DAY,
  ACTIVATION_MAILS_PER_IP_PER_HOUR,
  ACTIVATION_TOKEN_TTL_DAYS,
  AUTH_COOKIE_DAYS,
  LOGIN_LINKS_PER_IP_PER_HOUR,
  MAIL_CHANGE_TOKEN_TTL_HOURS,
  RESET_MAILS_PER_DAY,
  RESET_REQUESTS_PER_IP_PER_HOUR,
  RESET_TOKEN_TTL_HOURS,
  SIGNUPS_PER_EMAIL_PER_HOUR,
  SIGNUPS_PER_IP_PER_HOUR,
} from "../../../common/constants";
import type { Language } from "../../../common/locales";
import { FIRST_PROFILE_STEP, signupsOpen } from "../../../common/signupSteps";
import type { LoginRequest, MailChangeRequest, ResetDoRequest, SignupRequest } from "../../../common/schemas/auth";
import { type Limiter, takeTry } from "../../adapters/limiter";
import { type Db, isUniqueViolation } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { eq } from "drizzle-orm";
import { profiles, users } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { enqueueMail, MAIL_JOB_ATTEMPTS } from "../../mail/enqueueMail";
import { moveCredits } from "../credits/ledger";
import { secondsToUtcMidnight, utcDay } from "../../time";
import { type MailTemplate, renderMail } from "../../mail/mailTemplates";
import type { AlertSite, SecurityAlerts } from "../account/securityAlerts";
import { findSiteById, type SiteRow } from "../settings/settings.repo";
import type { SiteOrigin } from "../settings/siteOrigin";
import { recordAudit } from "../audit/audit.repo";
import { assertNotRestricted, restoreProfileStatus } from "../members/accessRestrictions";
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
  updateUser,
  type UserRow,
} from "./auth.repo";
import { assertUncommonPassword } from "./commonPasswords";
import type { PasswordAttempts } from "./passwordAttempts";
import { hashPassword } from "./passwords";
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

/** The job that answers a password-reset request (mails the link when the address has an account). */
export const RESET_MAIL_JOB = "reset-mail";

/** A reset request as queued: the request's answer does not wait for, nor depend on, the account. */
export interface ResetMailJob {
  siteId: number;
  email: string;
  origin: string;
}

/** Accounts, sessions and the e-mail links that go with them. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly passwords: PasswordAttempts,
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
    await takeTry(this.limiter, `signup:${site.id}:${req.ip}`, { max: SIGNUPS_PER_IP_PER_HOUR, windowSeconds: 3600 });
    await takeTry(this.limiter, `signup-email:${site.id}:${input.email}`, { max: SIGNUPS_PER_EMAIL_PER_HOUR, windowSeconds: 3600 });
    if (!signupsOpen(site.settings.signups, input.tracking)) throw new AppError(403, "signups_closed");
    assertUncommonPassword(input.password);
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
    const user = await findUserByEmail(this.db, req.site.id, input.email);
    const hash = user?.canLogin ? user.passwordHash : null;
    const ok = await this.passwords.check({ siteId: req.site.id, email: input.email, ip: req.ip }, hash, input.password);
    if (!user || !ok) throw new AppError(401, "login_failed");
    if (user.deletionRequestedAt) throw new AppError(403, "account_pending_deletion");
    await assertNotRestricted(this.db, user.id);
    const token = newToken();
    await insertSession(this.db, this.sessionValues(token, user.id, req));
    return { userId: user.id, token };
  }

  /**
   * The token page: a one-time login link from a notification e-mail. Used, expired or unknown links,
   * and accounts that cannot log in (leaving, operated), answer 'Link expired or invalid'.
   */
  async loginWithLink(link: string, req: RequestInfo): Promise<LoggedIn> {
    await takeTry(this.limiter, `login-link:${req.site.id}:${req.ip}`, { max: LOGIN_LINKS_PER_IP_PER_HOUR, windowSeconds: 3600 });
    const row = await consumeEmailToken(this.db, hashToken(link), "login");
    const user = row ? await findMemberByUserId(this.db, row.userId) : null;
    if (!user || user.user.siteId !== req.site.id || !user.user.canLogin || user.user.deletionRequestedAt) throw new AppError(400, "link_invalid");
    await assertNotRestricted(this.db, user.user.id);
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
      await restoreProfileStatus(tx, row.userId);
      return row.userId;
    });
    if (userId === null) return false;
    await this.onMemberChanged(userId);
    return true;
  }

  /** Sends a fresh activation link to a member who has not confirmed yet. */
  async resendActivation(member: MemberRecord, req: RequestInfo): Promise<void> {
    if (member.user.status === "confirmed") return;
    await takeTry(this.limiter, `activation-ip:${req.site.id}:${req.ip}`, { max: ACTIVATION_MAILS_PER_IP_PER_HOUR, windowSeconds: 3600 });
    await takeTry(this.limiter, `activation:${member.user.id}:${utcDay()}`, { max: ACTIVATION_MAILS_PER_DAY, windowSeconds: secondsToUtcMidnight() });
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

  /**
   * Support sends a member who has not confirmed yet a fresh activation link (they lost the first
   * mail): no member limits, but the audit row in the same transaction. `origin` is the member's site's.
   */
  async resendActivationByOperator(operatorId: number, memberId: number, reason: string, origin: SiteOrigin): Promise<void> {
    const [row] = await this.db
      .select({ user: users, name: profiles.name })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, memberId));
    const site = row ? await findSiteById(this.db, row.user.siteId) : null;
    if (!row || !site) throw notFound();
    if (row.user.status === "confirmed" || row.user.deletionRequestedAt) throw new AppError(400, "activation_failed");
    const activation = newToken();
    await this.db.transaction(async (tx) => {
      await insertEmailToken(tx, {
        tokenHash: hashToken(activation),
        userId: memberId,
        kind: "activation",
        expiresAt: new Date(Date.now() + ACTIVATION_TOKEN_TTL_DAYS * DAY),
      });
      await this.queueMail(tx, "activation", row.user, row.name, `${origin(site)}/api/activate.php?token=${activation}`, site);
      await recordAudit(tx, { operatorId, action: "member.resend_activation", memberId, reason });
    });
    this.onMailQueued();
  }

  /**
   * A password-reset request. It answers the same, after the same work, whether the address has an
   * account or not (no one learns which addresses exist): both limits are counted, then a job is
   * queued that mails the link only to an account that may log in.
   */
  async requestReset(email: string, req: RequestInfo): Promise<void> {
    await takeTry(this.limiter, `reset-ip:${req.site.id}:${req.ip}`, { max: RESET_REQUESTS_PER_IP_PER_HOUR, windowSeconds: 3600 });
    const perAddress = { max: RESET_MAILS_PER_DAY, windowSeconds: secondsToUtcMidnight(), code: "reset_limit" as const };
    await takeTry(this.limiter, `reset:${req.site.id}:${email}:${utcDay()}`, perAddress);
    const job: ResetMailJob = { siteId: req.site.id, email, origin: req.origin };
    await enqueue(this.db, RESET_MAIL_JOB, { ...job }, { maxAttempts: MAIL_JOB_ATTEMPTS });
    this.onMailQueued();
  }

  /** The reset job: a fresh link for an account that may log in; nothing for an unknown address. */
  async sendResetMail(job: ResetMailJob): Promise<void> {
    const site = await findSiteById(this.db, job.siteId);
    const user = site ? await findUserByEmail(this.db, site.id, job.email) : null;
    if (!site || !user?.canLogin) return;
    const member = await findMemberByUserId(this.db, user.id);
    const token = newToken();
    await this.db.transaction(async (tx) => {
      await insertEmailToken(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        kind: "reset",
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_HOURS * HOUR),
      });
      await this.queueMail(tx, "reset", user, member?.profile.name ?? "", `${job.origin}/reset-password/do?token=${token}`, site);
    });
    this.onMailQueued();
  }

  /** Sets a new password from a reset link, ends every other session and logs in. */
  async doReset(input: ResetDoRequest, req: RequestInfo): Promise<LoggedIn> {
    assertUncommonPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const token = newToken();
    const userId = await this.db.transaction(async (tx) => {
      const row = await consumeEmailToken(tx, hashToken(input.token), "reset");
      if (!row) throw new AppError(400, "link_invalid");
      await updateUser(tx, row.userId, { passwordHash });
      await expireEmailTokens(tx, row.userId, "reset");
      await revokeAllSessions(tx, row.userId);
      // A banned or suspended member is not logged in by a reset either (nothing changes, the link stays).
      await assertNotRestricted(tx, row.userId);
      await insertSession(tx, this.sessionValues(token, row.userId, req));
      return row.userId;
    });
    await this.onMemberChanged(userId);
    const user = await findMemberByUserId(this.db, userId);
    if (user) await this.passwords.unlock(req.site.id, user.user.email);
    return { userId, token };
  }

  /** Sends a confirmation link to the new address; the change happens when it is followed. */
  async requestMailChange(member: MemberRecord, input: MailChangeRequest, req: RequestInfo): Promise<void> {
    const passwordHash = await findPasswordHash(this.db, member.user.id);
    if (!(await this.passwords.check({ siteId: req.site.id, email: member.user.email, ip: req.ip }, passwordHash, input.password))) {
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
      await this.queueMail(
        tx,
        "mail_change",
        { ...member.user, email: input.email },
        member.profile.name,
        `${req.origin}/mail-change/do?token=${token}`,
        req.site,
      );
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
        await restoreProfileStatus(tx, row.userId);
        if (before && before.user.email.toLowerCase() !== row.email.toLowerCase()) {
          const recipient = {
            userId: row.userId,
            to: before.user.email,
            name: before.profile.name,
            language: before.user.language as Language,
            newEmail: row.email,
          };
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
