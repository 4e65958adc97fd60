import type { Language } from "../../common/locales";
import { translate } from "../i18n";
import { asSingleLine } from "../../common/plainText";
import { escapeHtml } from "../escapeHtml";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate =
  | "activation"
  | "reset"
  | "mail_change"
  | "complaint"
  | "reactivation"
  | "complaint_answer"
  | "photo_rejected"
  | "verification_approved"
  | "verification_rejected"
  | "payment_refunded"
  | SecurityTemplate
  | NotificationTemplate
  | DecisionTemplate;
/** Mails of a moderation decision (features/reports/decisionMails.ts). */
export type DecisionTemplate = "decision" | "report_outcome" | "appeal_outcome" | "report_appeal_outcome";
/** Mails about a change to the account, and the answer to "this wasn't me". */
export type SecurityTemplate = "password_changed" | "email_changed" | "account_secured";
export type NotificationTemplate = "new_message" | "new_like" | "new_match";

/** A notification's footer: why it came, where to choose e-mails, and the one-click unsubscribe link. */
export interface NotificationLinks {
  settings: string;
  unsubscribe: string;
}

/** A mail with one call to action, in `language`: subject, plain text and HTML. */
export function renderMail(input: {
  template: MailTemplate;
  language: Language;
  siteName: string;
  name: string;
  link: string;
  /** The other member of a notification. */
  partner?: string;
  /** Notifications only: the footer with the settings and unsubscribe links. */
  notification?: NotificationLinks;
  /** More values for the template's placeholders, such as a complaint's reference. */
  vars?: Record<string, string>;
  /** The footer of a mail about the account's security: not "ignore it if you did not ask for it". */
  securityFooter?: boolean;
}): MailContent {
  const vars = { site: input.siteName, name: input.name, partner: input.partner ?? "", ...input.vars };
  const t = (key: string) => translate(input.language, `mail.${key}`, vars);
  // A subject is a header: a name stored before names were checked must not start a new line in it.
  const subject = asSingleLine(t(`${input.template}.subject`));
  const greeting = t("greeting");
  const body = t(`${input.template}.body`);
  const button = t(`${input.template}.button`);
  const note = t(`${input.template}.note`);
  const fallback = t("link_fallback");
  const footer = t(input.notification ? "notification_footer" : input.securityFooter ? "security_footer" : "footer");
  const links = input.notification;
  const footerText = links ? [footer, `${t("settings_link")}: ${links.settings}`, `${t("unsubscribe_link")}: ${links.unsubscribe}`].join("\n") : footer;
  const text = [greeting, "", body, "", `${button}: ${input.link}`, "", note, "", "--", footerText].join("\n");
  const e = escapeHtml;
  const footerHtml = links
    ? `${e(footer)}<br><a href="${e(links.settings)}" style="color:#888">${e(t("settings_link"))}</a> · <a href="${e(links.unsubscribe)}" style="color:#888">${e(t("unsubscribe_link"))}</a>`
    : e(footer);
  const html = `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="background:#ec2b45;color:#fff;padding:18px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">${e(input.siteName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p>${e(greeting)}</p><p>${e(body)}</p>
<p style="text-align:center;margin:28px 0"><a href="${e(input.link)}" style="background:#ec2b45;color:#fff;text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:bold;display:inline-block">${e(button)}</a></p>
<p style="font-size:14px;color:#555">${e(note)}</p>
<p style="font-size:13px;color:#777">${e(fallback)}<br><a href="${e(input.link)}" style="color:#ec2b45;word-break:break-all">${e(input.link)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#888;border-top:1px solid #eee">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
