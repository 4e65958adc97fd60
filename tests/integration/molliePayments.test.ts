import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreditsOffer, Payment, StartPaymentResponse } from "../../src/common/schemas/payments";
import type { UserResponse } from "../../src/common/schemas/user";
import { rowsOf } from "../../src/server/db/client";
import { type FakeMollie, startFakeMollie, withPlainHttpAgent } from "../support/fakeMollie";
import { attemptsFor, DEFAULT_MAX_ATTEMPTS } from "../../src/server/jobs/queue";
import { signedInOperator } from "../support/operators";
import { startTestApp, type TestApp } from "../support/testApp";

// The whole purchase over HTTP with Mollie as the provider (a local fake of Mollie's API): the
// webhook carries only an id, the state is fetched from Mollie, and credits come once.

let fake: FakeMollie;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeMollie();
  // The official client speaks HTTPS only: it is built while the fake's plain HTTP stands in.
  t = await withPlainHttpAgent(() =>
    startTestApp({ env: { MOLLIE_API_KEY: fake.apiKey, MOLLIE_API_URL: fake.url, MOLLIE_TIMEOUT_MS: "1000" }, domain: "dating.example" }),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const loggedIn = () => t.loggedIn();

const webhook = (id: string) =>
  fetch(`${t.baseUrl}/api/payment-webhook.php?provider=mollie`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `id=${id}`,
  });

describe("paying through Mollie", () => {
  it("opens Mollie's checkout, and credits once when Mollie's webhook says the payment is paid", async () => {
    const m = await loggedIn();
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php")).body;
    const order = await m.client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.bundles[1].id, method: "ideal" });
    expect(order.status).toBe(200);
    const [created] = [...fake.payments.values()].slice(-1);
    expect(order.body.checkout_url).toBe(created._links.checkout.href);
    expect(created).toMatchObject({
      method: "ideal",
      amount: { currency: "EUR", value: "19.99" },
      webhookUrl: "https://dating.example/api/payment-webhook.php?provider=mollie",
    });

    // A webhook before payment changes nothing; then Mollie reports it paid, several times.
    expect((await webhook(created.id)).status).toBe(200);
    expect((await m.client.get<Payment>(`/api/payment.php?id=${order.body.payment_id}`)).body.status).toBe("open");
    fake.setStatus(created.id, "paid");
    await Promise.all([webhook(created.id), webhook(created.id), webhook(created.id)]);
    expect((await m.client.get<Payment>(`/api/payment.php?id=${order.body.payment_id}`)).body.status).toBe("paid");
    expect((await m.client.get<UserResponse>("/api/user.php")).body.user).toMatchObject({ credits: 50, paid_user: true });
    const [{ n }] = rowsOf<{ n: number }>(await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = ${m.id}`));
    expect(n).toBe(1);
  });

  it("acknowledges a webhook for a payment Mollie does not have, and refuses a malformed one", async () => {
    expect((await webhook("tr_doesnotexist")).status).toBe(200);
    expect((await webhook("not-an-id")).status).toBe(401);
  });

  it("answers 503 when Mollie is down, and the member can order again", async () => {
    const m = await loggedIn();
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php")).body;
    fake.failNext(3, { retryAfter: 0 });
    const down = await m.client.post<{ error: { code: string } }>("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "paypal" });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("service_unavailable");
    expect((await m.client.post("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "paypal" })).status).toBe(200);
  });

  it("answers 503 when Mollie takes the call and never answers, after MOLLIE_TIMEOUT_MS, and the payment's page still loads", async () => {
    const m = await loggedIn();
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php")).body;
    fake.hangNext(1);
    const started = performance.now();
    const hung = await m.client.post<{ error: { code: string } }>("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "paypal" });
    expect(hung.status).toBe(503);
    expect(hung.body.error.code).toBe("service_unavailable");
    expect(performance.now() - started).toBeLessThan(5000);
    const order = await m.client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "paypal" });
    expect(order.status).toBe(200);
    // Its status is asked of Mollie first; when Mollie hangs, the page answers from what we know.
    fake.hangNext(1);
    const status = await m.client.get<Payment>(`/api/payment.php?id=${order.body.payment_id}`);
    expect(status.status).toBe(200);
    expect(status.body.status).toBe("open");
  });
});

/** Runs the refund job until it is done (the app's own worker may hold it). */
async function refundJobDone(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await t.server.worker.drain();
    const [{ n }] = rowsOf<{ n: number }>(
      await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'payment-refund' AND done_at IS NULL`),
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("refund job did not finish");
}

describe("refunding through Mollie", () => {
  /** A member's purchase through Mollie, paid. */
  async function paidPurchase() {
    const m = await loggedIn();
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php")).body;
    const order = await m.client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.bundles[0].id, method: "ideal" });
    const [created] = [...fake.payments.values()].slice(-1);
    fake.setStatus(created.id, "paid");
    await webhook(created.id);
    return { m, order, created };
  }

  it("asks Mollie once for the money back, even when the refund job runs twice", async () => {
    const { m, order, created } = await paidPurchase();
    expect((await m.client.post<Payment>("/api/refund.php", { payment_id: order.body.payment_id })).body.status).toBe("refunded");
    await refundJobDone();
    // A worker that died after Mollie answered runs the job again: Mollie's idempotency makes it one refund.
    await t.testDb.database.db.execute(sql`UPDATE jobs SET done_at = NULL, locked_until = NULL WHERE kind = 'payment-refund'`);
    await refundJobDone();
    expect(fake.requests.filter((r) => r.path.endsWith("/refunds")).map((r) => r.status)).toEqual([201, 201]);
    const ours = fake.refunds.filter((r) => r.paymentId === created.id);
    expect(ours).toEqual([expect.objectContaining({ amount: { currency: "EUR", value: "9.99" } })]);
  });

  it("refunds from the console at Mollie at once: an outage changes nothing, a double click is one refund", async () => {
    const { m, order, created } = await paidPurchase();
    const admin = await signedInOperator(t, "admin");
    const refund = () =>
      admin.client.post<{ status: string; credits_taken_back: number }>(`/api/console/members/${m.id}/payments/${order.body.payment_id}/refund`, {
        reason: "Charged twice",
      });
    fake.failNext(3, { retryAfter: 0 });
    expect((await refund()).status).toBe(503);
    expect(fake.refunds.filter((r) => r.paymentId === created.id)).toEqual([]);
    expect((await m.client.get<UserResponse>("/api/user.php")).body.user).toMatchObject({ paid_user: true });
    const both = await Promise.all([refund(), refund()]);
    expect(both.map((r) => r.body.status)).toEqual(["refunded", "refunded"]);
    expect(fake.refunds.filter((r) => r.paymentId === created.id)).toEqual([expect.objectContaining({ amount: { currency: "EUR", value: "9.99" } })]);
    expect((await m.client.get<UserResponse>("/api/user.php")).body.user).toMatchObject({ paid_user: false });
  });

  it("keeps asking for the money back while Mollie is down longer than a job's default tries, and refunds once it is back", async () => {
    const { m, order, created } = await paidPurchase();
    // Every try of the job meets the outage (the client itself tries each call three times).
    fake.failNext(3 * (DEFAULT_MAX_ATTEMPTS + 20), { retryAfter: 0 });
    expect((await m.client.post<Payment>("/api/refund.php", { payment_id: order.body.payment_id })).body.status).toBe("refunded");
    const db = t.testDb.database.db;
    const job = async () =>
      (
        await rowsOf<{ attempts: number; max_attempts: number; dead: boolean; done: boolean }>(
          await db.execute(sql`SELECT attempts, max_attempts, failed_at IS NOT NULL AS dead, done_at IS NOT NULL AS done FROM jobs
            WHERE kind = 'payment-refund' AND payload->>'paymentId' = ${order.body.payment_id}`),
        )
      )[0];
    // Each try as soon as the last one ended, as if its backoff had passed (the app's own worker may hold a try).
    const going = async () => {
      const state = await job();
      return state.attempts < DEFAULT_MAX_ATTEMPTS + 2 && !state.dead;
    };
    for (const until = Date.now() + 20_000; (await going()) && Date.now() < until; ) {
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'payment-refund' AND done_at IS NULL`);
      await t.server.worker.drain();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The app's own worker may have tried it too: more tries than the default, still alive.
    const tried = await job();
    expect(tried.attempts).toBeGreaterThan(DEFAULT_MAX_ATTEMPTS);
    expect(tried).toMatchObject({ max_attempts: attemptsFor(7), dead: false, done: false });
    expect(fake.refunds.filter((r) => r.paymentId === created.id)).toEqual([]);
    // Mollie is back.
    fake.failNext(0);
    await db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'payment-refund' AND done_at IS NULL`);
    await refundJobDone();
    expect(fake.refunds.filter((r) => r.paymentId === created.id)).toHaveLength(1);
  });
});

