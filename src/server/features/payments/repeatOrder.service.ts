import type { Payment, RepeatOrderOffer } from "../../../common/schemas/payments";
import type { PaymentProvider, ProviderPayment } from "../../adapters/paymentProvider";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";
import { currentStoredCard, forgetStoredCards, lastPaidBundle } from "./payments.repo";
import { type PaymentRequest, type PaymentsService, paymentDto } from "./payments.service";

/**
 * Repeat orders (/credits/repeat-order): a member whose card the provider keeps buys again in one
 * step, without the checkout. A declined card answers the payment as failed: the member sees
 * 'Credit card payment failed' with a retry and PayPal.
 */
export class RepeatOrderService {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider | null,
    private readonly payments: PaymentsService,
  ) {}

  async offer(member: MemberRecord): Promise<RepeatOrderOffer> {
    const card = this.provider ? await currentStoredCard(this.db, member.user.id, this.provider.name) : null;
    return { card: card ? { label: card.label, method: card.method } : null, last_bundle_id: await lastPaidBundle(this.db, member.user.id) };
  }

  /** Buys `bundleId` with the kept card, once per Idempotency-Key; answers the payment as it stands. */
  async buy(member: MemberRecord, site: SiteRow, bundleId: number, req: PaymentRequest): Promise<Payment> {
    const provider = this.provider;
    if (!provider) throw new AppError(503, "service_unavailable");
    const card = await currentStoredCard(this.db, member.user.id, provider.name);
    if (!card) throw notFound();
    const row = await this.payments.order(member, site, { bundle_id: bundleId, method: card.method }, req, req.idempotencyKey);
    const days = site.settings.refund_days;
    if (row.providerPaymentId) return paymentDto(row, days);
    let charged: ProviderPayment;
    try {
      charged = await provider.chargeStoredCard({
        reference: row.id,
        amount: row.amount,
        currency: row.currency,
        description: this.payments.description(site, row.credits),
        webhookUrl: this.payments.webhookUrl(req.origin),
        card: { customerId: card.customerId, mandateId: card.mandateId },
        key: `charge-${row.id}`,
      });
    } catch {
      return this.payments.providerDown(row);
    }
    const attached = await this.payments.attach(row, charged, card.label);
    // The charge's outcome counts at once (credits on paid), as a webhook would.
    return paymentDto((await this.payments.apply(charged.id, charged)) ?? attached, days);
  }

  /** The member asks us to forget the card: no more one-step orders with it. */
  async forget(member: MemberRecord): Promise<void> {
    await forgetStoredCards(this.db, member.user.id);
  }
}
