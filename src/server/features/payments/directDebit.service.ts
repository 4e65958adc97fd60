import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import {
  DIRECT_DEBIT_CODE_ATTEMPTS,
  DIRECT_DEBIT_CODE_DIGITS,
  DIRECT_DEBIT_CODE_MINUTES,
  DIRECT_DEBIT_LIMIT_30_DAYS_EUR_CENTS,
  DIRECT_DEBIT_RESEND_SECONDS,
} from "../../../common/constants";
import { type Language, isLanguage } from "../../../common/locales";
import { formatLocale, formatMoney } from "../../../common/formats";
import type { DirectDebitRequest, DirectDebitStarted, Payment } from "../../../common/schemas/payments";
import type { PaymentProvider, ProviderPayment } from "../../adapters/paymentProvider";
import type { Db } from "../../db/client";
import { directDebitRequests, payments, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { translate } from "../../i18n";
import { enqueue } from "../../jobs/queue";
import type { MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";
import { providerCustomerId } from "./payments.repo";
import { type PaymentRequest, type PaymentsService, paymentDto } from "./payments.service";

export const SMS_JOB = "sms";

const hashCode = (requestId: string, code: string) => createHash("sha256").update(`${requestId}:${code}`).digest("hex");
const newCode = () => String(randomInt(0, 10 ** DIRECT_DEBIT_CODE_DIGITS)).padStart(DIRECT_DEBIT_CODE_DIGITS, "0");
const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
const maskPhone = (e164: string) => `${e164.slice(0, 4)} •••• ${e164.slice(-2)}`;

/**
 * The one-time SEPA direct debit of /directdebit (spec sections 2 to 5): account holder, IBAN
 * (checked with ibantools) and a mobile number (libphonenumber-js), the authorisation checkbox,
 * then a one-time code by SMS ('Code invalid' on a wrong one). A member whose direct debit failed
 * is blocked for direct debit; each member has a limit (constants.ts).
 */
export class DirectDebitService {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider | null,
    private readonly payments: PaymentsService,
    private readonly onQueued: () => void,
  ) {}

  private async assertAllowed(member: MemberRecord, amount: number): Promise<void> {
    const [user] = await this.db.select({ blocked: users.directDebitBlocked }).from(users).where(eq(users.id, member.user.id));
    if (user?.blocked) throw new AppError(403, "direct_debit_blocked");
    const [row] = await this.db
      .select({
        waiting: sql<number>`count(*) FILTER (WHERE ${payments.status} IN ('open', 'pending'))::int`,
        total: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
      })
      .from(payments)
      .where(
        and(
          eq(payments.userId, member.user.id),
          eq(payments.method, "sepa_direct_debit"),
          inArray(payments.status, ["open", "pending", "paid"]),
          gt(payments.createdAt, sql`now() - interval '30 days'`),
        ),
      );
    if (row.waiting > 0 || row.total + amount > DIRECT_DEBIT_LIMIT_30_DAYS_EUR_CENTS) {
      throw new AppError(400, "direct_debit_limit", {
        limit: formatMoney(DIRECT_DEBIT_LIMIT_30_DAYS_EUR_CENTS, "EUR", formatLocale(member.user.language, member.profile.country)),
      });
    }
  }

  /** Checks the form, keeps the request and texts the code (queued in the same transaction). */
  async request(member: MemberRecord, site: SiteRow, input: DirectDebitRequest, req: PaymentRequest): Promise<DirectDebitStarted> {
    if (!this.provider) throw new AppError(503, "service_unavailable");
    const quote = await this.payments.quote(member, site, { bundle_id: input.bundle_id, method: "sepa_direct_debit", discount_code: input.discount_code }, req);
    const iban = electronicFormatIBAN(input.iban) ?? "";
    if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) throw new AppError(400, "iban_invalid", undefined, "iban");
    const country = this.payments.countryOf(member, req.country) as CountryCode;
    const phone = parsePhoneNumberFromString(input.phone, country);
    if (!phone?.isValid()) throw new AppError(400, "phone_invalid", undefined, "phone");
    await this.assertAllowed(member, quote.price.amount);

    const id = randomUUID();
    const code = newCode();
    await this.db.transaction(async (tx) => {
      await tx.insert(directDebitRequests).values({
        id,
        userId: member.user.id,
        bundleId: quote.bundle.id,
        discountCode: quote.discountCode,
        holder: input.holder,
        iban,
        phone: phone.number,
        codeHash: hashCode(id, code),
        expiresAt: new Date(Date.now() + DIRECT_DEBIT_CODE_MINUTES * 60_000),
      });
      await this.queueCode(tx, member, site, phone.number, code, formatMoney(quote.price.amount, "EUR", formatLocale(req.language, member.profile.country)));
    });
    this.onQueued();
    return { request_id: id, phone: maskPhone(phone.number), iban: maskIban(iban), amount: quote.price.amount, currency: "EUR" };
  }

  private async queueCode(tx: Db, member: MemberRecord, site: SiteRow, to: string, code: string, amount: string): Promise<void> {
    const language: Language = isLanguage(member.user.language) ? member.user.language : "en";
    const text = translate(language, "sms.direct_debit_code", { code, site: site.settings.name, amount, minutes: DIRECT_DEBIT_CODE_MINUTES });
    // `about` as in MailJob: erasing the member deletes the job.
    await enqueue(tx, SMS_JOB, { to, text, about: [member.user.id] });
  }

  /** A new code for the same request, at most once a minute; the tries start over. */
  async resend(member: MemberRecord, site: SiteRow, requestId: string, req: PaymentRequest): Promise<void> {
    const code = newCode();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(directDebitRequests)
        .where(and(eq(directDebitRequests.id, requestId), eq(directDebitRequests.userId, member.user.id)))
        .for("update");
      if (!row || row.confirmedAt) throw notFound();
      if (row.lastSentAt.getTime() + DIRECT_DEBIT_RESEND_SECONDS * 1000 > Date.now()) throw new AppError(429, "rate_limited");
      await tx
        .update(directDebitRequests)
        .set({ codeHash: hashCode(row.id, code), attempts: 0, lastSentAt: new Date(), expiresAt: new Date(Date.now() + DIRECT_DEBIT_CODE_MINUTES * 60_000) })
        .where(eq(directDebitRequests.id, row.id));
      const quote = await this.payments.quote(
        member,
        site,
        { bundle_id: row.bundleId, method: "sepa_direct_debit", discount_code: row.discountCode ?? undefined },
        req,
      );
      await this.queueCode(tx, member, site, row.phone, code, formatMoney(quote.price.amount, "EUR", formatLocale(req.language, member.profile.country)));
    });
    this.onQueued();
  }

  /**
   * The code from the SMS: a wrong one counts a try ('Code invalid'); the right one places the order
   * and hands the debit to the provider. Repeating a confirmed request answers its payment.
   */
  async confirm(member: MemberRecord, site: SiteRow, requestId: string, code: string, req: PaymentRequest): Promise<Payment> {
    const provider = this.provider;
    if (!provider) throw new AppError(503, "service_unavailable");
    const request = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(directDebitRequests)
        .where(and(eq(directDebitRequests.id, requestId), eq(directDebitRequests.userId, member.user.id)))
        .for("update");
      if (!row) throw notFound();
      if (row.confirmedAt) return row;
      if (row.expiresAt < new Date() || row.attempts >= DIRECT_DEBIT_CODE_ATTEMPTS) throw new AppError(400, "sms_code_expired");
      const given = Buffer.from(hashCode(row.id, code));
      if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
        await tx
          .update(directDebitRequests)
          .set({ attempts: row.attempts + 1 })
          .where(eq(directDebitRequests.id, row.id));
        return null;
      }
      const [confirmed] = await tx.update(directDebitRequests).set({ confirmedAt: new Date() }).where(eq(directDebitRequests.id, row.id)).returning();
      return confirmed;
    });
    if (!request) throw new AppError(400, "code_invalid", undefined, "code");

    const days = site.settings.refund_days;
    // One order per request, whatever repeats: the request id is the order's idempotency key.
    const input = { bundle_id: request.bundleId, method: "sepa_direct_debit" as const, discount_code: request.discountCode ?? undefined };
    const row = await this.payments.order(member, site, input, req, `dd-${request.id}`);
    if (row.providerPaymentId) return paymentDto(row, days);
    await this.assertAllowed(member, 0).catch((error: unknown) => {
      // The order itself is the one waiting now; only a block stops it here.
      if (error instanceof AppError && error.code === "direct_debit_blocked") throw error;
    });
    let debit: ProviderPayment;
    try {
      debit = await provider.createDirectDebit({
        reference: row.id,
        amount: row.amount,
        currency: "EUR",
        description: this.payments.description(site, row.credits),
        webhookUrl: this.payments.webhookUrl(req.origin),
        account: { holder: request.holder, iban: request.iban },
        customer: { reference: String(member.user.id), name: member.profile.name, email: member.user.email },
        mandateReference: `${site.settings.name
          .slice(0, 10)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, "")}-${row.id.slice(0, 8).toUpperCase()}`,
        signedAt: (request.confirmedAt ?? new Date()).toISOString().slice(0, 10),
        key: `dd-${row.id}`,
        customerId: await providerCustomerId(this.db, member.user.id, provider.name),
      });
    } catch {
      return this.payments.providerDown(row);
    }
    const attached = await this.payments.attach(row, debit);
    // The provider has the account now: we keep only a masked IBAN.
    await this.db
      .update(directDebitRequests)
      .set({ iban: maskIban(request.iban), paymentId: row.id })
      .where(eq(directDebitRequests.id, request.id));
    return paymentDto((await this.payments.apply(debit.id, debit)) ?? attached, days);
  }
}