describe("direct debit through Mollie", () => {
  const PHONE = "+31612345679";
  /** The code of the newest SMS to the phone, as the member reads it. */
  async function smsCode(): Promise<string> {
    for (let i = 0; i < 100; i++) {
      await t.server.worker.drain();
      const [{ n }] = rowsOf<{ n: number }>(
        await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'sms' AND done_at IS NULL AND failed_at IS NULL`),
      );
      if (n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const texts = (await (await fetch(`${t.baseUrl}/dev/sms.json?to=${encodeURIComponent(PHONE)}`)).json()) as { texts: Array<{ text: string }> };
    const code = /\b(\d{6})\b/.exec(texts.texts[0]?.text ?? "")?.[1];
    if (!code) throw new Error("no code sent");
    return code;
  }

  it("makes the member's Mollie customer once: the next direct debit reuses it with a mandate of its own", async () => {
    const m = await loggedIn();
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php")).body;
    const debitOnce = async (iban: string) => {
      const started = await m.client.post<{ request_id: string }>("/api/directdebit.php", {
        bundle_id: offer.bundles[0].id,
        holder: "Anna de Vries",
        iban,
        phone: PHONE,
        authorize: true,
      });
      expect(started.status).toBe(200);
      const confirmed = await m.client.post<Payment>("/api/directdebit-confirm.php", { request_id: started.body.request_id, code: await smsCode() });
      expect(confirmed.body.status).toBe("pending");
      const [made] = [...fake.payments.values()].slice(-1);
      return made;
    };
    const customersBefore = fake.customers.size;
    const first = await debitOnce("NL91 ABNA 0417 1643 00");
    // The bank collected it; the member orders again, from another account.
    fake.setStatus(first.id, "paid");
    expect((await webhook(first.id)).status).toBe(200);
    const second = await debitOnce("DE89 3704 0044 0532 0130 00");
    expect(fake.customers.size).toBe(customersBefore + 1);
    expect(second.customerId).toBe(first.customerId);
    expect(second.mandateId).not.toBe(first.mandateId);
  });
});
