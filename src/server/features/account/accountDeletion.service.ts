import { randomBytes } from "node:crypto";
import { assertNotRestricted, restoreProfileStatus } from "../members/accessRestrictions";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { AUTH_COOKIE_DAYS, REACTIVATION_WINDOW_DAYS } from "../../../common/constants";
import { isLanguage, type Language } from "../../../common/locales";
import type { DeleteAccount } from "../../../common/schemas/account";
import type { DiscountCode } from "../../../common/schemas/payments";
import type { Limiter } from "../../adapters/limiter";
import type { Storage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { accountDeletions, discountCodes, profiles, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit.repo";
import type { SiteOrigin } from "../settings/siteOrigin";
import { attemptsFor, enqueue } from "../../jobs/queue";
import { enqueueMail } from "../../mail/enqueueMail";
import { renderMail } from "../../mail/mailTemplates";
import type { MemberRecord } from "../auth/auth.repo";
import { consumeEmailToken, insertEmailToken, insertSession, revokeAllSessions, updateProfile, updateUser } from "../auth/auth.repo";
import type { PasswordAttempts } from "../auth/passwordAttempts";
import { hashToken, newToken } from "../auth/tokens";
import type { SiteRow } from "../settings/settings.repo";
import { findCompany, findSiteById } from "../settings/settings.repo";
import { photoFileOf } from "../../../common/photoSizes";
import { photoSizeKeysOf } from "../photos/photoSizes";
import { deleteJobsOf, eraseLooseRows, memberAddresses, storedFilesOf } from "./erasure.repo";

export const ERASE_ACCOUNT_JOB = "erase-account";
const DAY = 86_400_000;
/** The discount offered to stay keeps for a week. */
const STAY_DISCOUNT_DAYS = 7;

export interface DeletionRequest {
  origin: string;
  ip: string;
  userAgent?: string;
}

/**
 * Leaving and coming back (spec sections 1 and 9): a deleted account is hidden and logged out at
 * once, can be reactivated whole for 14 days with the link we e-mail, and is then erased for good;
 * the payments stay, without the member, as the law requires.
 */
export class AccountDeletionService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly limiter: Limiter,
    private readonly passwords: PasswordAttempts,
    private readonly mailFrom: (site: SiteRow) => string,
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly onQueued: () => void,
  ) {}

  /** A personal code for the company's delete discount: an alternative to leaving. */
  async stayOffer(member: MemberRecord, site: SiteRow): Promise<DiscountCode> {
    const company = await findCompany(this.db, site.companyId);
    const percentage = company?.info.delete_discount ?? 0;
    if (percentage <= 0) throw new AppError(404, "not_found");
    const code = `STAY${randomBytes(4).toString("hex").toUpperCase()}`;
    const expires = new Date(Date.now() + STAY_DISCOUNT_DAYS * DAY);
    await this.db
      .insert(discountCodes)
      .values({ siteId: site.id, code, userId: member.user.id, valuePercentage: percentage, validity: "once-per-user", expires });
    return {
      code,
      country: null,
      user_id: member.user.id,
      expires: expires.toISOString(),
      value_percentage: percentage,
      currency: null,
      minimum_order_value: null,
      status: "active",
      validity: "once-per-user",
      expired: false,
      paymentmethods: [],
    };
  }

  async requestDeletion(member: MemberRecord, site: SiteRow, input: DeleteAccount, req: DeletionRequest): Promise<void> {
    const [user] = await this.db
      .select({ passwordHash: users.passwordHash, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, member.user.id));
    const who = { siteId: site.id, email: member.user.email, ip: req.ip };
    if (!user || !(await this.passwords.check(who, user.passwordHash, input.password))) throw new AppError(400, "password_incorrect", undefined, "password");
    await this.db.transaction((tx) =>
      this.startDeletion(tx, { userId: member.user.id, email: user.email, language: user.language, name: member.profile.name }, site, req.origin, input),
    );
    this.onQueued();
    await this.onMemberChanged(member.user.id);
  }

  /**
   * An admin starts a member's erasure (a request by mail or phone, issue 16): the same path as the
   * member's own, in one transaction with the audit row. The member vanishes at once and gets the
   * reactivation mail (a request that was not theirs can still be undone); the erase job runs
   * after the same window. The operator's reason goes to the audit log, not to the deletion row.
   */
  async eraseByOperator(operatorId: number, memberId: number, reason: string, origin: SiteOrigin): Promise<void> {
    const [row] = await this.db
      .select({ user: users, name: profiles.name })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, memberId));
    const site = row ? await findSiteById(this.db, row.user.siteId) : null;
    if (!row || !site) throw notFound();
    await this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ requested: users.deletionRequestedAt }).from(users).where(eq(users.id, memberId)).for("update");
      if (locked.requested) throw new AppError(400, "account_pending_deletion");
      const member = { userId: memberId, email: row.user.email, language: row.user.language, name: row.name };
      await this.startDeletion(tx, member, site, origin(site), { reason: "other", detail: "" });
      await recordAudit(tx, { operatorId, action: "member.erase", memberId, reason });
    });
    this.onQueued();
    await this.onMemberChanged(memberId);
  }

  /** Hides the member, ends their sessions, mails the reactivation link and queues the erasure, in the caller's transaction. */
  private async startDeletion(
    tx: Db,
    member: { userId: number; email: string; language: string; name: string },
    site: SiteRow,
    origin: string,
    input: Pick<DeleteAccount, "reason" | "detail">,
  ): Promise<void> {
    const token = newToken();
    const { userId } = member;
    const user = { email: member.email, language: member.language };
    await updateUser(tx, userId, { deletionRequestedAt: new Date() });
    // Lists read the profile's status: the member vanishes everywhere at once.
    await updateProfile(tx, userId, { status: "disabled" });
    await revokeAllSessions(tx, userId);
    const [deletion] = await tx
      .insert(accountDeletions)
      .values({ userId, reason: input.reason, detail: input.detail || null })
      .returning({ id: accountDeletions.id });
    await insertEmailToken(tx, { tokenHash: hashToken(token), userId, kind: "reactivation", expiresAt: new Date(Date.now() + REACTIVATION_WINDOW_DAYS * DAY) });
    const language: Language = isLanguage(user.language) ? user.language : "en";
    const content = renderMail({
      template: "reactivation",
      language,
      siteName: site.settings.name,
      name: member.name,
      link: `${origin}/reactivate?token=${token}`,
      vars: { days: String(REACTIVATION_WINDOW_DAYS) },
    });
    await enqueueMail(tx, { ...content, to: user.email, from: this.mailFrom(site), userId });
    // The erasure must happen: tried for a week of failures before an operator has to step in.
    await enqueue(
      tx,
      ERASE_ACCOUNT_JOB,
      { userId, deletionId: deletion.id },
      { runAt: new Date(Date.now() + REACTIVATION_WINDOW_DAYS * DAY), maxAttempts: attemptsFor(7) },
    );
  }

  /** The e-mailed link within the window: the account comes back whole, and the member is logged in. Null for a bad link. */
  async reactivate(token: string, req: DeletionRequest): Promise<{ userId: number; token: string } | null> {
    const session = newToken();
    const userId = await this.db.transaction(async (tx) => {
      const row = await consumeEmailToken(tx, hashToken(token), "reactivation");
      if (!row) return null;
      const [user] = await tx.select({ status: users.status, deletionRequestedAt: users.deletionRequestedAt }).from(users).where(eq(users.id, row.userId));
      if (!user?.deletionRequestedAt) return null;
      await updateUser(tx, row.userId, { deletionRequestedAt: null });
      await assertNotRestricted(tx, row.userId);
      await restoreProfileStatus(tx, row.userId);
      await tx
        .update(accountDeletions)
        .set({ reactivatedAt: new Date() })
        .where(and(eq(accountDeletions.userId, row.userId), sql`${accountDeletions.reactivatedAt} IS NULL AND ${accountDeletions.erasedAt} IS NULL`));
      await insertSession(tx, {
        tokenHash: hashToken(session),
        userId: row.userId,
        expiresAt: new Date(Date.now() + AUTH_COOKIE_DAYS * DAY),
        userAgent: req.userAgent?.slice(0, 300),
        ip: req.ip,
      });
      return row.userId;
    });
    if (userId === null) return null;
    await this.onMemberChanged(userId);
    return { userId, token: session };
  }

  /**
   * The erase job, 14 days after the request: only when the deletion still stands. Nothing of the
   * member is left afterwards:
   * - their rows: the user row, and by cascade the profile, photos, likes, blocks, swipes, sessions,
   *   tokens, ledger, push subscriptions, kept cards, direct debits, personal discount codes, and the
   *   shared dates' links they made or appear in (date_shares, by either member's profile);
   * - their conversations whole, both sides: a conversation cannot be shown without the erased
   *   member's part, so the partner loses it too (their ledger keeps what they paid for it);
   * - loose rows (erasure.repo): complaints they sent, page-exit records, the jobs that hold their
   *   data (mails to or about them, SMS, notifications to or from them, this job);
   * - stored files: their photos, and the photos of their conversations, sent and received;
   * - rate-limit counters naming one of their addresses (counters keyed by their id run a day at
   *   most, so none is left after 14 days).
   * Payments stay, as bookkeeping law requires, without the member (user_id set null) and without
   * what could lead back to them (provider's customer, card label, checkout link). The reason for
   * leaving stays without the member or their free-text detail. The dev mailbox and SMS outbox
   * (never in production) keep their copies of what was sent, as a real recipient's inbox would.
   */
  async erase(userId: number, deletionId: number): Promise<void> {
    const cutoff = new Date(Date.now() - REACTIVATION_WINDOW_DAYS * DAY + 60_000);
    const due = and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), lte(users.deletionRequestedAt, cutoff));
    if ((await this.db.select({ id: users.id }).from(users).where(due)).length === 0) return;
    const { siteId, addresses } = await memberAddresses(this.db, userId);
    // Counters first: the database limiter cannot run beside the transaction below. One started
    // in between (someone trying the address) runs out with its window.
    await Promise.all(addresses.map((address) => this.limiter.forget(address)));
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(due).for("update");
      if (!user) return;
      const stored = await storedFilesOf(tx, userId);
      // With the WebP sizes of each photo (photos/photoSizes.ts), found by its large photo's key.
      const photoIds = new Set(stored.flatMap((key) => (key.startsWith("photos/") ? (photoFileOf(key)?.id ?? []) : [])));
      const files = [...stored, ...(await Promise.all([...photoIds].map((id) => photoSizeKeysOf(this.storage, id)))).flat()];
      await tx.update(accountDeletions).set({ erasedAt: new Date() }).where(eq(accountDeletions.id, deletionId));
      await eraseLooseRows(tx, userId, siteId, addresses);
      await deleteJobsOf(tx, userId, addresses, ERASE_ACCOUNT_JOB);
      // Files before the rows: when one cannot be removed, nothing is erased and the job is tried
      // again (the member stays hidden meanwhile), so no file is ever left without its row.
      await Promise.all(files.map((key) => this.storage.remove(key)));
      await tx.delete(users).where(eq(users.id, userId));
    });
  }
}
