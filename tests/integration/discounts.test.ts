import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreditsOffer, DiscountCode, Payment, StartPaymentResponse } from "../../src/common/schemas/payments";
import { discountCodes, users } from "../../src/server/db/schema";
import { createMember } from "../support/factories";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Discount codes: the welcome discount, the time bonus and the operator's codes, checked on the
// server for the member who uses them.

let t: TestApp;
appForFile((app) => (t = app));

const db = () => t.testDb.database.db;
type Options = Parameters<typeof createMember>[2];
async function loggedIn(options: Options & { signedUpHoursAgo?: number } = {}): Promise<{ client: TestClient; id: number }> {
  const m = await createMember(db(), t.site.id, options);
  if (options.signedUpHoursAgo !== undefined) {
    await db()
      .update(users)
      .set({ signupDate: sql`now() - make_interval(hours => ${options.signedUpHoursAgo})` })
      .where(eq(users.id, m.user.id));
  }
  const client = t.client();
  await client.post("/api/user.php", { email: m.email, password: m.password });
  return { client, id: m.user.id };
}

type ErrorBody = { error: { code: string; message: string } };

async function addCode(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  await db()
    .insert(discountCodes)
    .values({ siteId: t.site.id, valuePercentage: 10, ...values });
}

/** Orders the bundle of `credits` with `method` and a code, and pays it on the provider's page. */
async function buy(client: TestClient, credits: number, code?: string, method = "ideal") {
  const offer = (await client.get<CreditsOffer>("/api/credits.php")).body;
  const bundle = offer.bundles.find((b) => b.credits === credits);
  const res = await client.post<StartPaymentResponse & ErrorBody>("/api/payment.php", {
    bundle_id: bundle?.id,
    method,
    ...(code ? { discount_code: code } : {}),
  });
  if (res.status !== 200) return res;
  await fetch(res.body.checkout_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "outcome=paid",
    redirect: "manual",
  });
  await client.get(`/api/payment.php?id=${res.body.payment_id}`);
  return res;
}

describe("the welcome discount and the time bonus", () => {
  it("gives a new member 25% off the first purchase, once", async () => {
    const m = await loggedIn();
    const welcome = (await m.client.get<DiscountCode>("/api/discountcode.php?welcome=true")).body;
    expect(welcome).toMatchObject({ code: "WELCOME25", value_percentage: 25, validity: "once-per-user", expired: false, user_id: m.id });

    const offer = (await m.client.get<CreditsOffer>("/api/credits.php?code=welcome25")).body;
    expect(offer.discount?.code).toBe("WELCOME25");
    expect(offer.bundles.map((b) => [b.price, b.amount, b.discount_percentage])).toEqual([
      [999, 749, 25],
      [1999, 1499, 25],
      [3999, 2999, 25],
      [7999, 5999, 25],
    ]);

    const order = await buy(m.client, 20, "WELCOME25");
    const payment = (await m.client.get<Payment>(`/api/payment.php?id=${order.body.payment_id}`)).body;
    expect(payment).toMatchObject({ status: "paid", price: 999, discount: 250, amount: 749, discount_code: "WELCOME25" });

    const again = await m.client.get<ErrorBody>("/api/discountcode.php?code=WELCOME25");
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe("Code already used");
    expect((await buy(m.client, 50, "WELCOME25")).body.error.code).toBe("code_used");
    // A paying member has no time bonus any more.
    expect((await m.client.get<DiscountCode>("/api/discountcode.php?code=TIMEBONUS25")).body.expired).toBe(true);
  });

  it("has the time bonus for 4 hours after signup, then no more", async () => {
    const fresh = await loggedIn({ signedUpHoursAgo: 1 });
    const bonus = (await fresh.client.get<DiscountCode>("/api/discountcode.php?code=TIMEBONUS25")).body;
    expect(bonus).toMatchObject({ code: "TIMEBONUS25", value_percentage: 25, status: "active", validity: "once-per-user", expired: false });
    const left = new Date(bonus.expires as string).getTime() - Date.now();
    expect(left).toBeGreaterThan(2.9 * 3600_000);
    expect(left).toBeLessThanOrEqual(3 * 3600_000);

    const late = await loggedIn({ signedUpHoursAgo: 5 });
    expect((await late.client.get<DiscountCode>("/api/discountcode.php?code=TIMEBONUS25")).body.expired).toBe(true);
    const refused = await buy(late.client, 20, "TIMEBONUS25");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("This code has expired.");
    expect((await late.client.get<CreditsOffer>("/api/credits.php?code=TIMEBONUS25")).body.bundles[0].discount_percentage).toBeNull();
  });
});

