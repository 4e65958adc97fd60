import { randomUUID } from "node:crypto";
import { MollieApiError } from "@mollie/api-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/common/locales";
import type { Currency, PaymentMethodId } from "../../src/common/paymentMethods";
import type { ChargeStoredCard, CreateProviderPayment, DirectDebit, ProviderStoredCard } from "../../src/server/adapters/paymentProvider";
import { MolliePaymentProvider, MollieTimeoutError, mollieAmount, mollieLocale } from "../../src/server/adapters/mollieProvider";
import { type FakeMollie, type FakeMollieCard, type FakeMollieStatus, startFakeMollie, withPlainHttpAgent } from "../support/fakeMollie";

// The Mollie adapter through the official client against a local fake of Mollie's API: what it
// sends, how it reads Mollie's answers, and how Mollie's failures reach the caller.

let fake: FakeMollie;
let mollie: MolliePaymentProvider;

const provider = (apiKey: string) => withPlainHttpAgent(() => new MolliePaymentProvider({ apiKey, apiUrl: fake.url }));

beforeAll(async () => {
  fake = await startFakeMollie();
  mollie = await provider(fake.apiKey);
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const input = (overrides: Partial<CreateProviderPayment> = {}): CreateProviderPayment => ({
  reference: "3f1c2a9e-5b7d-4c1e-9a2b-0d8e7f6a5b4c",
  amount: 1999,
  currency: "EUR",
  description: "Dating: 20 credits",
  method: "ideal",
  redirectUrl: "https://dating.example/credits/1/ideal?payment=3f1c2a9e-5b7d-4c1e-9a2b-0d8e7f6a5b4c",
  webhookUrl: "https://dating.example/api/payment-webhook.php?provider=mollie",
  locale: "nl",
  ...overrides,
});

/** The body of the last create call the fake received. */
const lastCreate = () => {
  const request = fake.requests.findLast((r) => r.method === "POST");
  if (!request) throw new Error("no create call");
  return request.body as Record<string, unknown>;
};

describe("create", () => {
  it("creates the payment as Mollie documents it and answers its id, status and checkout", async () => {
    const payment = await mollie.create(input());

    expect(payment).toEqual({ id: expect.stringMatching(/^tr_\w{10}$/), status: "open", checkoutUrl: expect.stringContaining("/checkout/") });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v2/payments", status: 201 });
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.headers["content-type"]).toBe("application/json");
    // The client adds one itself, so that its own retries cannot create a second payment.
    expect(request.headers["idempotency-key"]).toEqual(expect.any(String));
    expect(request.body).toEqual({
      amount: { currency: "EUR", value: "19.99" },
      method: "ideal",
      description: "Dating: 20 credits",
      redirectUrl: input().redirectUrl,
      webhookUrl: input().webhookUrl,
      locale: "nl_NL",
      metadata: { reference: input().reference },
    });
    expect(payment.checkoutUrl).toBe(fake.payments.get(payment.id)?._links.checkout.href);
  });

  it.each<[number, Currency, string]>([
    [1999, "EUR", "19.99"],
    [4900, "PLN", "49.00"],
    [5, "SEK", "0.05"],
    [10, "EUR", "0.10"],
    [100000, "SEK", "1000.00"],
    [123456789, "PLN", "1234567.89"],
  ])("sends %i minor units of %s as %s", async (amount, currency, value) => {
    expect(mollieAmount(amount, currency)).toEqual({ currency, value });
    await mollie.create(input({ amount, currency }));
    expect(lastCreate().amount).toEqual({ currency, value });
  });

  it("refuses an amount that is not whole minor units, before calling Mollie", async () => {
    for (const amount of [19.99, -100, Number.NaN]) {
      await expect(mollie.create(input({ amount }))).rejects.toThrow(RangeError);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("maps every language of the site to a Mollie locale", () => {
    const expected = {
      da: "da_DK",
      de: "de_DE",
      en: "en_US",
      es: "es_ES",
      fi: "fi_FI",
      fr: "fr_FR",
      it: "it_IT",
      nb: "nb_NO",
      nl: "nl_NL",
      pl: "pl_PL",
      sv: "sv_SE",
    };
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, mollieLocale(language)]))).toEqual(expected);
    // A full tag keeps its region where Mollie has it, else falls back to the language's.
    expect(mollieLocale("nl-BE")).toBe("nl_BE");
    expect(mollieLocale("de_AT")).toBe("de_AT");
    expect(mollieLocale("en-GB")).toBe("en_GB");
    expect(mollieLocale("fr-CA")).toBe("fr_FR");
    expect(mollieLocale("xx")).toBeUndefined();
    expect(mollieLocale("")).toBeUndefined();
  });

  it("sends the locale over the wire, and none where Mollie has no such language (its page follows the browser)", async () => {
    await mollie.create(input({ locale: "de" }));
    expect(lastCreate().locale).toBe("de_DE");
    await mollie.create(input({ locale: "pl" }));
    expect(lastCreate().locale).toBe("pl_PL");
    await mollie.create(input({ locale: "xx" }));
    expect(lastCreate()).not.toHaveProperty("locale");
  });

  it.each<[PaymentMethodId, string]>([
    ["ideal", "ideal"],
    ["visa", "creditcard"],
    ["carte_bancaire", "creditcard"],
    ["apple_pay", "applepay"],
    ["sepa_direct_debit", "directdebit"],
    ["wire_transfer", "banktransfer"],
    ["blik", "blik"],
  ])("sends method %s as Mollie's %s", async (method, expected) => {
    await mollie.create(input({ method }));
    expect(lastCreate().method).toBe(expected);
  });

  it("does not try a method Mollie no longer takes", async () => {
    await expect(mollie.create(input({ method: "sofort" }))).rejects.toThrow(/no longer offered/);
    await expect(mollie.create(input({ method: "giropay" }))).rejects.toThrow(/no longer offered/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("get", () => {
  it.each<[FakeMollieStatus, string, boolean]>([
    ["open", "open", true],
    ["pending", "pending", false],
    ["authorized", "pending", false],
    ["paid", "paid", false],
    ["failed", "failed", false],
    ["canceled", "canceled", false],
    ["expired", "expired", false],
  ])("reads Mollie's %s as %s", async (mollieStatus, status, hasCheckout) => {
    const { id } = await mollie.create(input());
    fake.setStatus(id, mollieStatus);

    const payment = await mollie.get(id);

    expect(payment).toEqual({ id, status, checkoutUrl: hasCheckout ? expect.stringContaining(id.slice(3)) : null });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v2/payments/${id}`, status: 200 });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it("answers null for a payment Mollie does not have (its 404)", async () => {
    expect(await mollie.get("tr_doesnotexist")).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/v2/payments/tr_doesnotexist", status: 404 });
  });
});

const member = { reference: "user-4711", name: "Anna de Vries", email: "anna@example.com" };

/** A card payment that asks to keep the card, for a new Mollie customer unless one is given. */
const withCard = (customerId: string | null = null, overrides: Partial<CreateProviderPayment> = {}) =>
  input({ method: "visa", storeCard: { customer: member, customerId }, ...overrides });

/** The requests of one kind, e.g. "POST /v2/customers". */
const sent = (what: string) => fake.requests.filter((r) => `${r.method} ${r.path}` === what);

describe("keeping a card (Mollie's first payment)", () => {
  it("makes a Mollie customer for the member and a first payment of that customer", async () => {
    const payment = await mollie.create(withCard());

    expect(payment).toEqual({
      id: expect.stringMatching(/^tr_\w{10}$/),
      status: "open",
      checkoutUrl: expect.stringContaining("/checkout/"),
      storedCard: null,
      customerId: expect.stringMatching(/^cst_\w{10}$/),
    });
    expect(fake.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["POST", "/v2/customers", 201],
      ["POST", "/v2/payments", 201],
    ]);
    const [customerCall, paymentCall] = fake.requests;
    expect(customerCall.body).toEqual({ name: member.name, email: member.email, metadata: { reference: member.reference } });
    const customerId = fake.payments.get(payment.id)?.customerId;
    expect(customerId).toMatch(/^cst_\w{10}$/);
    expect(fake.customers.get(customerId ?? "")).toMatchObject({ name: member.name, email: member.email, metadata: { reference: member.reference } });
    expect(paymentCall.body).toEqual({
      amount: { currency: "EUR", value: "19.99" },
      method: "creditcard",
      description: "Dating: 20 credits",
      redirectUrl: input().redirectUrl,
      webhookUrl: input().webhookUrl,
      locale: "nl_NL",
      metadata: { reference: input().reference },
      customerId,
      sequenceType: "first",
    });
  });

  it("reuses the Mollie customer it is given", async () => {
    const first = await mollie.create(withCard());
    const customerId = fake.payments.get(first.id)?.customerId ?? null;
    fake.requests.length = 0;

    const again = await mollie.create(withCard(customerId));

    expect(again.storedCard).toBeNull();
    expect(sent("POST /v2/customers")).toHaveLength(0);
    expect(lastCreate()).toMatchObject({ customerId, sequenceType: "first" });
  });

  it("reports the kept card only once the first payment is paid, with the mandate Mollie made then", async () => {
    const { id } = await mollie.create(withCard());
    const customerId = fake.payments.get(id)?.customerId;

    // Before payment Mollie has no mandate yet: nothing is kept.
    expect((await mollie.get(id))?.storedCard).toBeNull();
    expect(fake.payments.get(id)?.mandateId).toBeUndefined();

    fake.setStatus(id, "paid");
    const paid = await mollie.get(id);

    const mandateId = fake.payments.get(id)?.mandateId;
    expect(mandateId).toMatch(/^mdt_\w{10}$/);
    expect(paid).toEqual({ id, status: "paid", checkoutUrl: null, storedCard: { customerId, mandateId, label: "Visa •••• 4242" }, customerId });
    expect(fake.mandates.get(mandateId ?? "")).toMatchObject({ status: "valid", method: "creditcard" });
    expect(fake.mandateCustomer(mandateId ?? "")).toBe(customerId);
    // One GET of the payment is all it takes: the card's label comes from the payment's details.
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v2/payments/${id}`, status: 200 });
  });

  it.each<[FakeMollieCard, string]>([
    [{ number: "4444", label: "Mastercard" }, "Mastercard •••• 4444"],
    [{ number: "0005", label: "American Express" }, "American Express •••• 0005"],
    // Mollie leaves the label null for a brand it does not name.
    [{ number: "1111", label: null }, "Card •••• 1111"],
    // Without the digits, the brand alone: the card is kept all the same.
    [{ number: "", label: "Visa" }, "Visa"],
  ])("labels the card %o as %s", async (card, label) => {
    const { id } = await mollie.create(withCard());
    fake.setStatus(id, "paid", card);
    expect((await mollie.get(id))?.storedCard?.label).toBe(label);
  });

  it.each<FakeMollieStatus>(["pending", "authorized", "failed", "canceled", "expired"])("keeps no card when the first payment is %s", async (status) => {
    const { id } = await mollie.create(withCard());
    fake.setStatus(id, status);
    expect((await mollie.get(id))?.storedCard).toBeNull();
  });

  it("keeps the card behind an Apple Pay first payment (Mollie makes a card mandate for it)", async () => {
    const { id } = await mollie.create(withCard(null, { method: "apple_pay" }));
    expect(lastCreate()).toMatchObject({ method: "applepay", sequenceType: "first" });
    fake.setStatus(id, "paid");
    expect((await mollie.get(id))?.storedCard).toMatchObject({ label: "Visa •••• 4242" });
  });

  it("keeps no card for a first payment by bank, whose mandate is a SEPA one", async () => {
    const { id } = await mollie.create(withCard(null, { method: "ideal" }));
    fake.setStatus(id, "paid");
    expect(fake.mandates.get(fake.payments.get(id)?.mandateId ?? "")?.method).toBe("directdebit");
    expect(await mollie.get(id)).toEqual({ id, status: "paid", checkoutUrl: null, storedCard: null, customerId: fake.payments.get(id)?.customerId });
  });

  it("says nothing of cards for a payment that did not ask to keep one", async () => {
    const { id } = await mollie.create(input({ method: "visa" }));
    fake.setStatus(id, "paid");
    expect(await mollie.get(id)).not.toHaveProperty("storedCard");
  });
});

/** A card kept after a paid first payment, as get reports it. */
async function keptCard(card?: FakeMollieCard): Promise<ProviderStoredCard> {
  const { id } = await mollie.create(withCard());
  fake.setStatus(id, "paid", card);
  const stored = (await mollie.get(id))?.storedCard;
  if (!stored) throw new Error("no card kept");
  fake.requests.length = 0;
  return stored;
}

const charge = (card: ProviderStoredCard, overrides: Partial<ChargeStoredCard> = {}): ChargeStoredCard => ({
  reference: "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d",
  amount: 4999,
  currency: "EUR",
  description: "Dating: 60 credits",
  webhookUrl: input().webhookUrl,
  card: { customerId: card.customerId, mandateId: card.mandateId },
  key: `charge-${randomUUID()}`,
  ...overrides,
});

describe("chargeStoredCard (Mollie's recurring payment)", () => {
  it("charges the kept card at once, as a recurring payment on its mandate, with our key", async () => {
    const card = await keptCard();
    const order = charge(card);

    const payment = await mollie.chargeStoredCard(order);

    expect(payment).toEqual({ id: expect.stringMatching(/^tr_\w{10}$/), status: "paid", checkoutUrl: null, customerId: card.customerId });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v2/payments", status: 201 });
    expect(request.headers["idempotency-key"]).toBe(order.key);
    // No redirectUrl: there is no payer to send anywhere.
    expect(request.body).toEqual({
      amount: { currency: "EUR", value: "49.99" },
      description: "Dating: 60 credits",
      webhookUrl: input().webhookUrl,
      metadata: { reference: order.reference },
      customerId: card.customerId,
      mandateId: card.mandateId,
      sequenceType: "recurring",
    });
    expect(fake.payments.get(payment.id)).toMatchObject({ sequenceType: "recurring", method: "creditcard", status: "paid", mandateId: card.mandateId });
    // Read back later (the webhook), it is paid and is not a newly kept card.
    expect(await mollie.get(payment.id)).toEqual({ id: payment.id, status: "paid", checkoutUrl: null, customerId: card.customerId });
  });

  it("answers failed when the card's bank declines the charge", async () => {
    const card = await keptCard();
    fake.declineMandate(card.mandateId);

    const payment = await mollie.chargeStoredCard(charge(card));

    expect(payment).toEqual({ id: expect.any(String), status: "failed", checkoutUrl: null, customerId: card.customerId });
    expect(lastCreate()).toMatchObject({ sequenceType: "recurring", mandateId: card.mandateId, customerId: card.customerId });
    expect((await mollie.get(payment.id))?.status).toBe("failed");
  });

  it("charges once when the same charge is retried with its key (after a lost answer, or Mollie's hiccup)", async () => {
    const card = await keptCard();
    const before = fake.payments.size;
    const order = charge(card);

    fake.failNext(1, { retryAfter: 0 });
    const first = await mollie.chargeStoredCard(order);
    const retried = await mollie.chargeStoredCard(order);

    expect(retried).toEqual(first);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 201, 201]);
    expect(new Set(fake.requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([order.key]));
    expect(fake.payments.size).toBe(before + 1);

    // Another order (another key) is another charge.
    const next = await mollie.chargeStoredCard(charge(card));
    expect(next.id).not.toBe(first.id);
    expect(fake.payments.size).toBe(before + 2);
  });

  it("throws Mollie's 422 for a mandate that is not the customer's", async () => {
    const mine = await keptCard();
    const theirs = await keptCard();
    const error = await mollie.chargeStoredCard(charge({ ...mine, mandateId: theirs.mandateId })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MollieApiError);
    expect(error).toMatchObject({ statusCode: 422, field: "mandateId" });
  });
});

const debit = (overrides: Partial<DirectDebit> = {}): DirectDebit => ({
  reference: "1d2c3b4a-5f6e-4d7c-8b9a-0f1e2d3c4b5a",
  amount: 1999,
  currency: "EUR",
  description: "Dating: 20 credits",
  webhookUrl: input().webhookUrl,
  account: { holder: "Anna de Vries", iban: "NL91 ABNA 0417 1643 00" },
  customer: member,
  mandateReference: "DATING-4711-0001",
  signedAt: "2025-03-01T10:15:00.000Z",
  key: `debit-${randomUUID()}`,
  ...overrides,
});

describe("createDirectDebit (a SEPA mandate and a recurring payment on it)", () => {
  it("makes a customer, the member's mandate and a pending direct debit on it", async () => {
    const order = debit();

    const payment = await mollie.createDirectDebit(order);

    expect(payment).toEqual({ id: expect.stringMatching(/^tr_\w{10}$/), status: "pending", checkoutUrl: null, customerId: expect.stringMatching(/^cst_/) });
    expect(fake.requests.map((r) => [r.method, r.path.replace(/cst_\w+/, "cst_*"), r.status])).toEqual([
      ["POST", "/v2/customers", 201],
      ["POST", "/v2/customers/cst_*/mandates", 201],
      ["POST", "/v2/payments", 201],
    ]);
    const [customerCall, mandateCall, paymentCall] = fake.requests;
    expect(customerCall.body).toEqual({ name: member.name, email: member.email, metadata: { reference: member.reference } });
    const customerId = fake.payments.get(payment.id)?.customerId ?? "";
    const mandateId = fake.payments.get(payment.id)?.mandateId ?? "";
    expect(mandateCall.path).toBe(`/v2/customers/${customerId}/mandates`);
    expect(mandateCall.body).toEqual({
      method: "directdebit",
      consumerName: "Anna de Vries",
      // Without the spaces it was written with.
      consumerAccount: "NL91ABNA0417164300",
      signatureDate: "2025-03-01",
      mandateReference: "DATING-4711-0001",
    });
    expect(fake.mandates.get(mandateId)).toMatchObject({
      status: "valid",
      method: "directdebit",
      details: { consumerName: "Anna de Vries", consumerAccount: "NL91ABNA0417164300" },
      mandateReference: "DATING-4711-0001",
      signatureDate: "2025-03-01",
    });
    expect(fake.mandateCustomer(mandateId)).toBe(customerId);
    expect(paymentCall.body).toEqual({
      amount: { currency: "EUR", value: "19.99" },
      description: "Dating: 20 credits",
      webhookUrl: input().webhookUrl,
      metadata: { reference: order.reference },
      method: "directdebit",
      customerId,
      mandateId,
      sequenceType: "recurring",
    });
    // The debit carries our key; the steps before it keys derived from it.
    expect(fake.requests.map((r) => r.headers["idempotency-key"])).toEqual([`${order.key}:customer`, `${order.key}:mandate:${customerId}`, order.key]);
    expect(fake.payments.get(payment.id)).toMatchObject({ status: "pending", method: "directdebit", sequenceType: "recurring" });
    expect(await mollie.get(payment.id)).toEqual({ id: payment.id, status: "pending", checkoutUrl: null, customerId });
  });

  it("reuses the member's customer it is given for a direct debit: a new mandate, no new customer", async () => {
    const first = await mollie.createDirectDebit(debit());
    const customerId = first.customerId ?? "";
    fake.requests.length = 0;
    const second = await mollie.createDirectDebit(debit({ customerId, account: { holder: "Anna de Vries", iban: "DE89 3704 0044 0532 0130 00" } }));
    expect(second.customerId).toBe(customerId);
    expect(fake.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["POST", `/v2/customers/${customerId}/mandates`, 201],
      ["POST", "/v2/payments", 201],
    ]);
    expect(fake.payments.get(second.id)).toMatchObject({ customerId, status: "pending" });
  });

  it("makes a new customer when Mollie no longer has the one it is given (deleted in its dashboard)", async () => {
    const first = await mollie.createDirectDebit(debit());
    const gone = first.customerId ?? "";
    fake.customers.delete(gone);
    const debited = await mollie.createDirectDebit(debit({ customerId: gone }));
    expect(debited.customerId).toMatch(/^cst_/);
    expect(debited.customerId).not.toBe(gone);
    expect(fake.payments.get(debited.id)).toMatchObject({ customerId: debited.customerId, status: "pending" });
    // The same for a first card payment.
    fake.customers.delete(debited.customerId ?? "");
    const card = await mollie.create(withCard(debited.customerId ?? null));
    expect(card.customerId).toMatch(/^cst_/);
    expect(card.customerId).not.toBe(debited.customerId);
  });

  it("makes one customer, mandate and debit when retried with the same key", async () => {
    const order = debit();
    const sizes = () => [fake.customers.size, fake.mandates.size, fake.payments.size];
    const before = sizes();

    const first = await mollie.createDirectDebit(order);
    const retried = await mollie.createDirectDebit(order);

    expect(retried).toEqual(first);
    expect(sizes()).toEqual(before.map((n) => n + 1));
  });

  it("sends the date of a signature given as a plain date, and refuses one that is not a date before calling Mollie", async () => {
    await mollie.createDirectDebit(debit({ signedAt: "2025-02-28" }));
    expect(sent(`POST ${fake.requests[1].path}`)[0].body).toMatchObject({ signatureDate: "2025-02-28" });

    fake.requests.length = 0;
    for (const signedAt of ["", "yesterday", "01-03-2025", "2025-02-30"]) {
      await expect(mollie.createDirectDebit(debit({ signedAt }))).rejects.toThrow(RangeError);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("throws Mollie's 422 for an IBAN it refuses", async () => {
    const error = await mollie.createDirectDebit(debit({ account: { holder: "Anna de Vries", iban: "NL00ABNA0417164300" } })).catch((err: unknown) => err);
    expect(error).toMatchObject({ statusCode: 422, field: "consumerAccount" });
    expect(sent("POST /v2/payments")).toHaveLength(0);
  });
});

describe("webhookPaymentId", () => {
  it("names the payment of Mollie's form-encoded call, whatever the headers", async () => {
    expect(await mollie.webhookPaymentId("id=tr_7UhSN1zuXS", {})).toBe("tr_7UhSN1zuXS");
    expect(await mollie.webhookPaymentId("id=tr_7UhSN1zuXS&other=1", { "content-type": "application/x-www-form-urlencoded" })).toBe("tr_7UhSN1zuXS");
  });

  it("refuses a call that does not name a payment", async () => {
    for (const body of [
      "",
      "id=",
      "id=tr_",
      "id=ord_7UhSN1zuXS",
      "id=re_7UhSN1zuXS",
      "id=tr_7UhSN%2F..%2Fx",
      "id=tr_a b",
      '{"id":"tr_7UhSN1zuXS"}',
      "tr_7UhSN1zuXS",
    ]) {
      expect(await mollie.webhookPaymentId(body, {})).toBeNull();
    }
  });

  it("does not call Mollie: the state is fetched afterwards with get", async () => {
    await mollie.webhookPaymentId("id=tr_7UhSN1zuXS", {});
    expect(fake.requests).toHaveLength(0);
  });
});

describe("when Mollie fails", () => {
  it("rides out a brief hiccup: the client retries the same create once, and one payment is made", async () => {
    const before = fake.payments.size;
    fake.failNext(1, { retryAfter: 0 });

    const payment = await mollie.create(input());

    expect(payment.status).toBe("open");
    expect(fake.requests.map((r) => r.status)).toEqual([503, 201]);
    expect(new Set(fake.requests.map((r) => r.headers["idempotency-key"])).size).toBe(1);
    expect(fake.payments.size).toBe(before + 1);
  });

  it("throws when the outage lasts past the client's three attempts", async () => {
    const before = fake.payments.size;
    fake.failNext(3, { retryAfter: 0 });
    const error = await mollie.create(input()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MollieApiError);
    expect(error).toMatchObject({ statusCode: 503 });
    expect(fake.requests.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(fake.payments.size).toBe(before);

    const { id } = await mollie.create(input());
    fake.failNext(3, { retryAfter: 0 });
    await expect(mollie.get(id)).rejects.toMatchObject({ statusCode: 503 });
    expect((await mollie.get(id))?.status).toBe("open");
  });

  it("gives up a call Mollie does not answer after its timeout, and works again after", async () => {
    const impatient = await withPlainHttpAgent(() => new MolliePaymentProvider({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 300 }));
    const { id } = await mollie.create(input());
    for (const call of [() => impatient.create(input()), () => impatient.get(id), () => impatient.refund(id, 100, "EUR", `refund-${randomUUID()}`)]) {
      fake.hangNext(1);
      const started = performance.now();
      const error = await call().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(MollieTimeoutError);
      expect(performance.now() - started).toBeLessThan(3000);
    }
    expect((await impatient.get(id))?.status).toBe("open");
  });

  it("throws Mollie's 401 for a wrong API key", async () => {
    const wrong = await provider(`test_${"x".repeat(30)}`);
    const { id } = await mollie.create(input());

    await expect(wrong.create(input())).rejects.toMatchObject({ name: "ApiError", statusCode: 401 });
    await expect(wrong.get(id)).rejects.toMatchObject({ statusCode: 401 });
    expect(fake.requests.slice(-2).map((r) => r.status)).toEqual([401, 401]);
  });

  it("throws Mollie's 422 naming the field it refuses", async () => {
    await expect(mollie.create(input({ description: " " }))).rejects.toMatchObject({ statusCode: 422, field: "description" });
  });

  it("cannot reach a plain-HTTP endpoint without the test's agent swap (the client pins HTTPS)", async () => {
    // Documents why withPlainHttpAgent exists; when a client version lifts this, the swap can go.
    const direct = new MolliePaymentProvider({ apiKey: fake.apiKey, apiUrl: fake.url });
    await expect(direct.get("tr_7UhSN1zuXS")).rejects.toThrow(/Protocol "http:" not supported/);
    expect(fake.requests).toHaveLength(0);
  });
});
