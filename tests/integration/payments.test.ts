import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import type { CreditHistoryResponse, CreditsOffer, Payment, StartPaymentResponse, TransactionResponse, TransactionsResponse } from "../../src/common/schemas/payments";
import type { UserResponse } from "../../src/common/schemas/user";
import { rowsOf } from "../../src/server/db/client";
import { testProviderPayments } from "../../src/server/db/schema";
import { SIGNATURE_HEADER, sign, testProviderSecret } from "../../src/server/features/testProvider/testProvider";
import { createMember, createSite } from "../support/factories";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

// Buying credits through the built-in test provider: its hosted page, its signed webhook, and what
// the member sees afterwards. Money is never lost or made up.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Options = Parameters<typeof createMember>[2];
async function loggedIn(options: Options = {}): Promise<{ client: TestClient; id: number }> {
  const m = await createMember(t.testDb.database.db, t.site.id, options);
  const client = t.client();
  await client.post("/api/user.php", { email: m.email, password: m.password });
  return { client, id: m.user.id };
}

const db = () => t.testDb.database.db;
const providerId = async (paymentId: string) =>
  rowsOf<{ provider_payment_id: string }>(await db().execute(sql`SELECT provider_payment_id FROM payments WHERE id = ${paymentId}`))[0].provider_payment_id;

/** Orders the first bundle (20 credits) with iDEAL and answers the order. */
async function order(client: TestClient, key?: string) {
  const offer = await client.get<CreditsOffer>("/api/credits.php");
  const bundle = offer.body.bundles[0];
  const res = await client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: bundle.id, method: "ideal" }, key ? { "Idempotency-Key": key } : {});
  expect(res.status).toBe(200);
  return { ...res.body, bundle };
}