describe("the welcome discount's time limit (spec §1: a time-limited welcome discount)", () => {
  it("is there for a week after signup, then expired and refused", async () => {
    const recent = await loggedIn({ signedUpHoursAgo: 6 * 24 });
    const open = (await recent.client.get<DiscountCode>("/api/discountcode.php?welcome=true")).body;
    expect(open).toMatchObject({ code: "WELCOME25", expired: false });
    const left = new Date(open.expires as string).getTime() - Date.now();
    expect(left).toBeGreaterThan(23.9 * 3600_000);
    expect(left).toBeLessThanOrEqual(24 * 3600_000);

    const late = await loggedIn({ signedUpHoursAgo: 8 * 24 });
    expect((await late.client.get<DiscountCode>("/api/discountcode.php?welcome=true")).body).toMatchObject({ code: "WELCOME25", expired: true });
    const refused = await buy(late.client, 20, "WELCOME25");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("This code has expired.");
    expect((await late.client.get<CreditsOffer>("/api/credits.php?code=WELCOME25")).body.bundles[0].discount_percentage).toBeNull();
  });
});

describe("one discounted purchase per member", () => {
  /** Starts an order (the checkout is opened, not paid). */
  const order = (client: TestClient, bundleId: number, code: string) =>
    client.post<StartPaymentResponse & ErrorBody>("/api/payment.php", { bundle_id: bundleId, method: "ideal", discount_code: code });
  const settle = (checkoutUrl: string, outcome: string) =>
    fetch(checkoutUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `outcome=${outcome}`, redirect: "manual" });
  const bundleIds = async (client: TestClient) => (await client.get<CreditsOffer>("/api/credits.php")).body.bundles.map((b) => b.id);

  it("discounts only one of four orders started at once with the time bonus, when all four are paid", async () => {
    const m = await loggedIn({ signedUpHoursAgo: 1 });
    const ids = await bundleIds(m.client);
    const started = await Promise.all(ids.map((id) => order(m.client, id, "TIMEBONUS25")));
    for (const res of started) if (res.status === 200) await settle(res.body.checkout_url, "paid");
    const payments = await Promise.all(
      started.filter((res) => res.status === 200).map(async (res) => (await m.client.get<Payment>(`/api/payment.php?id=${res.body.payment_id}`)).body),
    );
    const discounted = payments.filter((p) => p.status === "paid" && p.discount > 0);
    console.log(`discount race: ${discounted.length} of ${started.length} parallel orders paid with TIMEBONUS25's discount`);
    expect(discounted).toHaveLength(1);
    expect(started.filter((res) => res.status === 400).map((res) => res.body.error.message)).toEqual(Array(3).fill("Code already used"));
  });

  it("counts the welcome discount and the time bonus as one: both are for the first purchase", async () => {
    const m = await loggedIn({ signedUpHoursAgo: 1 });
    const [small, large] = await bundleIds(m.client);
    const started = await Promise.all([order(m.client, small, "TIMEBONUS25"), order(m.client, large, "WELCOME25")]);
    expect(started.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it("gives the code back when its order fails or is cancelled, so that a later purchase can use it", async () => {
    const m = await loggedIn();
    const [small] = await bundleIds(m.client);
    const first = await order(m.client, small, "WELCOME25");
    expect((await order(m.client, small, "WELCOME25")).body.error.code).toBe("code_used");
    await settle(first.body.checkout_url, "failed");
    await m.client.get(`/api/payment.php?id=${first.body.payment_id}`);
    const second = await order(m.client, small, "WELCOME25");
    expect(second.status).toBe(200);
    await settle(second.body.checkout_url, "canceled");
    await m.client.get(`/api/payment.php?id=${second.body.payment_id}`);
    const third = await buy(m.client, 20, "WELCOME25");
    expect((await m.client.get<Payment>(`/api/payment.php?id=${third.body.payment_id}`)).body).toMatchObject({ status: "paid", discount: 250 });
    expect((await buy(m.client, 20, "WELCOME25")).body.error.code).toBe("code_used");
  });

  it("gives a retried order (the same Idempotency-Key) its own checkout back, though its code is held now", async () => {
    const m = await loggedIn();
    const [small] = await bundleIds(m.client);
    const headers = { "idempotency-key": "welcome-order-1" };
    const body = { bundle_id: small, method: "ideal", discount_code: "WELCOME25" };
    const first = await m.client.post<StartPaymentResponse>("/api/payment.php", body, headers);
    const retry = await m.client.post<StartPaymentResponse>("/api/payment.php", body, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it("lets one member's single-use operator code through once among parallel orders of two members", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    await addCode({ code: "ONLYONCE", validity: "once" });
    await addCode({ code: "EACHONCE", validity: "once-per-user" });
    const [small] = await bundleIds(a.client);
    const once = await Promise.all([a.client, b.client, a.client, b.client].map((c) => order(c, small, "ONLYONCE")));
    expect(once.filter((res) => res.status === 200)).toHaveLength(1);
    const each = await Promise.all([a.client, b.client, a.client, b.client].map((c) => order(c, small, "EACHONCE")));
    expect(each.filter((res) => res.status === 200)).toHaveLength(2);
  });
});

describe("the operator's codes", () => {
  it("says 'Code not found' for unknown, switched-off, someone else's and other countries' codes", async () => {
    const m = await loggedIn();
    const other = await loggedIn();
    await addCode({ code: "SPRING10" });
    await addCode({ code: "OFF10", status: "inactive" });
    await addCode({ code: "MINE10", userId: other.id });
    await addCode({ code: "DEONLY", country: "DE" });
    expect((await m.client.get<DiscountCode>("/api/discountcode.php?code=spring10")).body.code).toBe("SPRING10");
    for (const code of ["NOPE", "OFF10", "MINE10", "DEONLY"]) {
      const res = await m.client.get<ErrorBody>(`/api/discountcode.php?code=${code}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Code not found");
    }
    expect((await other.client.get<DiscountCode>("/api/discountcode.php?code=MINE10")).body.user_id).toBe(other.id);
    expect((await m.client.get("/api/discountcode.php?code=<script>")).status).toBe(400);
    expect((await t.client().get("/api/discountcode.php?code=SPRING10")).status).toBe(403);
  });

  it("keeps to its minimum order value and its payment methods", async () => {
    const m = await loggedIn();
    await addCode({ code: "BIG20", valuePercentage: 20, minimumOrderValue: 3000, currency: "EUR" });
    await addCode({ code: "PAYPAL15", valuePercentage: 15, paymentMethods: ["paypal"] });
    const offer = (await m.client.get<CreditsOffer>("/api/credits.php?code=BIG20")).body;
    expect(offer.bundles.map((b) => b.discount_percentage)).toEqual([null, null, 20, 20]);
    const small = await buy(m.client, 20, "BIG20");
    expect(small.status).toBe(400);
    expect(small.body.error.message).toBe("This code is valid for orders of €30.00 or more.");

    expect((await buy(m.client, 20, "PAYPAL15", "ideal")).body.error.code).toBe("code_method");
    const viaPaypal = await buy(m.client, 20, "PAYPAL15", "paypal");
    expect((await m.client.get<Payment>(`/api/payment.php?id=${viaPaypal.body.payment_id}`)).body).toMatchObject({ amount: 849, discount_code: "PAYPAL15" });
  });

  it("cannot be applied twice by one member, nor at all after a single-use code was spent", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    await addCode({ code: "TWICE", validity: "once-per-user" });
    await addCode({ code: "JUSTONE", validity: "once" });
    await addCode({ code: "ALWAYS", validity: "unlimited" });
    expect((await buy(a.client, 20, "TWICE")).status).toBe(200);
    expect((await buy(a.client, 20, "TWICE")).body.error.code).toBe("code_used");
    expect((await buy(b.client, 20, "TWICE")).status).toBe(200);
    expect((await buy(a.client, 20, "JUSTONE")).status).toBe(200);
    expect((await buy(b.client, 20, "JUSTONE")).body.error.code).toBe("code_used");
    expect((await buy(a.client, 20, "ALWAYS")).status).toBe(200);
    expect((await buy(a.client, 20, "ALWAYS")).status).toBe(200);
  });
});
