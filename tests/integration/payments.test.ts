import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import type {
  CreditHistoryResponse,
  CreditsOffer,
  Payment,
  StartPaymentResponse,
  TransactionResponse,
  TransactionsResponse,
} from "../../src/common/schemas/payments";
import type { UserResponse } from "../../src/common/schemas/user";
import { rowsOf } from "../../src/server/db/client";
import { testProviderPayments } from "../../src/server/db/schema";
import { SIGNATURE_HEADER, sign, testProviderSecret } from "../../src/server/features/testProvider/testProvider";
import { createSite } from "../support/factories";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Buying credits through the built-in test provider: its hosted page, its signed webhook, and what
// the member sees afterwards. Money is never lost or made up.

let t: TestApp;
appForFile((app) => (t = app));

const loggedIn = (options?: Parameters<TestApp["loggedIn"]>[0]) => t.loggedIn(options);

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
  const res = await fetch(checkoutUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `outcome=${outcome}`,
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  return res.headers.get("location") as string;
}

/** Runs queued jobs (the provider's webhook calls, refunds at the provider) until none is left; the app's own worker may hold one. */
async function settle() {
  for (let i = 0; i < 50; i++) {
    await t.server.worker.drain();
    const [{ n }] = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind IN ('test-provider-webhook', 'payment-refund') AND done_at IS NULL AND failed_at IS NULL`,
      ),
    );
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
  rowsOf<{ sum: number; n: number }>(
    await db().execute(sql`SELECT coalesce(sum(delta), 0)::int AS sum, count(*)::int AS n FROM credit_ledger WHERE user_id = ${userId}`),
  )[0];

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
    expect(back).toBe(`${t.siteUrl}/credits/${bundle.id}/ideal?payment=${payment_id}`);
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
    const again = await fetch(failed.checkout_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "outcome=paid",
      redirect: "manual",
    });
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

  it("answers an error while the database fails, applies nothing half, and credits once when the provider retries", async () => {
    const m = await loggedIn();
    const { payment_id } = await order(m.client);
    const id = await providerId(payment_id);
    // Paid at the provider (set on its side, so that only the webhook calls below announce it).
    await db().update(testProviderPayments).set({ status: "paid" }).where(eq(testProviderPayments.id, id));
    // The ledger cannot be written: the webhook's transaction fails after the payment row was locked and changed.
    await db().execute(sql`ALTER TABLE credit_ledger RENAME TO credit_ledger_away`);
    try {
      const failed = await webhook(id);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await db().execute(sql`ALTER TABLE credit_ledger_away RENAME TO credit_ledger`);
    }
    const [row] = rowsOf<{ status: string; credited_at: string | null }>(
      await db().execute(sql`SELECT status, credited_at FROM payments WHERE id = ${payment_id}`),
    );
    expect(row).toEqual({ status: "open", credited_at: null });
    expect((await me(m.client)).paid_user).toBe(false);
    // The provider tries again later.
    expect((await webhook(id)).status).toBe(200);
    expect(await ledgerSum(m.id)).toEqual({ sum: 20, n: 1 });
    expect((await me(m.client)).paid_user).toBe(true);
  });

  it("refuses a call without the provider's signature and changes nothing", async () => {
    const m = await loggedIn();
    const { payment_id } = await order(m.client);
    const id = await providerId(payment_id);
    await db().update(testProviderPayments).set({ status: "paid" }).where(eq(testProviderPayments.id, id));
    const forged = await webhook(id, "sha256=0000");
    expect(forged.status).toBe(401);
    const none = await fetch(`${t.baseUrl}/api/payment-webhook.php?provider=test`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${id}`,
    });
    expect(none.status).toBe(401);
    expect((await ledgerSum(m.id)).n).toBe(0);
    // A payment of the provider's that is not ours is acknowledged (so the provider stops) and changes nothing.
    await db().insert(testProviderPayments).values({
      id: "tr_notours01",
      amount: 100,
      currency: "EUR",
      description: "x",
      method: "ideal",
      redirectUrl: t.baseUrl,
      webhookUrl: t.baseUrl,
      status: "paid",
    });
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

