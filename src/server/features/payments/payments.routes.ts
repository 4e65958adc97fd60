import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "../../../common/schemas/auth";
import {
  creditHistoryResponseSchema,
  creditsOfferSchema,
  creditsQuerySchema,
  discountCodeQuerySchema,
  discountCodeSchema,
  paymentQuerySchema,
  paymentSchema,
  startPaymentResponseSchema,
  startPaymentSchema,
  transactionResponseSchema,
  transactionsResponseSchema,
} from "../../../common/schemas/payments";
import { AppError, unauthorized } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import type { DiscountsService } from "../discounts/discounts.service";
import type { PaymentsService } from "./payments.service";

const member = (m: MemberRecord | null) => {
  if (!m) throw unauthorized();
  return m;
};

const paymentRequest = (request: FastifyRequest) => {
  const key = request.headers["idempotency-key"];
  return { origin: request.origin, country: request.country, language: request.lang, idempotencyKey: typeof key === "string" ? key : undefined };
};

/** Credit bundles, payments, the provider's webhook, transactions and the credit history. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; discounts: DiscountsService }> = async (app, { payments, discounts }) => {
  // Providers call the webhook with a form body; it is kept as text, so that its signature can be checked.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  app.get(
    "/api/credits.php",
    {
      schema: {
        tags: ["payments"],
        summary: "The site's credit bundles in the member's currency, and the payment methods of their country (visitors: by GeoIP); ?code= shows a discount code's prices",
        querystring: creditsQuerySchema,
        response: { 200: creditsOfferSchema },
      },
    },
    async (request) => payments.offer(request.member, request.site, request.country, request.query.code, request.lang),
  );

  app.get(
    "/api/discountcode.php",
    {
      schema: {
        tags: ["payments"],
        summary: "A discount code as the member may use it (?code=), or their welcome code (?welcome=true): 'Code not found', 'Code already used'",
        querystring: discountCodeQuerySchema,
        response: { 200: discountCodeSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const m = member(request.member);
      if (request.query.code) return discounts.lookup(m, request.site, payments.countryOf(m, request.country), request.query.code);
      if (request.query.welcome) return discounts.welcome(m);
      throw new AppError(400, "code_not_found");
    },
  );

  app.post(
    "/api/payment.php",
    {
      schema: {
        tags: ["payments"],
        summary: "Order a bundle with a payment method: answers the provider's checkout address (Idempotency-Key makes a retry safe)",
        body: startPaymentSchema,
        response: { 200: startPaymentResponseSchema },
      },
    },
    async (request) => payments.start(member(request.member), request.site, request.body, paymentRequest(request)),
  );

  app.get(
    "/api/payment.php",
    {
      schema: {
        tags: ["payments"],
        summary: "The state of the member's own payment (asks the provider while it is not final)",
        querystring: paymentQuerySchema,
        response: { 200: paymentSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return payments.status(member(request.member), request.query.id);
    },
  );

  app.post(
    "/api/payment-webhook.php",
    {
      schema: {
        tags: ["payments"],
        summary: "The payment provider's webhook: names a payment by id; its state is then fetched from the provider",
        querystring: z.object({ provider: z.enum(["test", "mollie"]) }),
        body: z.string().max(4096),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await payments.webhook(request.query.provider, request.body, request.headers);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/transactions.php",
    {
      schema: {
        tags: ["payments"],
        summary: "The member's purchases, newest first; with ?id= one of them with the receipt's details",
        querystring: z.object({ id: z.uuid({ error: "errors.not_found" }).optional() }).strict(),
        response: { 200: z.union([transactionsResponseSchema, transactionResponseSchema]) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const m = member(request.member);
      return request.query.id ? payments.transaction(m, request.site, request.query.id) : payments.transactions(m);
    },
  );

  app.get(
    "/api/credit-history.php",
    {
      schema: {
        tags: ["payments"],
        summary: "Every credit movement of the member, newest first, with its running balance and what the credits cost in money",
        response: { 200: creditHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return payments.history(member(request.member));
    },
  );
};
