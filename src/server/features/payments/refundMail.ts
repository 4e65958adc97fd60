import { eq } from "drizzle-orm";
import { formatDate, formatLocale, formatMoney, formatNumber } from "../../../common/formats";
import { isLanguage, type Language } from "../../../common/locales";
import type { Db } from "../../db/client";
import { profiles, sites, users } from "../../db/schema";
import { translate } from "../../i18n";
import { enqueueMail } from "../../mail/enqueueMail";
import { type MailContent, renderMail } from "../../mail/mailTemplates";
import type { SiteOrigin } from "../settings/siteOrigin";
import type { SiteRow } from "../settings/settings.repo";
import type { PaymentRow } from "./payments.repo";

// The member's mail about a refund an operator made: the amount, the payment (its date, receipt and
// credits) and the credits taken back, in the member's language and way of writing money and dates.

export interface RefundMailer {
  from: (site: SiteRow) => string;
  origin: SiteOrigin;
}

type Refunded = Pick<PaymentRow, "id" | "amount" | "currency" | "credits" | "invoiceNumber" | "paidAt" | "createdAt">;

export function refundMail(
  to: { name: string; language: string; country: string | null; siteName: string },
  payment: Refunded,
  creditsTakenBack: number,
  link: string,
): MailContent {
  const language: Language = isLanguage(to.language) ? to.language : "en";
  const locale = formatLocale(language, to.country);
  const t = (key: string, count: number) => translate(language, `mail.payment_refunded.${key}`, { count, n: formatNumber(count, locale) });
  return renderMail({
    template: "payment_refunded",
    language,
    siteName: to.siteName,
    name: to.name,
    link,
    vars: {
      amount: formatMoney(payment.amount, payment.currency, locale),
      // A mail has no time zone: the day in UTC.
      date: formatDate(payment.paidAt ?? payment.createdAt, locale, { dateStyle: "long", timeZone: "UTC" }),
      receipt: payment.invoiceNumber ?? payment.id,
      credits: t("credits", payment.credits),
      taken: creditsTakenBack > 0 ? t("taken", creditsTakenBack) : translate(language, "mail.payment_refunded.none_taken"),
    },
  });
}

/** Queues the refund's mail to the member in the caller's transaction (the refund's): sent once, retried while the mail server fails. */
export async function enqueueRefundMail(tx: Db, mailer: RefundMailer, memberId: number, payment: Refunded, creditsTakenBack: number): Promise<void> {
  const [to] = await tx
    .select({ email: users.email, language: users.language, name: profiles.name, country: profiles.country, site: sites })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, memberId));
  if (!to) return;
  const content = refundMail({ ...to, siteName: to.site.settings.name }, payment, creditsTakenBack, `${mailer.origin(to.site)}/transactions/${payment.id}`);
  await enqueueMail(tx, { ...content, to: to.email, from: mailer.from(to.site), userId: memberId, about: [memberId] });
}