describe("refunds", () => {
  const paid = async (client: TestClient) => {
    const o = await order(client);
    await choose(o.checkout_url, "paid");
    await client.get(`/api/payment.php?id=${o.payment_id}`);
    return o.payment_id;
  };
  const refund = (client: TestClient, id: string) => client.post<Payment & { error: { code: string; message: string } }>("/api/refund.php", { payment_id: id });

  it("takes an unspent purchase back within the refund days: credits off, money back through the provider, premium gone", async () => {
    const m = await loggedIn();
    const id = await paid(m.client);
    expect((await me(m.client)).paid_user).toBe(true);
    const before = (await m.client.get<Payment>(`/api/payment.php?id=${id}`)).body;
    expect(before.refundable_until).not.toBeNull();

    const res = await refund(m.client, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "refunded", refundable_until: null });
    expect(await me(m.client)).toMatchObject({ credits: 0, paid_user: false });
    expect(await ledgerSum(m.id)).toEqual({ sum: 0, n: 2 });
    await settle();
    const [provider] = rowsOf<{ refunded: number }>(await db().execute(sql`SELECT refunded FROM test_provider_payments WHERE id = ${await providerId(id)}`));
    expect(provider.refunded).toBe(999);
    // A second refund of the same purchase, or a webhook that still says 'paid', changes nothing.
    expect((await refund(m.client, id)).body.error.code).toBe("refund_not_possible");
    await webhook(await providerId(id));
    expect((await m.client.get<Payment>(`/api/payment.php?id=${id}`)).body.status).toBe("refunded");
    expect((await me(m.client)).credits).toBe(0);
  });

  it("refuses once the credits are spent, after the refund days, and for someone else's purchase", async () => {
    const m = await loggedIn();
    const partner = await loggedIn();
    const spent = await paid(m.client);
    await m.client.post("/api/chat.php", { to: partner.id, text: "Hi" });
    const res = await refund(m.client, spent);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("The credits of this purchase have already been used, so it can no longer be refunded.");

    const old = await paid(partner.client);
    await db().execute(sql`UPDATE payments SET paid_at = now() - interval '15 days' WHERE id = ${old}`);
    expect((await refund(partner.client, old)).body.error.message).toBe("Refunds are possible within 14 days of the purchase; that time has passed.");
    expect((await refund(m.client, old)).status).toBe(404);
    expect((await m.client.post("/api/refund.php", { payment_id: "nope" })).status).toBe(400);
  });

  it("keeps premium while another purchase is kept", async () => {
    const m = await loggedIn();
    await paid(m.client);
    const second = await paid(m.client);
    expect((await refund(m.client, second)).status).toBe(200);
    expect(await me(m.client)).toMatchObject({ credits: 20, paid_user: true });
  });
});

describe("repeat orders with a kept card", () => {
  /** Buys the 20-credit bundle with Visa, letting the provider keep `card`. */
  async function keepCard(client: TestClient, card: "ok" | "declines") {
    const offer = (await client.get<CreditsOffer>("/api/credits.php")).body;
    const res = await client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "visa", store_card: true });
    await fetch(res.body.checkout_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `outcome=paid&card=${card}`,
      redirect: "manual",
    });
    await client.get(`/api/payment.php?id=${res.body.payment_id}`);
    return offer;
  }
  type RepeatOffer = { card: { label: string; method: string } | null; last_bundle_id: number | null };

  it("buys again in one step with the kept card, once per key", async () => {
    const m = await loggedIn();
    const offer = await keepCard(m.client, "ok");
    const repeat = (await m.client.get<RepeatOffer>("/api/repeat-order.php")).body;
    expect(repeat).toEqual({ card: { label: "Visa •••• 4242", method: "visa" }, last_bundle_id: offer.bundles[0].id });

    const key = { "Idempotency-Key": "repeat-key-0001" };
    const [a, b] = await Promise.all([
      m.client.post<Payment>("/api/repeat-order.php", { bundle_id: offer.bundles[1].id }, key),
      m.client.post<Payment>("/api/repeat-order.php", { bundle_id: offer.bundles[1].id }, key),
    ]);
    expect(a.body.payment_id).toBe(b.body.payment_id);
    expect(a.body).toMatchObject({ status: "paid", credits: 50, payment_method: "visa", stored_card: "Visa •••• 4242" });
    // The first purchase names the card it left behind, too.
    const first = (await m.client.get<{ transactions: Payment[] }>("/api/transactions.php")).body.transactions.find((p) => p.payment_id !== a.body.payment_id);
    expect(first?.stored_card).toBe("Visa •••• 4242");
    await settle();
    expect((await me(m.client)).credits).toBe(70);
    expect(await ledgerSum(m.id)).toEqual({ sum: 70, n: 2 });
  });

  it("keeps a second card at the same customer of the provider as the first", async () => {
    const m = await loggedIn();
    await keepCard(m.client, "ok");
    await keepCard(m.client, "ok");
    const customers = rowsOf<{ customer_id: string }>(
      await db().execute(sql`SELECT t.customer_id FROM test_provider_payments t JOIN payments p ON p.provider_payment_id = t.id
        WHERE p.user_id = ${m.id} ORDER BY p.created_at`),
    );
    expect(customers).toHaveLength(2);
    expect(customers[0].customer_id).toMatch(/^cst_/);
    expect(customers[1].customer_id).toBe(customers[0].customer_id);
  });

  it("answers a declined card as a failed payment and grants nothing", async () => {
    const m = await loggedIn();
    const offer = await keepCard(m.client, "declines");
    const res = await m.client.post<Payment>("/api/repeat-order.php", { bundle_id: offer.bundles[0].id });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("failed");
    await settle();
    expect((await me(m.client)).credits).toBe(20);
  });

  it("keeps no card unless asked, forgets it on request, and then has nothing to repeat", async () => {
    const plain = await loggedIn();
    const o = await order(plain.client);
    await choose(o.checkout_url, "paid");
    expect((await plain.client.get<RepeatOffer>("/api/repeat-order.php")).body.card).toBeNull();
    expect((await plain.client.post("/api/repeat-order.php", { bundle_id: o.bundle.id })).status).toBe(404);

    const m = await loggedIn();
    const offer = await keepCard(m.client, "ok");
    expect((await m.client.del("/api/repeat-order.php")).status).toBe(200);
    expect((await m.client.get<RepeatOffer>("/api/repeat-order.php")).body.card).toBeNull();
    expect((await m.client.post("/api/repeat-order.php", { bundle_id: offer.bundles[0].id })).status).toBe(404);
  });
});