/** The payer's choice on the provider's hosted page, as the browser posts it. */
async function choose(checkoutUrl: string, outcome: "paid" | "failed" | "canceled" | "pending") {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const res = await fetch(checkoutUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `outcome=${outcome}`, redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location") as string;
}

/** Runs queued jobs (the provider's webhook calls) until none is due. */
async function settle() {
  for (let i = 0; i < 50; i++) {
    await t.server.worker.drain();
    const [{ n }] = rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test-provider-webhook' AND done_at IS NULL AND failed_at IS NULL`));
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("webhooks did not settle");
}

async function webhook(id: string, signature?: string) {
  const body = `id=${id}`;
  const secret = await testProviderSecret(db());
  return fetch(`${t.baseUrl}/api/payment-webhook.php?provider=test`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", [SIGNATURE_HEADER]: signature ?? sign(secret, body) },
    body,
  });
}

const me = async (client: TestClient) => (await client.get<UserResponse>("/api/user.php")).body.user!;
const ledgerSum = async (userId: number) =>
  rowsOf<{ sum: number; n: number }>(await db().execute(sql`SELECT coalesce(sum(delta), 0)::int AS sum, count(*)::int AS n FROM credit_ledger WHERE user_id = ${userId}`))[0];

describe("the credits offer", () => {
  it("prices bundles in the member's currency and lists their country's methods, favourites first", async () => {
    const nl = await loggedIn();
    const offer = (await nl.client.get<CreditsOffer>("/api/credits.php")).body;
    expect(offer.currency).toBe("EUR");
    expect(offer.bundles.map((b) => b.credits)).toEqual([20, 50, 120, 300]);
    expect(offer.bundles[1]).toMatchObject({ price: 1999, amount: 1999, popular: true });
    expect(offer.payment_methods[0].id).toBe("ideal");
    expect(offer.payment_methods.map((m) => m.id)).not.toContain("blik");

    const pl = await loggedIn({ profile: { country: "PL" } });
    const polish = (await pl.client.get<CreditsOffer>("/api/credits.php")).body;
    expect(polish.currency).toBe("PLN");
    expect(polish.payment_methods.slice(0, 2).map((m) => m.id)).toEqual(["blik", "przelewy24"]);
    expect(polish.payment_methods.find((m) => m.id === "paysafecard")?.fee_percentage).toBe(5);
  });
});

describe("buying credits", () => {
  it("credits the bundle and makes the member premium when the payer pays on the hosted page", async () => {
    const m = await loggedIn();
    expect((await me(m.client)).paid_user).toBe(false);
    const { payment_id, checkout_url, bundle } = await order(m.client);
    expect(checkout_url).toMatch(/\/test-provider\/checkout\/tr_/);

    const back = await choose(checkout_url, "paid");
    expect(back).toBe(`${t.baseUrl}/credits/${bundle.id}/ideal?payment=${payment_id}`);
    await settle();

    const payment = (await m.client.get<Payment>(`/api/payment.php?id=${payment_id}`)).body;
    expect(payment).toMatchObject({ status: "paid", credits: 20, amount: 999, currency: "EUR", payment_method: "ideal" });
    expect(payment.invoice_number).toMatch(/^\d{4}-\d+-000001$/);
    const user = await me(m.client);
    expect(user).toMatchObject({ credits: 20, paid_user: true });
    expect(await ledgerSum(m.id)).toEqual({ sum: 20, n: 1 });

    const list = (await m.client.get<TransactionsResponse>("/api/transactions.php")).body.transactions;
    expect(list.map((p) => p.payment_id)).toEqual([payment_id]);
    const receipt = (await m.client.get<TransactionResponse>(`/api/transactions.php?id=${payment_id}`)).body;
    expect(receipt.seller.name).toBeTruthy();
    expect(receipt.seller.vat_numbers.length).toBeGreaterThan(0);
    expect(receipt.refund_days).toBe(14);
  });

  it("grants nothing for a failed or a cancelled payment, and says so", async () => {
    const m = await loggedIn();
    const failed = await order(m.client);
    await choose(failed.checkout_url, "failed");
    const cancelled = await order(m.client);
    await choose(cancelled.checkout_url, "canceled");
    await settle();
    expect((await m.client.get<Payment>(`/api/payment.php?id=${failed.payment_id}`)).body.status).toBe("failed");
    expect((await m.client.get<Payment>(`/api/payment.php?id=${cancelled.payment_id}`)).body.status).toBe("canceled");
    expect(await me(m.client)).toMatchObject({ credits: 0, paid_user: false });
    // A final payment's page cannot be paid any more.
    const again = await fetch(failed.checkout_url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "outcome=paid", redirect: "manual" });
    expect(again.status).toBe(303);
    await settle();
    expect((await m.client.get<Payment>(`/api/payment.php?id=${failed.payment_id}`)).body.status).toBe("failed");
  });

  it("knows the outcome on return even before the webhook came (it asks the provider)", async () => {
    const m = await loggedIn();
    const { payment_id, checkout_url } = await order(m.client);
    await choose(checkout_url, "pending");
    expect((await m.client.get<Payment>(`/api/payment.php?id=${payment_id}`)).body.status).toBe("pending");
    await choose(checkout_url, "paid");
    // The webhook jobs have not run: the status call fetches the provider's state itself.
    expect((await m.client.get<Payment>(`/api/payment.php?id=${payment_id}`)).body.status).toBe("paid");
    await settle();
    expect(await me(m.client)).toMatchObject({ credits: 20, paid_user: true });
    expect(await ledgerSum(m.id)).toEqual({ sum: 20, n: 1 });
  });
});

describe("the provider's webhook", () => {
  it("credits exactly once when the same webhook arrives 100 times at once", async () => {
    const m = await loggedIn();
    const { payment_id, checkout_url } = await order(m.client);
    await choose(checkout_url, "paid");
    const id = await providerId(payment_id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => webhook(id)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await settle();
    expect(await ledgerSum(m.id)).toEqual({ sum: 20, n: 1 });
    expect((await me(m.client)).credits).toBe(20);
  });

  it("ends in the provider's true state whatever order the calls come in", async () => {
    const m = await loggedIn();
    const { payment_id, checkout_url } = await order(m.client);
    const id = await providerId(payment_id);
    await choose(checkout_url, "pending");
    await choose(checkout_url, "paid");
    // A 'failed' that the provider reported earlier, arriving late: the state is fetched, so it reads 'paid'.
    await webhook(id);
    await settle();
    expect((await m.client.get<Payment>(`/api/payment.php?id=${payment_id}`)).body.status).toBe("paid");
    // Even a provider that later says 'failed' cannot take back credits granted for a payment it called paid.
    await db().update(testProviderPayments).set({ status: "failed" }).where(eq(testProviderPayments.id, id));
    await webhook(id);
    expect((await m.client.get<Payment>(`/api/payment.php?id=${payment_id}`)).body.status).toBe("paid");
    expect(await ledgerSum(m.id)).toEqual({ sum: 20, n: 1 });
  });

  it("refuses a call without the provider's signature and changes nothing", async () => {
    const m = await loggedIn();
    const { payment_id } = await order(m.client);
    const id = await providerId(payment_id);
    await db().update(testProviderPayments).set({ status: "paid" }).where(eq(testProviderPayments.id, id));
    const forged = await webhook(id, "sha256=0000");
    expect(forged.status).toBe(401);
    const none = await fetch(`${t.baseUrl}/api/payment-webhook.php?provider=test`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `id=${id}` });
    expect(none.status).toBe(401);
    expect((await ledgerSum(m.id)).n).toBe(0);
    // A payment of the provider's that is not ours is acknowledged (so the provider stops) and changes nothing.
    await db().insert(testProviderPayments).values({ id: "tr_notours01", amount: 100, currency: "EUR", description: "x", method: "ideal", redirectUrl: t.baseUrl, webhookUrl: t.baseUrl, status: "paid" });
    expect((await webhook("tr_notours01")).status).toBe(200);
    expect((await ledgerSum(m.id)).n).toBe(0);
  });
});

