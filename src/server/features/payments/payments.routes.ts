import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "../../../common/schemas/auth";
import { paymentsCalls } from "../../../common/schemas/payments";
import { AppError } from "../../errors";
import { memberOf } from "../../plugins/routeAuth";
import type { DiscountsService } from "../discounts/discounts.service";
import type { DirectDebitService } from "./directDebit.service";
import type { PaymentsService } from "./payments.service";
import type { RepeatOrderService } from "./repeatOrder.service";

const paymentRequest = (request: FastifyRequest) => {
  const key = request.headers["idempotency-key"];
  return { origin: request.origin, country: request.country, language: request.lang, idempotencyKey: typeof key === "string" ? key : undefined };
};

/** Credit bundles, payments, the provider's webhook, transactions and the credit history. */
export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  discounts: DiscountsService;
  repeatOrders: RepeatOrderService;
  directDebits: DirectDebitService;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments, discounts, repeatOrders, directDebits }) => {
  // Providers call the webhook with a form body; it is kept as text, so that its signature can be checked.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  app.get(
    "/api/credits.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["payments"],
        summary:
          "The site's credit bundles in the member's currency, and the payment methods of their country (visitors: by GeoIP); ?code= shows a discount code's prices",
        ...paymentsCalls["GET /api/credits.php"],
      },
    },
    async (request) => payments.offer(request.member, request.site, request.country, request.query.code, request.lang),
  );

  app.get(
    "/api/discountcode.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "A discount code as the member may use it (?code=), or their welcome code (?welcome=true): 'Code not found', 'Code already used'",
        ...paymentsCalls["GET /api/discountcode.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const m = memberOf(request);
      if (request.query.code) return discounts.lookup(m, request.site, payments.countryOf(m, request.country), request.query.code);
      if (request.query.welcome) return discounts.welcome(m);
      throw new AppError(400, "code_not_found");
    },
  );

  app.post(
    "/api/payment.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "Order a bundle with a payment method: answers the provider's checkout address (Idempotency-Key makes a retry safe)",
        ...paymentsCalls["POST /api/payment.php"],
      },
    },
    async (request) => payments.start(memberOf(request), request.site, request.body, paymentRequest(request)),
  );

  app.get(
    "/api/payment.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "The state of the member's own payment (asks the provider while it is not final)",
        ...paymentsCalls["GET /api/payment.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return payments.status(memberOf(request), request.site, request.query.id);
    },
  );

  app.post(
    "/api/payment-webhook.php",
    {
      config: { auth: "visitor" },
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
    "/api/repeat-order.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "The card the provider keeps for one-step orders (a label such as 'Visa •••• 4242'), and the bundle bought last",
        ...paymentsCalls["GET /api/repeat-order.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return repeatOrders.offer(memberOf(request));
    },
  );

  app.post(
    "/api/repeat-order.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary:
          "Buy a bundle again with the kept card, without the checkout (Idempotency-Key makes a retry safe); answers the payment: paid, or failed when the card was declined",
        ...paymentsCalls["POST /api/repeat-order.php"],
      },
    },
    async (request) => repeatOrders.buy(memberOf(request), request.site, request.body.bundle_id, paymentRequest(request)),
  );

  app.delete(
    "/api/repeat-order.php",
    { config: { auth: "member" }, schema: { tags: ["payments"], summary: "Forget the kept card", ...paymentsCalls["DELETE /api/repeat-order.php"] } },
    async (request) => {
      await repeatOrders.forget(memberOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/directdebit.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "Ask for a one-time SEPA direct debit of a bundle: account holder, IBAN, mobile number and the authorisation; a code goes out by SMS",
        ...paymentsCalls["POST /api/directdebit.php"],
      },
    },
    async (request) => directDebits.request(memberOf(request), request.site, request.body, paymentRequest(request)),
  );

  app.post(
    "/api/directdebit-confirm.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "Confirm a direct debit with the code from the SMS ('Code invalid' on a wrong one); answers the payment, pending until the bank collects",
        ...paymentsCalls["POST /api/directdebit-confirm.php"],
      },
    },
    async (request) => directDebits.confirm(memberOf(request), request.site, request.body.request_id, request.body.code, paymentRequest(request)),
  );

  app.post(
    "/api/directdebit-resend.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "A new SMS code for a direct debit (at most once a minute)",
        ...paymentsCalls["POST /api/directdebit-resend.php"],
      },
    },
    async (request) => {
      await directDebits.resend(memberOf(request), request.site, request.body.request_id, paymentRequest(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/refund.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "Take a purchase back within the site's refund days, while its credits are unspent; the money goes back through the provider",
        ...paymentsCalls["POST /api/refund.php"],
      },
    },
    async (request) => payments.refund(memberOf(request), request.site, request.body.payment_id),
  );

  app.get(
    "/api/transactions.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "The member's purchases, newest first; with ?id= one of them with the receipt's details",
        ...paymentsCalls["GET /api/transactions.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const m = memberOf(request);
      return request.query.id ? payments.transaction(m, request.site, request.query.id) : payments.transactions(m, request.site);
    },
  );

  app.get(
    "/api/credit-history.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["payments"],
        summary: "Every credit movement of the member, newest first, with its running balance and what the credits cost in money",
        ...paymentsCalls["GET /api/credit-history.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return payments.history(memberOf(request));
    },
  );
};