describe("direct debit", () => {
  type Started = { request_id: string; phone: string; iban: string; amount: number };
  type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
  const IBAN = "NL91 ABNA 0417 1643 00";
  const form = (bundleId: number, overrides: Record<string, unknown> = {}) => ({
    bundle_id: bundleId,
    holder: "Anna de Vries",
    iban: IBAN,
    phone: "06 12345678",
    authorize: true,
    ...overrides,
  });

  /** The code of the newest SMS to `phone`, as the member reads it on their phone. */
  async function smsCode(phone: string): Promise<string> {
    await settleJobs("sms");
    const texts = (await (await fetch(`${t.baseUrl}/dev/sms.json?to=${encodeURIComponent(phone)}`)).json()) as { texts: Array<{ text: string }> };
    const code = /\b(\d{6})\b/.exec(texts.texts[0]?.text ?? "")?.[1];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  }
  async function settleJobs(kind: string) {
    for (let i = 0; i < 100; i++) {
      await t.server.worker.drain();
      const [{ n }] = rowsOf<{ n: number }>(
        await db().execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${kind} AND done_at IS NULL AND failed_at IS NULL`),
      );
      if (n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const bundles = async (client: TestClient) => (await client.get<CreditsOffer>("/api/credits.php")).body.bundles;

  it("confirms with the SMS code ('Code invalid' on a wrong one) and credits once the bank has collected", async () => {
    const m = await loggedIn();
    const [first] = await bundles(m.client);
    const started = await m.client.post<Started>("/api/directdebit.php", form(first.id));
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ phone: "+316 •••• 78", iban: "NL91 •••• 4300", amount: 999 });
    const code = await smsCode("+31612345678");

    const wrong = await m.client.post<ErrorBody>("/api/directdebit-confirm.php", {
      request_id: started.body.request_id,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Code invalid");

    const confirmed = await m.client.post<Payment>("/api/directdebit-confirm.php", { request_id: started.body.request_id, code });
    expect(confirmed.body).toMatchObject({ status: "pending", payment_method: "sepa_direct_debit", amount: 999 });
    // Confirming again answers the same payment.
    expect((await m.client.post<Payment>("/api/directdebit-confirm.php", { request_id: started.body.request_id, code })).body.payment_id).toBe(
      confirmed.body.payment_id,
    );
    // Only a masked IBAN stays with us once the provider has the account.
    const [kept] = rowsOf<{ iban: string }>(await db().execute(sql`SELECT iban FROM direct_debit_requests WHERE id = ${started.body.request_id}`));
    expect(kept.iban).toBe("NL91 •••• 4300");
    expect((await me(m.client)).credits).toBe(0);

    // The bank collects: the provider reports it paid.
    const providerPayment = await providerId(confirmed.body.payment_id);
    await choose(`${t.baseUrl}/test-provider/checkout/${providerPayment}`, "paid");
    await settle();
    expect(await me(m.client)).toMatchObject({ credits: 20, paid_user: true });
  });

  it("checks IBAN, phone and the authorisation, in the member's language", async () => {
    const m = await loggedIn();
    const [first] = await bundles(m.client);
    const badIban = await m.client.post<ErrorBody>("/api/directdebit.php", form(first.id, { iban: "NL91 ABNA 0417 1643 01" }));
    expect(badIban.status).toBe(400);
    expect(badIban.body.error.fields?.iban).toBe("This IBAN is not valid. Check it on your bank card or statement.");
    expect((await m.client.post<ErrorBody>("/api/directdebit.php", form(first.id, { phone: "12" }))).body.error.code).toBe("phone_invalid");
    const notTicked = await m.client.post<ErrorBody>("/api/directdebit.php", form(first.id, { authorize: false }));
    expect(notTicked.status).toBe(400);
    expect(JSON.stringify(notTicked.body)).toContain("I authorize a one-time direct debit");
    expect((await m.client.post("/api/directdebit.php", form(first.id, { iban: "<script>" }))).status).toBe(400);
  });

  it("allows one debit at a time within the limit, and blocks a member whose debit failed", async () => {
    const m = await loggedIn();
    const list = await bundles(m.client);
    const started = await m.client.post<Started>("/api/directdebit.php", form(list[0].id));
    const payment = await m.client.post<Payment>("/api/directdebit-confirm.php", { request_id: started.body.request_id, code: await smsCode("+31612345678") });
    const limit = await m.client.post<ErrorBody>("/api/directdebit.php", form(list[0].id));
    expect(limit.body.error.code).toBe("direct_debit_limit");
    expect(limit.body.error.message).toContain("€100.00");

    // The bank refuses the debit: direct debit is closed to this member.
    await choose(`${t.baseUrl}/test-provider/checkout/${await providerId(payment.body.payment_id)}`, "failed");
    await settle();
    const blocked = await m.client.post<ErrorBody>("/api/directdebit.php", form(list[0].id));
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe("Your account is blocked for direct debit payments.");

    // Collected debits count towards the limit of 30 days: EUR 79.99 and then 39.99 is over EUR 100.
    const big = await loggedIn();
    const sizes = await bundles(big.client);
    const large = sizes.find((b) => b.credits === 300)?.id ?? 0;
    const medium = sizes.find((b) => b.credits === 120)?.id ?? 0;
    const first = await big.client.post<Started>("/api/directdebit.php", form(large, { phone: "+31 6 11112222" }));
    const debit = await big.client.post<Payment>("/api/directdebit-confirm.php", { request_id: first.body.request_id, code: await smsCode("+31611112222") });
    await choose(`${t.baseUrl}/test-provider/checkout/${await providerId(debit.body.payment_id)}`, "paid");
    await settle();
    expect((await big.client.post<ErrorBody>("/api/directdebit.php", form(medium, { phone: "+31 6 11112222" }))).body.error.code).toBe("direct_debit_limit");
  });

  it("is not offered outside the euro, and a code runs out after five wrong tries", async () => {
    const pl = await loggedIn({ profile: { country: "PL" } });
    const [first] = await bundles(pl.client);
    expect((await pl.client.post<ErrorBody>("/api/directdebit.php", form(first.id, { phone: "+48 512 345 678" }))).body.error.code).toBe(
      "payment_method_unavailable",
    );

    const m = await loggedIn();
    const [nl] = await bundles(m.client);
    const started = await m.client.post<Started>("/api/directdebit.php", form(nl.id, { phone: "+31 6 87654321" }));
    const code = await smsCode("+31687654321");
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await m.client.post("/api/directdebit-confirm.php", { request_id: started.body.request_id, code: wrongCode });
    expect((await m.client.post<ErrorBody>("/api/directdebit-confirm.php", { request_id: started.body.request_id, code })).body.error.code).toBe(
      "sms_code_expired",
    );
    // Someone else cannot confirm or resend it.
    const other = await loggedIn();
    expect((await other.client.post("/api/directdebit-confirm.php", { request_id: started.body.request_id, code })).status).toBe(404);
    expect((await other.client.post("/api/directdebit-resend.php", { request_id: started.body.request_id })).status).toBe(404);
    // A new code right away is too soon.
    expect((await m.client.post("/api/directdebit-resend.php", { request_id: started.body.request_id })).status).toBe(429);
  });
});
