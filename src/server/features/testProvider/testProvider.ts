import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { CreateProviderPayment, PaymentProvider, ProviderPayment } from "../../adapters/paymentProvider";
import type { Db } from "../../db/client";
import { type TestProviderStatus, testProviderPayments } from "../../db/schema";
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

const toProvider = (row: { id: string; status: TestProviderStatus }, origin: string | null): ProviderPayment => ({
  id: row.id,
  status: row.status,
  checkoutUrl: origin && (row.status === "open" || row.status === "pending") ? `${origin}/test-provider/checkout/${row.id}` : null,
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
      })
      .returning();
    return toProvider(row, new URL(input.redirectUrl).origin);
  }

  async get(id: string): Promise<ProviderPayment | null> {
    const [row] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
    return row ? toProvider(row, new URL(row.redirectUrl).origin) : null;
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
  async settle(id: string, outcome: "paid" | "failed" | "canceled" | "pending"): Promise<TestProviderRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(testProviderPayments)
        .set({ status: outcome, updatedAt: new Date() })
        .where(and(eq(testProviderPayments.id, id), inArray(testProviderPayments.status, ["open", "pending"])))
        .returning();
      if (row) await enqueue(tx, TEST_PROVIDER_WEBHOOK_JOB, { id });
      return row ?? null;
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
}
