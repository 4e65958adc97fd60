import { randomBytes } from "node:crypto";
import { RESET_TOKEN_TTL_HOURS, SECURITY_ALERT_TOKEN_TTL_DAYS } from "../../../common/constants";
import type { Language } from "../../../common/locales";
import { type Db, isUniqueViolation } from "../../db/client";
import { AppError } from "../../errors";
import { enqueueMail } from "../../mail/enqueueMail";
import { renderMail, type SecurityTemplate } from "../../mail/mailTemplates";
import {
  consumeEmailToken,
  findMemberByUserId,
  findUserByEmail,
  insertEmailToken,
  revokeAllSessions,
  updateUser,
  voidEmailTokensAfterAlert,
} from "../auth/auth.repo";
import { hashPassword } from "../auth/passwords";
import { hashToken, newToken } from "../auth/tokens";
import { deleteSubscriptionsOf } from "../push/push.repo";
import type { SiteRow } from "../settings/settings.repo";

const HOUR = 3600_000;

/** A change a member is told about at the address the account had before it. */
export type AccountChange = Extract<SecurityTemplate, "password_changed" | "email_changed">;

export interface AlertRecipient {
  userId: number;
  /** The account's address before the change: the alert and its link go there. */
  to: string;
  name: string;
  language: Language;
  /** The new address of an e-mail change, named in the mail. */
  newEmail?: string;
}

export interface AlertSite {
  site: SiteRow;
  /** Scheme and host that links in e-mails point to. */
  origin: string;
}

// The password of a secured account: the hash of a secret nobody keeps, so that no password opens it
// and a login against it takes as long as any other.
let unusableHash: Promise<string> | null = null;
const unusablePasswordHash = () => (unusableHash ??= hashPassword(randomBytes(32).toString("base64url")));

/**
 * A member hears of a password or e-mail change at the address the account had before it, with a
 * single-use "this wasn't me" link (hashed like every e-mail token, valid for
 * SECURITY_ALERT_TOKEN_TTL_DAYS). Following it and confirming secures the account in one step.
 */
export class SecurityAlerts {
  constructor(
    private readonly db: Db,
    private readonly mailFrom: (site: SiteRow) => string,
    /** Called after a commit that queued mail, so that it leaves at once. */
    private readonly onMailQueued: () => void,
    /** Called after the member's account or sessions changed (drops cached copies on every instance). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    /** Called after the member's sessions ended (their live sockets close). */
    private readonly onSessionsEnded: (userId: number) => Promise<void>,
  ) {}

  /** Queues the alert of a change in the caller's transaction; call `queued()` after the commit. */
  async queue(tx: Db, change: AccountChange, recipient: AlertRecipient, at: AlertSite): Promise<void> {
    const token = newToken();
    await insertEmailToken(tx, {
      tokenHash: hashToken(token),
      userId: recipient.userId,
      kind: "security_alert",
      email: recipient.to,
      expiresAt: new Date(Date.now() + SECURITY_ALERT_TOKEN_TTL_DAYS * 24 * HOUR),
    });
    const content = renderMail({
      template: change,
      language: recipient.language,
      siteName: at.site.settings.name,
      name: recipient.name,
      link: `${at.origin}/secure-account?token=${token}`,
      vars: { email: recipient.newEmail ?? "", days: String(SECURITY_ALERT_TOKEN_TTL_DAYS) },
      securityFooter: true,
    });
    await enqueueMail(tx, { ...content, to: recipient.to, from: this.mailFrom(at.site), userId: recipient.userId });
  }

  queued(): void {
    this.onMailQueued();
  }

  /**
   * "This wasn't me" (POST /api/secure-account.php): every session ends and every browser's push
   * subscription goes; the address goes back to the one the alert was sent to (unless another account
   * has taken it since); no password opens the account any more; newer alerts and open reset,
   * e-mail-change and login links are void; and a link to choose a new password goes to that address.
   * A used, expired or unknown link answers link_invalid.
   */
  async secure(token: string, at: AlertSite): Promise<{ emailRestored: boolean }> {
    const passwordHash = await unusablePasswordHash();
    const resetToken = newToken();
    try {
      const done = await this.db.transaction(async (tx) => {
        const alert = await consumeEmailToken(tx, hashToken(token), "security_alert");
        const member = alert ? await findMemberByUserId(tx, alert.userId) : null;
        if (!alert?.email || !member || member.user.siteId !== at.site.id) throw new AppError(400, "link_invalid");
        const address = alert.email;
        await voidEmailTokensAfterAlert(tx, member.user.id, alert.id);
        let emailRestored = false;
        if (address.toLowerCase() !== member.user.email.toLowerCase()) {
          const holder = await findUserByEmail(tx, at.site.id, address);
          if (!holder) {
            await updateUser(tx, member.user.id, { email: address });
            emailRestored = true;
          }
        }
        await updateUser(tx, member.user.id, { passwordHash });
        await revokeAllSessions(tx, member.user.id);
        await deleteSubscriptionsOf(tx, member.user.id);
        await insertEmailToken(tx, {
          tokenHash: hashToken(resetToken),
          userId: member.user.id,
          kind: "reset",
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_HOURS * HOUR),
        });
        const content = renderMail({
          template: "account_secured",
          language: member.user.language as Language,
          siteName: at.site.settings.name,
          name: member.profile.name,
          link: `${at.origin}/reset-password/do?token=${resetToken}`,
          vars: { hours: String(RESET_TOKEN_TTL_HOURS) },
          securityFooter: true,
        });
        await enqueueMail(tx, { ...content, to: address, from: this.mailFrom(at.site), userId: member.user.id });
        return { userId: member.user.id, emailRestored };
      });
      await this.onMemberChanged(done.userId);
      await this.onSessionsEnded(done.userId);
      this.onMailQueued();
      return { emailRestored: done.emailRestored };
    } catch (err) {
      // The old address was taken by another account at the same moment: the link stays usable.
      if (isUniqueViolation(err)) throw new AppError(409, "email_taken");
      throw err;
    }
  }
}
