import { LOGIN_LINK_TTL_HOURS } from "../../../common/constants";
import type { Language } from "../../../common/locales";
import type { Db } from "../../db/client";
import type { MailJob } from "../../mail/enqueueMail";
import { type NotificationTemplate, renderMail } from "../../mail/mailTemplates";
import type { SiteRow } from "../settings/settings.repo";
import type { NotificationKind, NotificationPayload } from "./notify";
import { findNotificationFacts, queueNotificationMail } from "./notifications.repo";
import { hashToken, newToken } from "../auth/tokens";
import { unsubscribeToken } from "./unsubscribeToken";

const TEMPLATES: Record<NotificationKind, NotificationTemplate> = { message: "new_message", like: "new_like", match: "new_match" };

/** The path a notification's button opens. */
export function notificationPath(payload: Pick<NotificationPayload, "kind" | "conversation" | "from">): string {
  if (payload.kind === "message") return payload.conversation ? `/chats/${payload.conversation}` : "/chats";
  if (payload.kind === "match") return `/members/${payload.from}/chat`;
  return "/likes";
}

/**
 * Turns a notification job into an e-mail job, or into nothing: the member must be real, confirmed,
 * not leaving, want this kind of e-mail and not have notifications disabled (complaint, bounce,
 * unsubscribe). For a message, one mail per conversation until the member read it, and none when it
 * was read before the mail was due. The mail job is queued in the statement that claims it.
 */
export class NotificationMailer {
  constructor(
    private readonly db: Db,
    private readonly mailFrom: (site: SiteRow) => string,
    private readonly unsubscribeSecret: () => Promise<string>,
  ) {}

  async handle(payload: NotificationPayload): Promise<"sent" | "skipped"> {
    const message =
      payload.kind === "message" ? (payload.conversation && payload.message ? { conversation: payload.conversation, id: payload.message } : null) : undefined;
    if (message === null) return "skipped";
    // One query for every fact the rules need: most message mails are skipped (one per conversation until read).
    const to = await findNotificationFacts(this.db, payload.to, payload.from, message);
    if (!to?.canLogin || to.deletionRequestedAt || to.status !== "confirmed" || to.notificationsDisabled.length > 0) return "skipped";
    const wanted = { message: to.notifyMessages, like: to.notifyLikes, match: to.notifyMatches }[payload.kind];
    if (!wanted || !to.partner || to.blocked || !to.mailOpen) return "skipped";

    const origin = payload.origin;
    const token = unsubscribeToken(await this.unsubscribeSecret(), to.id);
    // The button is a one-time login link (the token page) that goes on to the conversation or likes:
    // no password to type on a phone. Stored with the mail, in its statement.
    const loginLink = newToken();
    const links = { settings: `${origin}/notifications`, unsubscribe: `${origin}/unsubscribe?token=${token}` };
    const content = renderMail({
      template: TEMPLATES[payload.kind],
      language: to.language as Language,
      siteName: to.site.settings.name,
      name: to.name,
      partner: to.partner,
      link: `${origin}/${loginLink}?next=${encodeURIComponent(notificationPath(payload))}`,
      notification: links,
    });
    // RFC 8058: mail programs offer "unsubscribe" and POST to this address without a login.
    const headers = {
      "List-Unsubscribe": `<${origin}/api/unsubscribe.php?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    const mail: MailJob = { ...content, to: to.email, from: this.mailFrom(to.site), headers, userId: to.id, about: [to.id, payload.from] };
    const queued = await queueNotificationMail(this.db, {
      to: to.id,
      loginTokenHash: hashToken(loginLink),
      loginExpiresAt: new Date(Date.now() + LOGIN_LINK_TTL_HOURS * 3600_000),
      mail: { ...mail },
      message,
    });
    return queued ? "sent" : "skipped";
  }
}
