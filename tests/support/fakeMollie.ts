import { randomBytes } from "node:crypto";
import http, { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

// The part of Mollie's Payments API v2 (docs.mollie.com) that MolliePaymentProvider uses, on
// 127.0.0.1: create a payment, get a payment. Requests and answers as @mollie/api-client 4 sends and
// reads them: JSON bodies, Bearer API key, HAL resources, errors as {status, title, detail, field?, _links}.

export type FakeMollieStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";

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
  sequenceType: "oneoff";
  redirectUrl: string;
  webhookUrl?: string;
  expiresAt?: string;
  paidAt?: string;
  authorizedAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  _links: Record<string, { href: string; type: string }>;
}

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
  if (typeof body.redirectUrl !== "string" || !URL.canParse(body.redirectUrl)) return ["redirectUrl", "The redirect URL is invalid"];
  if (body.webhookUrl !== undefined && (typeof body.webhookUrl !== "string" || !URL.canParse(body.webhookUrl)))
    return ["webhookUrl", "The webhook URL is invalid"];
  if (body.locale !== undefined && (typeof body.locale !== "string" || !/^[a-z]{2}_[A-Z]{2}$/.test(body.locale))) return ["locale", "The locale is invalid"];
  if (body.method !== undefined && typeof body.method !== "string" && !Array.isArray(body.method)) return ["method", "The payment method is invalid"];
  return null;
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
  const payments = new Map<string, FakeMolliePayment>();
  const requests: FakeMollieRequest[] = [];
  /** Idempotency-Key of a create → the payment it made: the client's retries of one POST replay it. */
  const idempotent = new Map<string, string>();
  let outage: { left: number; status: number; retryAfter?: number } = { left: 0, status: 503 };
  let origin = "";

  const links = (payment: FakeMolliePayment) => ({
    self: { href: `${origin}/v2/payments/${payment.id}`, type: "application/hal+json" },
    // Mollie offers the hosted checkout only while the payment can still be paid.
    ...(payment.status === "open" ? { checkout: { href: `${origin}/checkout/select-method/${payment.id.slice(3)}`, type: "text/html" } } : {}),
    dashboard: { href: `${origin}/dashboard/payments/${payment.id}`, type: "text/html" },
    documentation: { href: "https://docs.mollie.com/reference/get-payment", type: "text/html" },
  });

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
    res.writeHead(status, { "content-type": "application/hal+json", ...headers }).end(JSON.stringify(body));
    return status;
  }

  function error(res: ServerResponse, status: number, detail: string, extra: { field?: string; headers?: Record<string, string> } = {}): number {
    const body = { status, title: ERROR_TITLES[status] ?? "Error", detail, ...(extra.field ? { field: extra.field } : {}), _links: { documentation: DOCS } };
    return send(res, status, body, extra.headers);
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
    if (pathname === "/v2/payments") {
      if (method !== "POST") return { status: error(res, 405, `The method ${method} is not allowed here`), body };
      const key = headers["idempotency-key"];
      const replay = typeof key === "string" ? idempotent.get(key) : undefined;
      if (replay) return { status: send(res, 201, payments.get(replay)), body };
      if (!isRecord(body)) return { status: error(res, 422, "The request body is invalid"), body };
      const invalid = invalidCreate(body);
      if (invalid) return { status: error(res, 422, invalid[1], { field: invalid[0] }), body };
      const now = new Date();
      const payment: FakeMolliePayment = {
        resource: "payment",
        id: `tr_${token()}`,
        mode: apiKey.startsWith("live_") ? "live" : "test",
        createdAt: now.toISOString(),
        status: "open",
        isCancelable: false,
        amount: body.amount as FakeMolliePayment["amount"],
        description: body.description as string,
        method: typeof body.method === "string" ? body.method : null,
        metadata: body.metadata ?? null,
        ...(typeof body.locale === "string" ? { locale: body.locale } : {}),
        profileId: "pfl_fake000000",
        sequenceType: "oneoff",
        redirectUrl: body.redirectUrl as string,
        ...(typeof body.webhookUrl === "string" ? { webhookUrl: body.webhookUrl } : {}),
        expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
        _links: {},
      };
      payment._links = links(payment);
      payments.set(payment.id, payment);
      if (typeof key === "string") idempotent.set(key, payment.id);
      return { status: send(res, 201, payment), body };
    }
    const match = /^\/v2\/payments\/([^/]+)$/.exec(pathname);
    if (match) {
      if (method !== "GET") return { status: error(res, 405, `The method ${method} is not allowed here`), body };
      const payment = payments.get(match[1]);
      if (!payment) return { status: error(res, 404, `No payment exists with token ${match[1]}.`), body };
      return { status: send(res, 200, payment), body };
    }
    return { status: error(res, 404, "The requested resource does not exist"), body };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
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
    /** The payer's doing at Mollie (or the expiry): what the next GET shows. */
    setStatus(id: string, status: FakeMollieStatus) {
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
      payment._links = links(payment);
    },
    /**
     * An outage: the next `count` requests answer `status` (503 unless told). The client tries each
     * call 3 times, 2 s apart unless a Retry-After header says otherwise (`retryAfter` in seconds, 0 for
     * tests that should not wait).
     */
    failNext(count: number, options: { status?: number; retryAfter?: number } = {}) {
      outage = { left: count, status: options.status ?? 503, retryAfter: options.retryAfter };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;
