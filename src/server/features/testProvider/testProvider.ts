import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Currency } from "../../../common/paymentMethods";
import { isPaymentMethodId, paymentMethodById } from "../../../common/paymentMethods";
import type { ChargeStoredCard, CreateProviderPayment, DirectDebit, PaymentProvider, ProviderPayment } from "../../adapters/paymentProvider";
import type { Db } from "../../db/client";
import { testProviderMandates, testProviderPayments } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { serverKey } from "../notifications/serverKeys";

export const SIGNATURE_HEADER = "x-test-provider-signature";
export const TEST_PROVIDER_WEBHOOK_JOB = "test-provider-webhook";

/** The secret the test provider signs its webhook calls with: made once, shared through the database. */
export function testProviderSecret(db: Db): Promise<string> {
  return serverKey(db, "test_provider_webhook_secret", () => randomBytes(32).toString("base64url"));
}

export type TestProviderRow = typeof testProviderPayments.$inferSelect;

export function sign(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** The test cards the checkout page offers to keep: one that works, one that declines later charges. */
export const TEST_CARDS = {
  ok: { last4: "4242", declines: false },
  declines: { last4: "0002", declines: true },
} as const;
export type TestCard = keyof typeof TEST_CARDS;

/** "Visa •••• 4242": the method's brand (Visa for a generic card) and the card's last digits. */
export function cardLabel(method: string, last4: string): string {
  const known = isPaymentMethodId(method) ? paymentMethodById(method).name : null;
  const brand = known && "brand" in known ? known.brand : "Visa";
  return `${brand} •••• ${last4}`;
}

const toProvider = (row: TestProviderRow, origin: string | null, mandate: { label: string } | null): ProviderPayment => ({
  id: row.id,
  status: row.status,
  checkoutUrl: origin && (row.status === "open" || row.status === "pending") ? `${origin}/test-provider/checkout/${row.id}` : null,
  storedCard:
    row.storeCard && row.status === "paid" && row.customerId && row.mandateId && mandate
      ? { customerId: row.customerId, mandateId: row.mandateId, label: mandate.label }
      : null,
});

/**
 * The built-in payment provider of the embedded default. It keeps its payments in a table of its
 * own, shows a hosted checkout page on this server (routes beside this file) where the payer picks
 * the outcome, and then calls our webhook with a signed body that carries only the payment id, as a
 * real provider does. No money moves: it exists so that the whole purchase path runs for real.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;
  private secret: Promise<string> | null = null;

  constructor(private readonly db: Db) {}

  private key(): Promise<string> {
    this.secret ??= testProviderSecret(this.db).catch((err) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  async create(input: CreateProviderPayment): Promise<ProviderPayment> {
    const id = `tr_${randomBytes(9).toString("base64url")}`;
    const [row] = await this.db
      .insert(testProviderPayments)
      .values({
        id,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        method: input.method,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        storeCard: Boolean(input.storeCard),
        customerId: input.storeCard ? (input.storeCard.customerId ?? `cst_${randomBytes(8).toString("base64url")}`) : null,
      })
      .returning();
    return toProvider(row, new URL(input.redirectUrl).origin, null);
  }

  async chargeStoredCard(input: ChargeStoredCard): Promise<ProviderPayment> {
    return this.db.transaction(async (tx) => {
      const [mandate] = await tx.select().from(testProviderMandates).where(eq(testProviderMandates.id, input.card.mandateId));
      if (!mandate || mandate.customerId !== input.card.customerId)
        throw new Error(`test provider: no card ${input.card.mandateId} for ${input.card.customerId}`);
      const [row] = await tx
        .insert(testProviderPayments)
        .values({
          id: `tr_${randomBytes(9).toString("base64url")}`,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          method: "credit_card",
          redirectUrl: new URL(input.webhookUrl).origin,
          webhookUrl: input.webhookUrl,
          status: mandate.declines ? "failed" : "paid",
          customerId: mandate.customerId,
          mandateId: mandate.id,
        })
        .returning();
      // As for any payment, the outcome is also announced to the webhook.
      await enqueue(tx, TEST_PROVIDER_WEBHOOK_JOB, { id: row.id });
      return toProvider(row, null, null);
    });
  }

  async get(id: string): Promise<ProviderPayment | null> {
    const [found] = await this.db
      .select({ row: testProviderPayments, label: testProviderMandates.label })
      .from(testProviderPayments)
      .leftJoin(testProviderMandates, eq(testProviderMandates.id, testProviderPayments.mandateId))
      .where(eq(testProviderPayments.id, id));
    if (!found) return null;
    return toProvider(found.row, new URL(found.row.redirectUrl).origin, found.label ? { label: found.label } : null);
  }

  async webhookPaymentId(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<string | null> {
    const given = headers[SIGNATURE_HEADER];
    if (typeof given !== "string") return null;
    const expected = sign(await this.key(), rawBody);
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    const id = new URLSearchParams(rawBody).get("id");
    return id && /^tr_[\w-]{6,40}$/.test(id) ? id : null;
  }

  /**
   * The payer's choice on the hosted page; a payment that is final stays as it is. The webhook call
   * is queued in the same transaction, so a recorded outcome is always announced.
   */
  async settle(id: string, outcome: "paid" | "failed" | "canceled" | "pending", card: TestCard = "ok"): Promise<TestProviderRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(testProviderPayments)
        .set({ status: outcome, updatedAt: new Date() })
        .where(and(eq(testProviderPayments.id, id), inArray(testProviderPayments.status, ["open", "pending"])))
        .returning();
      if (!row) return null;
      if (outcome === "paid" && row.storeCard && row.customerId) {
        const mandateId = `mdt_${randomBytes(8).toString("base64url")}`;
        const chosen = TEST_CARDS[card];
        await tx
          .insert(testProviderMandates)
          .values({ id: mandateId, customerId: row.customerId, label: cardLabel(row.method, chosen.last4), declines: chosen.declines });
        await tx.update(testProviderPayments).set({ mandateId }).where(eq(testProviderPayments.id, id));
      }
      await enqueue(tx, TEST_PROVIDER_WEBHOOK_JOB, { id });
      return row;
    });
  }

  async find(id: string): Promise<TestProviderRow | null> {
    const [row] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
    return row ?? null;
  }

  /** The job that calls our webhook: signed, retried by the queue until it answers 2xx. */
  async deliverWebhook(id: string): Promise<void> {
    const row = await this.find(id);
    if (!row) return;
    const body = new URLSearchParams({ id }).toString();
    const response = await fetch(row.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [SIGNATURE_HEADER]: sign(await this.key(), body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  }

  async refund(id: string, amount: number, currency: Currency, key: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(testProviderPayments).where(eq(testProviderPayments.id, id)).for("update");
      if (!row) throw new Error(`test provider: no payment ${id}`);
      if (row.refundKeys.includes(key)) return;
      if (row.status !== "paid") throw new Error(`test provider: payment ${id} is ${row.status}, not paid`);
      if (row.currency !== currency || row.refunded + amount > row.amount)
        throw new Error(`test provider: refund of ${amount} ${currency} exceeds payment ${id}`);
      await tx
        .update(testProviderPayments)
        .set({ refunded: row.refunded + amount, refundKeys: [...row.refundKeys, key], updatedAt: new Date() })
        .where(eq(testProviderPayments.id, id));
    });
  }

  async createDirectDebit(input: DirectDebit): Promise<ProviderPayment> {
    const [row] = await this.db
      .insert(testProviderPayments)
      .values({
        id: `tr_${randomBytes(9).toString("base64url")}`,
        amount: input.amount,
        currency: input.currency,
        description: `${input.description} (SEPA ${input.mandateReference}, ${input.account.holder}, ${input.account.iban.slice(0, 4)}…${input.account.iban.slice(-4)})`,
        method: "sepa_direct_debit",
        redirectUrl: new URL(input.webhookUrl).origin,
        webhookUrl: input.webhookUrl,
        // The bank collects in a few days: its outcome is chosen on the payment's page (as the bank would).
        status: "pending",
      })
      .returning();
    return toProvider(row, null, null);
  }
}
