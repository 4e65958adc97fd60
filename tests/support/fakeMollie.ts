import { randomBytes } from "node:crypto";
import http, { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

// The part of Mollie's API v2 (docs.mollie.com) that MolliePaymentProvider uses, on 127.0.0.1:
// payments (one-off, and the recurring flow: "first" payments that leave a mandate when paid,
// "recurring" ones charged at once on a mandate), refunds, customers and their SEPA mandates.
// Requests and answers as @mollie/api-client 4 sends and reads them: JSON bodies, Bearer API key,
// HAL resources, errors as {status, title, detail, field?, _links}; every create replays its first
// answer for a repeated Idempotency-Key, as Mollie does, so that a retried POST makes one resource.

export type FakeMollieStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";
export type FakeMollieSequenceType = "oneoff" | "first" | "recurring";

export interface FakeMollieRequest {
  method: string;
  /** Path and query, e.g. "/v2/payments/tr_abc". */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; null without one. */
  body: unknown;
  /** What the fake answered. */
  status: number;
}

export interface FakeMolliePayment {
  resource: "payment";
  id: string;
  mode: "test" | "live";
  createdAt: string;
  status: FakeMollieStatus;
  isCancelable: boolean;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  metadata: unknown;
  locale?: string;
  profileId: string;
  sequenceType: FakeMollieSequenceType;
  /** Absent for recurring payments, which have no payer to send back. */
  redirectUrl?: string;
  webhookUrl?: string;
  /** For first and recurring payments. */
  customerId?: string;
  /** For recurring payments from the start; for a first payment once it is paid (Mollie makes the mandate then). */
  mandateId?: string;
  /** The method's details once known: the card of a paid card payment, the account of a direct debit. */
  details?: Record<string, string | null>;
  expiresAt?: string;
  paidAt?: string;
  authorizedAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface FakeMollieCustomer {
  resource: "customer";
  id: string;
  mode: "test" | "live";
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: unknown;
  createdAt: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface FakeMollieMandate {
  resource: "mandate";
  id: string;
  mode: "test" | "live";
  status: "valid" | "pending" | "invalid";
  method: "directdebit" | "creditcard";
  /** consumerName/consumerAccount/consumerBic for directdebit; cardHolder/cardNumber/cardLabel/... for creditcard. */
  details: Record<string, string | null>;
  mandateReference: string | null;
  signatureDate: string | null;
  createdAt: string;
  /** `customer` names the customer the mandate belongs to (Mollie's resource has no customerId field). */
  _links: Record<string, { href: string; type: string }>;
}

/** The card a paid first payment leaves, unless the test names another. */
export interface FakeMollieCard {
  /** The last four digits, as Mollie reports them. */
  number: string;
  /** Mollie's cardLabel ("Visa", "Mastercard"...); null for a brand Mollie does not name. */
  label: string | null;
}

const DEFAULT_CARD: FakeMollieCard = { number: "4242", label: "Visa" };
/** The account a first payment made by bank (iDEAL, Bancontact...) leaves as a SEPA mandate. */
const FIRST_PAYMENT_ACCOUNT = { consumerName: "T. Tester", consumerAccount: "NL91ABNA0417164300", consumerBic: "ABNANL2A" };
/** Methods whose first payment leaves a card mandate; the others (bank payments) leave a SEPA one. */
const CARD_FIRST_METHODS = new Set(["creditcard", "applepay"]);

const HAL = "application/hal+json";
const DOCS = { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" };
const ERROR_TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized Request",
  404: "Not Found",
  405: "Method Not Allowed",
  422: "Unprocessable Entity",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** Mollie's tokens are ten letters and digits after the resource's prefix. */
function token(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join("");
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What Mollie refuses in a create call, as [field, detail]; null when it is acceptable. Only what
 * Mollie checks and the adapter could get wrong: the amount's format above all.
 */
function invalidCreate(body: Record<string, unknown>): [string, string] | null {
  const amount = body.amount;
  if (!isRecord(amount)) return ["amount", "The amount is required for payments"];
  if (typeof amount.currency !== "string" || !/^[A-Z]{3}$/.test(amount.currency)) return ["amount.currency", "The currency is invalid"];
  // All our currencies have two decimals; Mollie wants exactly that many, as a string.
  if (typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) return ["amount.value", "The amount contains an invalid value"];
  if (Number(amount.value) < 0.01) return ["amount.value", "The amount is lower than the minimum"];
  if (typeof body.description !== "string" || body.description.trim() === "") return ["description", "The description is invalid"];
  if (body.sequenceType !== undefined && body.sequenceType !== "oneoff" && body.sequenceType !== "first" && body.sequenceType !== "recurring")
    return ["sequenceType", "The sequence type is invalid"];
  // A recurring payment runs without the payer, so it has nowhere to send them back to.
  const needsRedirect = body.sequenceType !== "recurring";
  if ((needsRedirect || body.redirectUrl !== undefined) && (typeof body.redirectUrl !== "string" || !URL.canParse(body.redirectUrl)))
    return ["redirectUrl", "The redirect URL is invalid"];
  if (body.webhookUrl !== undefined && (typeof body.webhookUrl !== "string" || !URL.canParse(body.webhookUrl)))
    return ["webhookUrl", "The webhook URL is invalid"];
  if (body.locale !== undefined && (typeof body.locale !== "string" || !/^[a-z]{2}_[A-Z]{2}$/.test(body.locale))) return ["locale", "The locale is invalid"];
  if (body.method !== undefined && typeof body.method !== "string" && !Array.isArray(body.method)) return ["method", "The payment method is invalid"];
  if (body.customerId !== undefined && typeof body.customerId !== "string") return ["customerId", "The customer id is invalid"];
  if (body.mandateId !== undefined && typeof body.mandateId !== "string") return ["mandateId", "The mandate id is invalid"];
  if ((body.sequenceType === "first" || body.sequenceType === "recurring") && body.customerId === undefined)
    return ["customerId", `A customer is required for ${body.sequenceType} payments`];
  return null;
}

/** An IBAN as SEPA checks it: country, check digits, account, and the mod-97 checksum. */
function validIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let rest = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    for (const digit of /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A calendar date as YYYY-MM-DD that exists (no 2025-02-30). */
function validDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
}

/** What Mollie refuses in a mandate create call, as [field, detail]; null when it is acceptable. */
function invalidMandate(body: Record<string, unknown>): [string, string] | null {
  // Card mandates come only from a paid first payment; PayPal ones are not faked here.
  if (body.method !== "directdebit") return ["method", "The payment method is invalid, only directdebit mandates can be created here"];
  if (typeof body.consumerName !== "string" || body.consumerName.trim() === "") return ["consumerName", "The consumer name is required"];
  if (typeof body.consumerAccount !== "string" || !validIban(body.consumerAccount)) return ["consumerAccount", "The consumer account is invalid"];
  if (body.consumerBic !== undefined && (typeof body.consumerBic !== "string" || !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(body.consumerBic)))
    return ["consumerBic", "The consumer BIC is invalid"];
  if (body.signatureDate !== undefined) {
    if (typeof body.signatureDate !== "string" || !validDate(body.signatureDate)) return ["signatureDate", "The signature date is invalid"];
    // A day of slack: the member's today may be ahead of UTC's.
    if (body.signatureDate > new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
      return ["signatureDate", "The signature date cannot be in the future"];
  }
  // SEPA's limit for a mandate reference.
  if (body.mandateReference !== undefined && (typeof body.mandateReference !== "string" || body.mandateReference === "" || body.mandateReference.length > 35))
    return ["mandateReference", "The mandate reference is invalid"];
  return null;
}

/** A Dutch IBAN's BIC follows from its bank code (NL91ABNA... → ABNANL2A); others are left unknown. */
function bicOf(iban: string): string | null {
  return iban.startsWith("NL") ? `${iban.slice(4, 8)}NL2A` : null;
}

/**
 * The Mollie client creates `new https.Agent({ ca: <its own CA bundle> })` for every endpoint, so it
 * cannot reach a plain-HTTP server (Node: 'Protocol "http:" not supported'), nor an HTTPS one with a
 * test certificate (only its bundled CAs are trusted; NODE_EXTRA_CA_CERTS does not help). While
 * `make` runs, https.Agent is Node's http.Agent, so that a client created then talks plain HTTP to
 * this fake; it is put back right after. Create the provider (or the app that creates it) in here.
 */
export async function withPlainHttpAgent<T>(make: () => T | Promise<T>): Promise<T> {
  const original = https.Agent;
  Reflect.set(https, "Agent", http.Agent);
  try {
    return await make();
  } finally {
    Reflect.set(https, "Agent", original);
  }
}

export async function startFakeMollie(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? `test_${token()}${token()}${token()}`;
  const mode = apiKey.startsWith("live_") ? "live" : "test";
  const payments = new Map<string, FakeMolliePayment>();
  const customers = new Map<string, FakeMollieCustomer>();
  const mandates = new Map<string, FakeMollieMandate>();
  /** Mandate id → its customer's id (Mollie's mandate resource only links to it). */
  const mandateCustomers = new Map<string, string>();
  /** Mandates whose charges the card's bank declines (declineMandate). */
  const declining = new Set<string>();
  const requests: FakeMollieRequest[] = [];
  /**
   * Path and Idempotency-Key of a create → what it made, as it is now: a repeated POST with the same
   * key (the client's own retries, or ours after a crash) answers that instead of making another.
   */
  const replays = new Map<string, () => unknown>();
  let outage: { left: number; status: number; retryAfter?: number } = { left: 0, status: 503 };
  /** Requests left to take in and never answer (hangNext). */
  let hanging = 0;
  /** Refunds made. */
  const refunds: Array<{ id: string; paymentId: string; amount: { currency: string; value: string } }> = [];
  let origin = "";

  const link = (path: string, type = HAL) => ({ href: `${origin}${path}`, type });

  const links = (payment: FakeMolliePayment) => ({
    self: link(`/v2/payments/${payment.id}`),
    // Mollie offers the hosted checkout only while the payment can still be paid.
    ...(payment.status === "open" ? { checkout: link(`/checkout/select-method/${payment.id.slice(3)}`, "text/html") } : {}),
    dashboard: link(`/dashboard/payments/${payment.id}`, "text/html"),
    ...(payment.customerId ? { customer: link(`/v2/customers/${payment.customerId}`) } : {}),
    ...(payment.customerId && payment.mandateId ? { mandate: link(`/v2/customers/${payment.customerId}/mandates/${payment.mandateId}`) } : {}),
    documentation: { href: "https://docs.mollie.com/reference/get-payment", type: "text/html" },
  });

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
    res.writeHead(status, { "content-type": HAL, ...headers }).end(JSON.stringify(body));
    return status;
  }

  function error(res: ServerResponse, status: number, detail: string, extra: { field?: string; headers?: Record<string, string> } = {}): number {
    const body = { status, title: ERROR_TITLES[status] ?? "Error", detail, ...(extra.field ? { field: extra.field } : {}), _links: { documentation: DOCS } };
    return send(res, status, body, extra.headers);
  }

  function notAllowed(res: ServerResponse, method: string): number {
    return error(res, 405, `The method ${method} is not allowed here`);
  }

  /** Remembers what a create made under its Idempotency-Key, for the key's replays. */
  function remember(pathname: string, headers: IncomingHttpHeaders, made: () => unknown): void {
    const key = headers["idempotency-key"];
    if (typeof key === "string") replays.set(`${pathname}\n${key}`, made);
  }

  function replayed(pathname: string, headers: IncomingHttpHeaders): (() => unknown) | undefined {
    const key = headers["idempotency-key"];
    return typeof key === "string" ? replays.get(`${pathname}\n${key}`) : undefined;
  }

  /** The valid mandate a recurring payment is charged on, or why there is none as [field, detail]. */
  function mandateFor(body: Record<string, unknown>, customerId: string): FakeMollieMandate | [string, string] {
    if (typeof body.mandateId === "string") {
      const mandate = mandates.get(body.mandateId);
      if (!mandate || mandateCustomers.get(mandate.id) !== customerId)
        return ["mandateId", `The mandate ${body.mandateId} does not belong to customer ${customerId}`];
      if (mandate.status !== "valid") return ["mandateId", "The mandate is not valid"];
      return mandate;
    }
    // Without a mandateId Mollie takes a valid mandate of the customer (of the method, when one is given).
    const found = [...mandates.values()]
      .reverse()
      .find((m) => mandateCustomers.get(m.id) === customerId && m.status === "valid" && (body.method === undefined || body.method === m.method));
    return found ?? ["customerId", "The customer has no valid mandate"];
  }

  function createPayment(res: ServerResponse, body: Record<string, unknown>): { status: number; payment?: FakeMolliePayment } {
    const invalid = invalidCreate(body);
    if (invalid) return { status: error(res, 422, invalid[1], { field: invalid[0] }) };
    const sequenceType: FakeMollieSequenceType = (body.sequenceType as FakeMollieSequenceType | undefined) ?? "oneoff";
    const customerId = typeof body.customerId === "string" ? body.customerId : undefined;
    if (customerId && !customers.has(customerId)) return { status: error(res, 422, `No customer exists with token ${customerId}.`, { field: "customerId" }) };
    const amount = body.amount as FakeMolliePayment["amount"];
    const now = new Date();
    const payment: FakeMolliePayment = {
      resource: "payment",
      id: `tr_${token()}`,
      mode,
      createdAt: now.toISOString(),
      status: "open",
      isCancelable: false,
      amount,
      description: body.description as string,
      method: typeof body.method === "string" ? body.method : null,
      metadata: body.metadata ?? null,
      ...(typeof body.locale === "string" ? { locale: body.locale } : {}),
      profileId: "pfl_fake000000",
      sequenceType,
      ...(typeof body.redirectUrl === "string" ? { redirectUrl: body.redirectUrl } : {}),
      ...(typeof body.webhookUrl === "string" ? { webhookUrl: body.webhookUrl } : {}),
      ...(customerId ? { customerId } : {}),
      _links: {},
    };
    if (sequenceType === "recurring" && customerId) {
      const mandate = mandateFor(body, customerId);
      if (Array.isArray(mandate)) return { status: error(res, 422, mandate[1], { field: mandate[0] }) };
      if (payment.method !== null && payment.method !== mandate.method)
        return { status: error(res, 422, `The payment method does not match the mandate's ${mandate.method}`, { field: "method" }) };
      if (mandate.method === "directdebit" && amount.currency !== "EUR")
        return { status: error(res, 422, "SEPA Direct Debit takes only EUR", { field: "amount.currency" }) };
      payment.method = mandate.method;
      payment.mandateId = mandate.id;
      const at = now.toISOString();
      if (mandate.method === "directdebit") {
        // The bank collects it in a few days: pending until then (in Mollie's test mode, for good).
        payment.status = "pending";
        payment.isCancelable = true;
        payment.details = {
          consumerName: mandate.details.consumerName ?? null,
          consumerAccount: mandate.details.consumerAccount ?? null,
          consumerBic: mandate.details.consumerBic ?? null,
          mandateReference: mandate.mandateReference,
          signatureDate: mandate.signatureDate,
        };
      } else if (declining.has(mandate.id)) {
        // A card charge is decided at once: the issuer declines it...
        payment.status = "failed";
        payment.failedAt = at;
        payment.details = { ...cardDetails(mandate), failureReason: "card_declined", failureMessage: "The card was declined" };
      } else {
        // ... or it is paid.
        payment.status = "paid";
        payment.paidAt = at;
        payment.details = cardDetails(mandate);
      }
    } else {
      payment.expiresAt = new Date(now.getTime() + 15 * 60_000).toISOString();
    }
    payment._links = links(payment);
    payments.set(payment.id, payment);
    return { status: send(res, 201, payment), payment };
  }

  function cardDetails(mandate: FakeMollieMandate): Record<string, string | null> {
    const { cardHolder = null, cardNumber = null, cardLabel = null, cardFingerprint = null } = mandate.details;
    return {
      cardHolder,
      cardNumber,
      cardLabel,
      cardFingerprint,
      cardAudience: "consumer",
      cardCountryCode: "NL",
      cardSecurity: "normal",
      feeRegion: "intra-eu",
    };
  }

  function createMandate(customerId: string, fields: Omit<FakeMollieMandate, "resource" | "id" | "mode" | "createdAt" | "_links">): FakeMollieMandate {
    const id = `mdt_${token()}`;
    const mandate: FakeMollieMandate = {
      resource: "mandate",
      id,
      mode,
      ...fields,
      createdAt: new Date().toISOString(),
      _links: {
        self: link(`/v2/customers/${customerId}/mandates/${id}`),
        customer: link(`/v2/customers/${customerId}`),
        documentation: { href: "https://docs.mollie.com/reference/get-mandate", type: "text/html" },
      },
    };
    mandates.set(id, mandate);
    mandateCustomers.set(id, customerId);
    return mandate;
  }

  function handle(method: string, path: string, headers: IncomingHttpHeaders, text: string, res: ServerResponse): { status: number; body: unknown } {
    let body: unknown = null;
    if (outage.left > 0) {
      outage.left--;
      const retry = outage.retryAfter === undefined ? undefined : { "retry-after": String(outage.retryAfter) };
      return { status: error(res, outage.status, "The service is temporarily unavailable, please try again later", { headers: retry }), body };
    }
    if (headers.authorization !== `Bearer ${apiKey}`) return { status: error(res, 401, "Missing authentication, or failed to authenticate"), body };
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        return { status: error(res, 400, "The request body is not valid JSON"), body };
      }
    }
    const { pathname } = new URL(path, origin);
    if (method === "POST") {
      const replay = replayed(pathname, headers);
      if (replay) return { status: send(res, 201, replay()), body };
    }
    if (pathname === "/v2/payments") {
      if (method !== "POST") return { status: notAllowed(res, method), body };
      if (!isRecord(body)) return { status: error(res, 422, "The request body is invalid"), body };
      const { status, payment } = createPayment(res, body);
      if (payment) remember(pathname, headers, () => payments.get(payment.id));
      return { status, body };
    }
    const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(pathname);
    if (refund) {
      if (method !== "POST") return { status: notAllowed(res, method), body };
      const payment = payments.get(refund[1]);
      if (!payment) return { status: error(res, 404, `No payment exists with token ${refund[1]}.`), body };
      const amount = isRecord(body) && isRecord(body.amount) ? body.amount : null;
      if (payment.status !== "paid") return { status: error(res, 422, "The payment cannot be refunded", { field: "amount" }), body };
      if (!amount || amount.currency !== payment.amount.currency || typeof amount.value !== "string")
        return { status: error(res, 422, "The amount is invalid", { field: "amount" }), body };
      const refunded = refunds.filter((r) => r.paymentId === payment.id).reduce((sum, r) => sum + Number(r.amount.value), 0);
      if (refunded + Number(amount.value) > Number(payment.amount.value) + 1e-9)
        return { status: error(res, 422, "The amount is higher than the amount that can be refunded", { field: "amount" }), body };
      const made = {
        resource: "refund",
        id: `re_${token()}`,
        amount: { currency: amount.currency as string, value: amount.value },
        status: "pending",
        createdAt: new Date().toISOString(),
        paymentId: payment.id,
        _links: { self: link(`/v2/payments/${payment.id}/refunds`), documentation: DOCS },
      };
      refunds.push(made);
      remember(pathname, headers, () => made);
      return { status: send(res, 201, made), body };
    }
    const match = /^\/v2\/payments\/([^/]+)$/.exec(pathname);
    if (match) {
      if (method !== "GET") return { status: notAllowed(res, method), body };
      const payment = payments.get(match[1]);
      if (!payment) return { status: error(res, 404, `No payment exists with token ${match[1]}.`), body };
      return { status: send(res, 200, payment), body };
    }
    if (pathname === "/v2/customers") {
      if (method !== "POST") return { status: notAllowed(res, method), body };
      if (!isRecord(body)) return { status: error(res, 422, "The request body is invalid"), body };
      if (body.name !== undefined && typeof body.name !== "string") return { status: error(res, 422, "The name is invalid", { field: "name" }), body };
      if (body.email !== undefined && (typeof body.email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email)))
        return { status: error(res, 422, "The email address is invalid", { field: "email" }), body };
      if (body.locale !== undefined && (typeof body.locale !== "string" || !/^[a-z]{2}_[A-Z]{2}$/.test(body.locale)))
        return { status: error(res, 422, "The locale is invalid", { field: "locale" }), body };
      const id = `cst_${token()}`;
      const customer: FakeMollieCustomer = {
        resource: "customer",
        id,
        mode,
        name: typeof body.name === "string" ? body.name : null,
        email: typeof body.email === "string" ? body.email : null,
        locale: typeof body.locale === "string" ? body.locale : null,
        metadata: body.metadata ?? null,
        createdAt: new Date().toISOString(),
        _links: {
          self: link(`/v2/customers/${id}`),
          dashboard: link(`/dashboard/customers/${id}`, "text/html"),
          documentation: { href: "https://docs.mollie.com/reference/create-customer", type: "text/html" },
        },
      };
      customers.set(id, customer);
      remember(pathname, headers, () => customers.get(id));
      return { status: send(res, 201, customer), body };
    }
    const customer = /^\/v2\/customers\/([^/]+)$/.exec(pathname);
    if (customer) {
      if (method !== "GET") return { status: notAllowed(res, method), body };
      const found = customers.get(customer[1]);
      if (!found) return { status: error(res, 404, `No customer exists with token ${customer[1]}.`), body };
      return { status: send(res, 200, found), body };
    }
    const mandatesOf = /^\/v2\/customers\/([^/]+)\/mandates$/.exec(pathname);
    if (mandatesOf) {
      if (method !== "POST") return { status: notAllowed(res, method), body };
      const customerId = mandatesOf[1];
      if (!customers.has(customerId)) return { status: error(res, 404, `No customer exists with token ${customerId}.`), body };
      if (!isRecord(body)) return { status: error(res, 422, "The request body is invalid"), body };
      const invalid = invalidMandate(body);
      if (invalid) return { status: error(res, 422, invalid[1], { field: invalid[0] }), body };
      const account = body.consumerAccount as string;
      // A SEPA mandate the merchant collected itself is valid at once.
      const mandate = createMandate(customerId, {
        status: "valid",
        method: "directdebit",
        details: {
          consumerName: body.consumerName as string,
          consumerAccount: account,
          consumerBic: (body.consumerBic as string | undefined) ?? bicOf(account),
        },
        mandateReference: typeof body.mandateReference === "string" ? body.mandateReference : null,
        signatureDate: typeof body.signatureDate === "string" ? body.signatureDate : new Date().toISOString().slice(0, 10),
      });
      remember(pathname, headers, () => mandates.get(mandate.id));
      return { status: send(res, 201, mandate), body };
    }
    const mandate = /^\/v2\/customers\/([^/]+)\/mandates\/([^/]+)$/.exec(pathname);
    if (mandate) {
      if (method !== "GET") return { status: notAllowed(res, method), body };
      const found = mandates.get(mandate[2]);
      if (!found || mandateCustomers.get(found.id) !== mandate[1]) return { status: error(res, 404, `No mandate exists with token ${mandate[2]}.`), body };
      return { status: send(res, 200, found), body };
    }
    return { status: error(res, 404, "The requested resource does not exist"), body };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (hanging > 0) {
        hanging--;
        return;
      }
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const { status, body } = handle(method, path, req.headers, Buffer.concat(chunks).toString("utf8"), res);
      requests.push({ method, path, headers: req.headers, body, status });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The root of the API, as the client's `apiEndpoint` (and MOLLIE_API_URL) want it. */
    url: `${origin}/v2/`,
    /** The one API key the fake accepts; any other answers 401. */
    apiKey,
    /** Every request, in order of arrival, also the refused ones. */
    requests,
    payments,
    refunds,
    customers,
    mandates,
    /** The id of the customer a mandate belongs to. */
    mandateCustomer: (mandateId: string) => mandateCustomers.get(mandateId),
    /**
     * The payer's doing at Mollie (or the expiry): what the next GET shows. A first payment that
     * becomes paid leaves a valid mandate for its customer, as Mollie's does: a card mandate (`card`,
     * Visa 4242 unless told) for a card payment or one whose method the payer chose at Mollie, a SEPA
     * mandate for a bank payment such as iDEAL. The payment then names it, with the card or account.
     */
    setStatus(id: string, status: FakeMollieStatus, card: FakeMollieCard = DEFAULT_CARD) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`fake Mollie: no payment ${id}`);
      const at = new Date().toISOString();
      payment.status = status;
      if (status === "paid") payment.paidAt = at;
      if (status === "authorized") payment.authorizedAt = at;
      if (status === "failed") payment.failedAt = at;
      if (status === "canceled") payment.canceledAt = at;
      if (status === "expired") payment.expiredAt = at;
      if (status !== "open") delete payment.expiresAt;
      if (status === "paid" && payment.sequenceType === "first" && payment.customerId && !payment.mandateId) {
        payment.method ??= "creditcard";
        if (CARD_FIRST_METHODS.has(payment.method)) {
          const details = { cardHolder: "T. Tester", cardNumber: card.number, cardLabel: card.label, cardFingerprint: token(), cardExpiryDate: "2030-12-31" };
          const mandate = createMandate(payment.customerId, {
            status: "valid",
            method: "creditcard",
            details,
            mandateReference: null,
            signatureDate: at.slice(0, 10),
          });
          payment.mandateId = mandate.id;
          payment.details = cardDetails(mandate);
        } else {
          const mandate = createMandate(payment.customerId, {
            status: "valid",
            method: "directdebit",
            details: { ...FIRST_PAYMENT_ACCOUNT },
            mandateReference: null,
            signatureDate: at.slice(0, 10),
          });
          payment.mandateId = mandate.id;
          payment.details = { ...FIRST_PAYMENT_ACCOUNT };
        }
      }
      payment._links = links(payment);
    },
    /** The card's bank declines every later charge on this mandate: a recurring payment on it fails. */
    declineMandate(mandateId: string) {
      if (!mandates.has(mandateId)) throw new Error(`fake Mollie: no mandate ${mandateId}`);
      declining.add(mandateId);
    },
    /**
     * An outage: the next `count` requests answer `status` (503 unless told). The client tries each
     * call 3 times, 2 s apart unless a Retry-After header says otherwise (`retryAfter` in seconds, 0 for
     * tests that should not wait).
     */
    failNext(count: number, options: { status?: number; retryAfter?: number } = {}) {
      outage = { left: count, status: options.status ?? 503, retryAfter: options.retryAfter };
    },
    /** A Mollie that takes the next `count` requests in and never answers them (until close). */
    hangNext(count: number) {
      hanging = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;
