import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { PAYMENT_METHOD_FEE_PERCENT, type PriceBreakdown, priceBreakdown } from "../../../common/creditBundles";
import { isCountry } from "../../../common/locales";
import { type Currency, currencyOf, type PaymentMethodId, paymentMethodById, paymentMethodsFor } from "../../../common/paymentMethods";
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
import { type Db, isUniqueViolation } from "../../db/client";
import { payments, sites, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import { attemptsFor, enqueue } from "../../jobs/queue";
import { once, storedAnswer } from "../credits/idempotency";
import { moveCredits } from "../credits/ledger";
import { findCompany, type SiteRow } from "../settings/settings.repo";
import { discountClaim } from "../discounts/discountClaim";
import type { DiscountsService } from "../discounts/discounts.service";
import { formatLocale } from "../../../common/formats";
import { reasonNotApplicable } from "../discounts/discounts.service";
import { type PurchaseValue, unspentOfPurchase, valueLedger } from "./creditValue";
import { recordAudit } from "../audit/audit.repo";
import { enqueueRefundMail, type RefundMailer } from "./refundMail";
import {
  activeBundles,
  type BundleRow,
  findBundle,
  keepStoredCard,
  providerCustomerId,
  findOwnPayment,
  ledgerOf,
  listOwnPayments,
  lockPaymentByProviderId,
  nextInvoiceNumber,
  type PaymentRow,
  paidPayments,
} from "./payments.repo";

export const PAYMENT_REFUND_JOB = "payment-refund";

const FINAL: readonly PaymentStatus[] = ["paid", "failed", "canceled", "expired", "refunded"];
/** An order that ends in one of these without being paid gives its discount code back (discountClaim). */
const ENDED_UNPAID: readonly PaymentStatus[] = ["failed", "canceled", "expired"];

/** The member's view of a payment; `refundDays` is the site's (spec section 1: refund days). */
export function paymentDto(row: PaymentRow, refundDays: number): Payment {
  const refundableUntil = row.status === "paid" && row.paidAt ? new Date(row.paidAt.getTime() + refundDays * 86_400_000) : null;
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
    stored_card: row.storedCard,
    refundable_until: refundableUntil && refundableUntil > new Date() ? refundableUntil.toISOString() : null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

/** An order's price, before it is stored. */
export interface Quote {
  bundle: BundleRow;
  currency: Currency;
  method: PaymentMethodId;
  discountCode: string | null;
  /** What the code takes while the order holds it (discounts/discountClaim.ts). */
  discountClaim: string | null;
  price: PriceBreakdown;
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
    /** Wakes the job worker after a job was queued. */
    private readonly onQueued: () => void,
    /** The sender and the links of the mail telling a member of an operator's refund. */
    private readonly refundMailer: RefundMailer,
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
        const applies = discount !== null && reasonNotApplicable(discount, { price, currency, method: null }, formatLocale(language, country)) === null;
        const percentage = applies ? discount.value_percentage : null;
        return {
          id: b.id,
          credits: b.credits,
          currency,
          price,
          amount: priceBreakdown(price, percentage, null).amount,
          discount_percentage: percentage,
          popular: b.popular,
        };
      }),
      payment_methods: paymentMethodsFor(country).map((m) => ({ id: m.id, fee_percentage: PAYMENT_METHOD_FEE_PERCENT[m.id] ?? 0 })),
      costs: { message: site.settings.message_credits, photo: site.settings.photo_credits, gift: site.settings.gift_credits },
    };
  }

  /** What an order of a bundle with a method costs this member: the country's currency, the discount, the fee. */
  async quote(member: MemberRecord, site: SiteRow, input: StartPayment, req: PaymentRequest): Promise<Quote> {
    const country = this.countryOf(member, req.country);
    if (!paymentMethodsFor(country).some((m) => m.id === input.method)) throw new AppError(400, "payment_method_unavailable", undefined, "method");
    const bundle = await findBundle(this.db, site.id, input.bundle_id);
    if (!bundle) throw notFound();
    const currency = currencyOf(country);
    const order = { price: bundle.prices[currency], currency, method: input.method };
    const discount = input.discount_code ? await this.discounts.check(member, site, country, input.discount_code, order, req.language) : null;
    return {
      bundle,
      currency,
      method: input.method,
      discountCode: discount?.code ?? null,
      discountClaim: discount ? discountClaim(discount, member.user.id) : null,
      price: priceBreakdown(order.price, discount?.value_percentage ?? null, input.method),
    };
  }

  /**
   * The order of this Idempotency-Key when it was placed before (a retry keeps its price and its
   * discount), else a new one at today's quote.
   */
  async order(member: MemberRecord, site: SiteRow, input: StartPayment, req: PaymentRequest, idempotencyKey: string | undefined): Promise<PaymentRow> {
    const placed = async () => {
      if (!idempotencyKey) return null;
      const answer = await storedAnswer<{ payment_id?: string }>(this.db, member.user.id, idempotencyKey);
      if (!answer?.payment_id) return null;
      const [row] = await this.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, answer.payment_id), eq(payments.userId, member.user.id)));
      return row ?? null;
    };
    const before = await placed();
    if (before) return before;
    try {
      return await this.placeOrder(member, site, await this.quote(member, site, input, req), idempotencyKey);
    } catch (err) {
      // The code is held by the order this very key placed a moment ago (a retry that crossed it).
      if (err instanceof AppError && err.code === "code_used") {
        const crossed = await placed();
        if (crossed) return crossed;
      }
      throw err;
    }
  }

  /** Stores the order once per Idempotency-Key (a retry gets the same order back) and answers it. */
  async placeOrder(member: MemberRecord, site: SiteRow, quote: Quote, idempotencyKey: string | undefined): Promise<PaymentRow> {
    const provider = this.provider;
    if (!provider) throw new AppError(503, "service_unavailable");
    const placed = await once(this.db, member.user.id, idempotencyKey, async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          id: randomUUID(),
          userId: member.user.id,
          siteId: site.id,
          bundleId: quote.bundle.id,
          credits: quote.bundle.credits,
          method: quote.method,
          currency: quote.currency,
          price: quote.price.price,
          discount: quote.price.discount,
          discountCode: quote.discountCode,
          discountClaim: quote.discountClaim,
          fee: quote.price.fee,
          amount: quote.price.amount,
          provider: provider.name,
        })
        .returning({ id: payments.id });
      return { payment_id: row.id };
    }).catch((err: unknown) => {
      // Another order holds the code (two orders at once): this one does not get it.
      if (isUniqueViolation(err, "payments_discount_claim_key")) throw new AppError(400, "code_used");
      throw err;
    });
    const [row] = await this.db.select().from(payments).where(eq(payments.id, placed.payment_id));
    return row;
  }

  /** Records the provider's payment for our order; the first one stored wins when two retries race. */
  async attach(row: PaymentRow, opened: ProviderPayment, storedCard?: string): Promise<PaymentRow> {
    await this.db
      .update(payments)
      .set({
        providerPaymentId: opened.id,
        providerCustomerId: opened.customerId ?? null,
        checkoutUrl: opened.checkoutUrl,
        status: opened.status,
        updatedAt: new Date(),
        ...(ENDED_UNPAID.includes(opened.status) ? { discountClaim: null } : {}),
        ...(storedCard ? { storedCard } : {}),
      })
      .where(and(eq(payments.id, row.id), isNull(payments.providerPaymentId)));
    const [stored] = await this.db.select().from(payments).where(eq(payments.id, row.id));
    return stored;
  }

  /** An order the provider could not take: nothing was paid, and the member may try again. */
  async providerDown(row: PaymentRow): Promise<never> {
    await this.db
      .update(payments)
      .set({ status: "failed", discountClaim: null, updatedAt: new Date() })
      .where(and(eq(payments.id, row.id), isNull(payments.providerPaymentId)));
    throw new AppError(503, "service_unavailable");
  }

  webhookUrl(origin: string): string {
    return `${origin}/api/payment-webhook.php?provider=${this.provider?.name ?? "none"}`;
  }

  description(site: SiteRow, credits: number): string {
    return `${site.settings.name}: ${credits} credits`;
  }

  /**
   * Orders a bundle and opens the provider's checkout. The order is stored first (once per
   * Idempotency-Key), then sent to the provider; a retry returns the same checkout. With
   * `store_card` (a card method) the provider keeps the card for one-step repeat orders.
   */
  async start(member: MemberRecord, site: SiteRow, input: StartPayment, req: PaymentRequest): Promise<StartPaymentResponse> {
    const provider = this.provider;
    if (!provider) throw new AppError(503, "service_unavailable");
    const row = await this.order(member, site, input, req, req.idempotencyKey);
    if (row.providerPaymentId && row.checkoutUrl) return { payment_id: row.id, checkout_url: row.checkoutUrl };
    const keepCard = input.store_card === true && paymentMethodById(input.method).kind === "card";
    let opened: ProviderPayment;
    try {
      opened = await provider.create({
        reference: row.id,
        amount: row.amount,
        currency: row.currency,
        description: this.description(site, row.credits),
        method: row.method,
        redirectUrl: `${req.origin}/credits/${row.bundleId}/${row.method}?payment=${row.id}`,
        webhookUrl: this.webhookUrl(req.origin),
        locale: req.language,
        storeCard: keepCard
          ? {
              customer: { reference: String(member.user.id), name: member.profile.name, email: member.user.email },
              customerId: await providerCustomerId(this.db, member.user.id, provider.name),
            }
          : undefined,
      });
    } catch {
      return this.providerDown(row);
    }
    if (!opened.checkoutUrl) return this.providerDown(row);
    const stored = await this.attach(row, opened);
    return { payment_id: row.id, checkout_url: stored.checkoutUrl ?? opened.checkoutUrl };
  }

  /** The member's own payment; one not final yet is asked of the provider first (a late webhook changes nothing then). */
  async status(member: MemberRecord, site: SiteRow, id: string): Promise<Payment> {
    const days = site.settings.refund_days;
    const row = await findOwnPayment(this.db, member.user.id, id);
    if (!row) throw notFound();
    if (FINAL.includes(row.status) || !row.providerPaymentId || !this.provider || row.provider !== this.provider.name) return paymentDto(row, days);
    const state = await this.provider.get(row.providerPaymentId).catch(() => null);
    if (!state) return paymentDto(row, days);
    return paymentDto((await this.apply(row.providerPaymentId, state)) ?? row, days);
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
  async apply(providerPaymentId: string, state: ProviderPayment): Promise<PaymentRow | null> {
    const provider = this.provider;
    if (!provider) return null;
    const result = await this.db.transaction(async (tx) => {
      const row = await lockPaymentByProviderId(tx, provider.name, providerPaymentId);
      if (!row) return null;
      const now = new Date();
      // Once credited, a payment stays paid in our books (a refund is our own step, kept as refunded).
      const patch: Partial<PaymentRow> = { status: row.status === "refunded" ? "refunded" : row.creditedAt ? "paid" : state.status, updatedAt: now };
      if (!row.creditedAt && ENDED_UNPAID.includes(state.status)) patch.discountClaim = null;
      let credited = false;
      if (state.status === "paid" && !row.creditedAt && row.userId !== null) {
        await moveCredits(tx, row.userId, row.credits, "purchase", row.id);
        await tx.update(users).set({ paidUser: true }).where(eq(users.id, row.userId));
        Object.assign(patch, { creditedAt: now, paidAt: now, invoiceNumber: await nextInvoiceNumber(tx, row.siteId, now.getUTCFullYear()) });
        credited = true;
      }
      if (state.storedCard) patch.storedCard = state.storedCard.label;
      const [updated] = await tx.update(payments).set(patch).where(eq(payments.id, row.id)).returning();
      // A direct debit the bank refused: no more direct debits for this member.
      if (row.method === "sepa_direct_debit" && state.status === "failed" && !row.creditedAt && row.userId !== null) {
        await tx.update(users).set({ directDebitBlocked: true }).where(eq(users.id, row.userId));
      }
      // The card the payer let the provider keep, for one-step repeat orders.
      if (state.storedCard && row.userId !== null) await keepStoredCard(tx, row.userId, provider.name, row.method, state.storedCard);
      return { updated, credited };
    });
    if (result?.credited && result.updated.userId !== null) await this.onMemberChanged(result.updated.userId);
    return result?.updated ?? null;
  }

  /**
   * The member takes a purchase back within the site's refund days (the return policy): only while
   * its credits are unspent. Credits, the state and premium change in one transaction, with the job
   * that asks the provider to pay the money back (retried until it succeeds, made once).
   */
  async refund(member: MemberRecord, site: SiteRow, id: string): Promise<Payment> {
    const days = site.settings.refund_days;
    const row = await this.db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, member.user.id)))
        .for("update");
      if (!payment) throw notFound();
      if (payment.status !== "paid" || !payment.paidAt || !payment.providerPaymentId) throw new AppError(400, "refund_not_possible");
      if (payment.paidAt.getTime() + days * 86_400_000 < Date.now()) throw new AppError(400, "refund_period_over", { days });
      if ((await moveCredits(tx, member.user.id, -payment.credits, "refund", payment.id)) === null) throw new AppError(400, "refund_credits_spent");
      const now = new Date();
      const [updated] = await tx.update(payments).set({ status: "refunded", refundedAt: now, updatedAt: now }).where(eq(payments.id, id)).returning();
      // Premium comes with a purchase: it stays while another one is kept.
      const [kept] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, member.user.id), eq(payments.status, "paid"), isNotNull(payments.creditedAt)))
        .limit(1);
      if (!kept) await tx.update(users).set({ paidUser: false }).where(eq(users.id, member.user.id));
      // The member's money: tried for a week of provider failures before an operator has to step in.
      await enqueue(tx, PAYMENT_REFUND_JOB, { paymentId: id }, { maxAttempts: attemptsFor(7) });
      return updated;
    });
    this.onQueued();
    await this.onMemberChanged(member.user.id);
    return paymentDto(row, days);
  }

  /**
   * An admin refunds a member's payment within the site's refund days (issue 16): the money in
   * full, through the provider first, then in one transaction the purchase's credits not yet spent
   * (`unspentOfPurchase`) as a `refund` ledger row, the payment refunded, premium as in `refund`,
   * the audit row and the member's mail (amount, payment, credits taken back). The provider's refund key is the payment's, as in the member's refund: a
   * double click, a retry after a fault, or a member's refund of the same payment is one refund
   * at the provider; a provider fault changes nothing here (the operator may try again).
   */
  async refundByOperator(operatorId: number, memberId: number, id: string, reason: string): Promise<{ payment: Payment; creditsTakenBack: number }> {
    const loaded = await this.db
      .select({ payment: payments, settings: sites.settings })
      .from(payments)
      .innerJoin(sites, eq(sites.id, payments.siteId))
      .where(and(eq(payments.id, id), eq(payments.userId, memberId)));
    if (loaded.length === 0) throw notFound();
    const days = loaded[0].settings.refund_days;
    const first = loaded[0].payment;
    if (first.status === "refunded") return { payment: paymentDto(first, days), creditsTakenBack: 0 };
    if (first.status !== "paid" || !first.paidAt || !first.providerPaymentId) throw new AppError(400, "refund_not_possible");
    if (first.paidAt.getTime() + days * 86_400_000 < Date.now()) throw new AppError(400, "refund_period_over", { days });
    const provider = this.provider;
    if (!provider || provider.name !== first.provider) throw new AppError(503, "service_unavailable");
    try {
      await provider.refund(first.providerPaymentId, first.amount, first.currency, `refund-${first.id}`);
    } catch {
      throw new AppError(503, "service_unavailable");
    }
    const done = await this.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
      // A second click waited for the first one's lock: the payment is refunded already.
      if (payment.status === "refunded") return { row: payment, taken: 0, changed: false };
      // The member's row lock first: no spend slips in between counting and taking back.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for("update");
      const taken = unspentOfPurchase(await ledgerOf(tx, memberId), payment.id);
      if (taken > 0 && (await moveCredits(tx, memberId, -taken, "refund", payment.id)) === null) throw new AppError(400, "refund_not_possible");
      const now = new Date();
      const [row] = await tx.update(payments).set({ status: "refunded", refundedAt: now, updatedAt: now }).where(eq(payments.id, id)).returning();
      const [kept] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, memberId), eq(payments.status, "paid"), isNotNull(payments.creditedAt)))
        .limit(1);
      if (!kept) await tx.update(users).set({ paidUser: false }).where(eq(users.id, memberId));
      await recordAudit(tx, {
        operatorId,
        action: "member.refund",
        memberId,
        reason,
        details: { payment_id: id, amount: row.amount, currency: row.currency, credits: row.credits, credits_taken_back: taken },
      });
      // Told in the refund's transaction: a refund is mailed once, and a mail server's fault loses nothing.
      await enqueueRefundMail(tx, this.refundMailer, memberId, row, taken);
      return { row, taken, changed: true };
    });
    if (done.changed) {
      this.onQueued();
      await this.onMemberChanged(memberId);
    }
    return { payment: paymentDto(done.row, days), creditsTakenBack: done.taken };
  }

  /** The refund job: the provider pays the money back; the payment id is the refund's idempotency key. */
  async refundAtProvider(paymentId: string): Promise<void> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row?.providerPaymentId || row.status !== "refunded") return;
    if (!this.provider || this.provider.name !== row.provider) throw new Error(`refund ${paymentId}: provider ${row.provider} is not configured`);
    await this.provider.refund(row.providerPaymentId, row.amount, row.currency, `refund-${row.id}`);
  }

  async transactions(member: MemberRecord, site: SiteRow): Promise<TransactionsResponse> {
    return { transactions: (await listOwnPayments(this.db, member.user.id)).map((row) => paymentDto(row, site.settings.refund_days)) };
  }

  /** One transaction with the receipt's details: the company behind the site, and the buyer. */
  async transaction(member: MemberRecord, site: SiteRow, id: string): Promise<TransactionResponse> {
    const row = await findOwnPayment(this.db, member.user.id, id);
    if (!row?.providerPaymentId) throw notFound();
    const company = await findCompany(this.db, site.companyId);
    const info = company?.info;
    return {
      transaction: paymentDto(row, site.settings.refund_days),
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