describe("whose payment it is", () => {
  it("lets no member read or pay another member's order, nor buy another site's bundle", async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const { payment_id } = await order(owner.client);
    expect((await other.client.get(`/api/payment.php?id=${payment_id}`)).status).toBe(404);
    expect((await other.client.get(`/api/transactions.php?id=${payment_id}`)).status).toBe(404);
    expect((await other.client.get<TransactionsResponse>("/api/transactions.php")).body.transactions).toEqual([]);
    expect((await t.client().get(`/api/payment.php?id=${payment_id}`)).status).toBe(403);
    expect((await other.client.get("/api/payment.php?id=not-a-uuid")).status).toBe(400);

    const elsewhere = await createSite(db(), { domain: "other.example" });
    const [foreignBundle] = rowsOf<{ id: number }>(await db().execute(sql`SELECT id FROM credit_bundles WHERE site_id = ${elsewhere.id} LIMIT 1`));
    expect((await other.client.post("/api/payment.php", { bundle_id: foreignBundle.id, method: "ideal" })).status).toBe(404);
  });

  it("refuses a method not offered in the member's country, in their language", async () => {
    const m = await loggedIn({ language: "de" });
    m.client.cookies.set("locale", "de");
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php")).body;
    const res = await m.client.post<{ error: { code: string; message: string } }>("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "swish" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("payment_method_unavailable");
    expect(res.body.error.message).not.toMatch(/payment method/i);
    expect((await m.client.post("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "bitcoin" })).status).toBe(400);
    expect((await m.client.post("/api/payment.php", { bundle_id: "x", method: "ideal" })).status).toBe(400);
  });

  it("answers a retried order with the same payment and checkout (Idempotency-Key)", async () => {
    const m = await loggedIn();
    const key = "order-key-0001";
    const [a, b] = await Promise.all([order(m.client, key), order(m.client, key)]);
    expect(a.payment_id).toBe(b.payment_id);
    expect(a.checkout_url).toBe(b.checkout_url);
    expect((await m.client.get<TransactionsResponse>("/api/transactions.php")).body.transactions).toHaveLength(1);
  });
});

describe("the ledger under concurrent purchases and spends", () => {
  it("keeps the balance equal to the ledger's sum and never below zero", async () => {
    const buyer = await loggedIn({ credits: 30 });
    const partner = await loggedIn();
    const orders = await Promise.all([order(buyer.client), order(buyer.client), order(buyer.client)]);
    await Promise.all(orders.map((o) => choose(o.checkout_url, "paid")));
    const sends = Array.from({ length: 12 }, (_, i) => buyer.client.post<SendMessageResponse>("/api/chat.php", { to: partner.id, text: `message ${i}` }));
    const [results] = await Promise.all([Promise.all(sends), settle()]);
    await settle();
    const sent = results.filter((r) => r.status === 200).length;
    const user = await me(buyer.client);
    const ledger = await ledgerSum(buyer.id);
    expect(user.credits).toBe(ledger.sum);
    expect(user.credits).toBe(30 + 3 * 20 - sent * 10);
    expect(user.credits).toBeGreaterThanOrEqual(0);

    const history = (await buyer.client.get<CreditHistoryResponse>("/api/credit-history.php")).body.entries;
    expect(history[0].balance_after).toBe(user.credits);
    const purchases = history.filter((e) => e.reason === "purchase");
    expect(purchases).toHaveLength(3);
    expect(purchases[0].worth).toEqual([{ currency: "EUR", amount: 999 }]);
  });
});
