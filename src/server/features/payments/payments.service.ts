import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { PAYMENT_METHOD_FEE_PERCENT, priceBreakdown } from "../../../common/creditBundles";
import { isCountry } from "../../../common/locales";
import { currencyOf, paymentMethodsFor } from "../../../common/paymentMethods";
import type {
  CreditHistoryResponse,
  CreditsOffer,
  Payment,
  PaymentStatus,
  StartPayment,
  StartPaymentResponse,
  TransactionResponse,
  TransactionsResponse,
} from "../../../common/schemas/payments";
import type { PaymentProvider, ProviderPayment } from "../../adapters/paymentProvider";
import type { Db } from "../../db/client";
import { payments, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import { once } from "../credits/idempotency";
import { moveCredits } from "../credits/ledger";
import { findCompany, type SiteRow } from "../settings/settings.repo";
import type { DiscountsService } from "../discounts/discounts.service";
import { reasonNotApplicable } from "../discounts/discounts.service";
import { type PurchaseValue, valueLedger } from "./creditValue";
import {
  activeBundles,
  findBundle,
  findOwnPayment,
  ledgerOf,
  listOwnPayments,
  lockPaymentByProviderId,
  nextInvoiceNumber,
  type PaymentRow,
  paidPayments,
} from "./payments.repo";

const FINAL: readonly PaymentStatus[] = ["paid", "failed", "canceled", "expired"];

export function paymentDto(row: PaymentRow): Payment {
  return {
    payment_id: row.id,
    bundle_id: row.bundleId,
    credits: row.credits,
    payment_method: row.method,
    currency: row.currency,
    price: row.price,
    discount: row.discount,
    transaction_fee: row.fee,
    amount: row.amount,
    discount_code: row.discountCode,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    invoice_number: row.invoiceNumber,
  };
}

export interface PaymentRequest {
  origin: string;
  /** The visitor's country by GeoIP, used when the profile has none. */
  country: string;
  language: string;
  idempotencyKey?: string;
}

/**
 * Credit bundles, their payment through the provider, and what the member bought. Credits move only
 * in the transaction that records the provider's "paid", once per payment, with the ledger row.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider | null,
    /** After credits or premium changed (cached member data on every instance). */
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly discounts: DiscountsService,
  ) {}

  /** The member's country for prices and methods: the profile's, else where the request comes from. */
  countryOf(member: MemberRecord | null, requestCountry: string): string {
    const own = member?.profile.country;
    return isCountry(own) ? own : requestCountry;
  }

  /**
   * The bundles with their prices; with a discount code (a visitor has none), the prices it lowers:
   * a code with a minimum order value lowers only the bundles that reach it.
   */
  async offer(member: MemberRecord | null, site: SiteRow, requestCountry: string, code: string | undefined, language: string): Promise<CreditsOffer> {
    const country = this.countryOf(member, requestCountry);
    const currency = currencyOf(country);
    const [bundles, discount] = await Promise.all([
      activeBundles(this.db, site.id),
      member && code ? this.discounts.lookup(member, site, country, code) : Promise.resolve(null),
    ]);
    return {
      country,
      currency,
      discount,
      bundles: bundles.map((b) => {
        const price = b.prices[currency];
        const applies = discount !== null && reasonNotApplicable(discount, { price, currency, method: null }, language) === null;
        const percentage = applies ? discount.value_percentage : null;
        return { id: b.id, credits: b.credits, currency, price, amount: priceBreakdown(price, percentage, null).amount, discount_percentage: percentage, popular: b.popular };
      }),
      payment_methods: paymentMethodsFor(country).map((m) => ({ id: m.id, fee_percentage: PAYMENT_METHOD_FEE_PERCENT[m.id] ?? 0 })),
      costs: { message: site.settings.message_credits, photo: site.settings.photo_credits, gift: site.settings.gift_credits },
    };
  }

  /**
   * Orders a bundle and opens the provider's checkout. The order is stored first (once per
   * Idempotency-Key), then sent to the provider; a retry returns the same checkout.
   */
  async start(member: MemberRecord, site: SiteRow, input: StartPayment, req: PaymentRequest): Promise<StartPaymentResponse> {
    const provider = this.provider;
    if (!provider) throw new AppError(503, "service_unavailable");
    const country = this.countryOf(member, req.country);
    if (!paymentMethodsFor(country).some((m) => m.id === input.method)) throw new AppError(400, "payment_method_unavailable", undefined, "method");
    const bundle = await findBundle(this.db, site.id, input.bundle_id);
    if (!bundle) throw notFound();
    const currency = currencyOf(country);
    const order = { price: bundle.prices[currency], currency, method: input.method };
    const discount = input.discount_code ? await this.discounts.check(member, site, country, input.discount_code, order, req.language) : null;
    const price = priceBreakdown(order.price, discount?.value_percentage ?? null, input.method);

    const created = await once(this.db, member.user.id, req.idempotencyKey, async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          id: randomUUID(),
          userId: member.user.id,
          siteId: site.id,
          bundleId: bundle.id,
          credits: bundle.credits,
          method: input.method,
          currency,
          price: price.price,
          discount: price.discount,
          discountCode: discount?.code ?? null,
          fee: price.fee,
          amount: price.amount,
          provider: provider.name,
        })
        .returning({ id: payments.id });
      return { payment_id: row.id };
    });

    const [row] = await this.db.select().from(payments).where(eq(payments.id, created.payment_id));
    if (row.providerPaymentId && row.checkoutUrl) return { payment_id: row.id, checkout_url: row.checkoutUrl };
    let opened: ProviderPayment;
    try {
      opened = await provider.create({
        reference: row.id,
        amount: row.amount,
        currency: row.currency,
        description: `${site.settings.name}: ${row.credits} credits`,
        method: row.method,
        redirectUrl: `${req.origin}/credits/${row.bundleId}/${row.method}?payment=${row.id}`,
        webhookUrl: `${req.origin}/api/payment-webhook.php?provider=${provider.name}`,
        locale: req.language,
      });
    } catch {
      // Nothing was paid; the member may try again (a new key, a new order).
      await this.db.update(payments).set({ status: "failed", updatedAt: new Date() }).where(eq(payments.id, row.id));
      throw new AppError(503, "service_unavailable");
    }
    if (!opened.checkoutUrl) throw new AppError(503, "service_unavailable");
    // Two retries racing here: the first stored checkout wins, and both answer with it.
    await this.db
      .update(payments)
      .set({ providerPaymentId: opened.id, checkoutUrl: opened.checkoutUrl, status: opened.status, updatedAt: new Date() })
      .where(and(eq(payments.id, row.id), isNull(payments.providerPaymentId)));
    const [stored] = await this.db.select({ checkoutUrl: payments.checkoutUrl }).from(payments).where(eq(payments.id, row.id));
    return { payment_id: row.id, checkout_url: stored.checkoutUrl ?? opened.checkoutUrl };
  }

  /** The member's own payment; one not final yet is asked of the provider first (a late webhook changes nothing then). */
  async status(member: MemberRecord, id: string): Promise<Payment> {
    const row = await findOwnPayment(this.db, member.user.id, id);
    if (!row) throw notFound();
    if (FINAL.includes(row.status) || !row.providerPaymentId || !this.provider || row.provider !== this.provider.name) return paymentDto(row);
    const state = await this.provider.get(row.providerPaymentId).catch(() => null);
    if (!state) return paymentDto(row);
    return paymentDto((await this.apply(row.providerPaymentId, state)) ?? row);
  }

  /**
   * A provider's webhook: it names a payment only; its state is fetched from the provider. Unknown
   * ids are acknowledged (the provider stops retrying) and change nothing; a call that is not
   * genuine is refused.
   */
  async webhook(providerName: string, rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<void> {
    const provider = this.provider;
    if (!provider || provider.name !== providerName) throw notFound();
    const id = await provider.webhookPaymentId(rawBody, headers);
    if (!id) throw new AppError(401, "webhook_invalid");
    const state = await provider.get(id);
    if (state) await this.apply(id, state);
  }

  /**
   * Applies the provider's true state in one transaction, whatever order calls come in: the payment
   * row is locked, and credits and premium are granted only on the first "paid" (creditedAt).
   */
  private async apply(providerPaymentId: string, state: ProviderPayment): Promise<PaymentRow | null> {
    const provider = this.provider;
    if (!provider) return null;
    const result = await this.db.transaction(async (tx) => {
      const row = await lockPaymentByProviderId(tx, provider.name, providerPaymentId);
      if (!row) return null;
      const now = new Date();
      const patch: Partial<PaymentRow> = { status: row.creditedAt ? "paid" : state.status, updatedAt: now };
      let credited = false;
      if (state.status === "paid" && !row.creditedAt && row.userId !== null) {
        await moveCredits(tx, row.userId, row.credits, "purchase", row.id);
        await tx.update(users).set({ paidUser: true }).where(eq(users.id, row.userId));
        Object.assign(patch, { creditedAt: now, paidAt: now, invoiceNumber: await nextInvoiceNumber(tx, row.siteId, now.getUTCFullYear()) });
        credited = true;
      }
      const [updated] = await tx.update(payments).set(patch).where(eq(payments.id, row.id)).returning();
      return { updated, credited };
    });
    if (result?.credited && result.updated.userId !== null) await this.onMemberChanged(result.updated.userId);
    return result?.updated ?? null;
  }

  async transactions(member: MemberRecord): Promise<TransactionsResponse> {
    return { transactions: (await listOwnPayments(this.db, member.user.id)).map(paymentDto) };
  }

  /** One transaction with the receipt's details: the company behind the site, and the buyer. */
  async transaction(member: MemberRecord, site: SiteRow, id: string): Promise<TransactionResponse> {
    const row = await findOwnPayment(this.db, member.user.id, id);
    if (!row?.providerPaymentId) throw notFound();
    const company = await findCompany(this.db, site.companyId);
    const info = company?.info;
    return {
      transaction: paymentDto(row),
      seller: {
        name: info?.name ?? site.settings.name,
        address: info?.address ?? "",
        city: info?.city ?? "",
        country: info?.country ?? "",
        kvk: info?.kvk ?? "",
        vat_numbers: info?.vat_numbers ?? [],
        tradenames: info?.tradenames ?? [],
        support_email: site.settings.support_email,
        site: site.domain,
      },
      buyer: { name: member.profile.name, email: member.user.email },
      refund_days: site.settings.refund_days,
    };
  }

  async history(member: MemberRecord): Promise<CreditHistoryResponse> {
    const [lines, paid] = await Promise.all([ledgerOf(this.db, member.user.id), paidPayments(this.db, member.user.id)]);
    const purchases = new Map<string, PurchaseValue>(paid.map((p) => [p.id, { credits: p.credits, currency: p.currency, value: p.amount - p.fee }]));
    // Newest first on screen; the valuation walks them oldest first.
    return { entries: valueLedger(lines, purchases).reverse() };
  }
}
