import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AccountDeletionService } from "../account/accountDeletion.service";
import type { AuthService } from "../auth/auth.service";
import type { SiteOrigin } from "../settings/siteOrigin";
import { consoleCalls } from "../../../common/schemas/console";
import type { PaymentsService } from "../payments/payments.service";
import { operatorOf } from "../../plugins/routeAuth";
import type { MemberLookupService } from "./memberLookup.service";

const tags = ["console"];
const LOOKUP = ["support", "admin"] as const;
const ADMIN = ["admin"] as const;

/** Member lookup for support and admins: find, look at, log out, grant goodwill credits. */
export const memberLookupRoutes: FastifyPluginAsyncZod<{
  lookup: MemberLookupService;
  payments: PaymentsService;
  auth: AuthService;
  deletion: AccountDeletionService;
  siteOrigin: SiteOrigin;
}> = async (app, { lookup, payments, auth, deletion, siteOrigin }) => {
  app.get(
    "/api/console/members",
    {
      config: { auth: LOOKUP },
      schema: {
        tags,
        summary: "Find members by id, e-mail or name",
        ...consoleCalls["GET /api/console/members"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { members: await lookup.search(request.query.q) };
    },
  );

  app.get(
    "/api/console/members/:id",
    { config: { auth: LOOKUP }, schema: { tags, summary: "A member's account, profile, money and trail", ...consoleCalls["GET /api/console/members/:id"] } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return lookup.detail(request.params.id);
    },
  );

  app.post(
    "/api/console/members/:id/end-sessions",
    {
      config: { auth: LOOKUP },
      schema: { tags, summary: "Log the member out everywhere", ...consoleCalls["POST /api/console/members/:id/end-sessions"] },
    },
    async (request) => {
      await lookup.endSessions(operatorOf(request).operator.id, request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/members/:id/credits",
    {
      config: { auth: LOOKUP },
      schema: { tags, summary: "Grant goodwill credits", ...consoleCalls["POST /api/console/members/:id/credits"] },
    },
    async (request) => ({ credits: await lookup.grantCredits(operatorOf(request).operator.id, request.params.id, request.body) }),
  );

  app.post(
    "/api/console/members/:id/payments/:payment/refund",
    {
      config: { auth: ADMIN },
      schema: {
        tags,
        summary: "Refund a payment within the refund days (admins): money back in full, unspent credits taken back",
        ...consoleCalls["POST /api/console/members/:id/payments/:payment/refund"],
      },
    },
    async (request) => {
      const { id, payment } = request.params;
      const done = await payments.refundByOperator(operatorOf(request).operator.id, id, payment, request.body.reason);
      const member = await lookup.detail(id);
      return { status: done.payment.status, credits_taken_back: done.creditsTakenBack, credits: member.credits, paid_user: member.paid_user };
    },
  );

  app.post(
    "/api/console/members/:id/resend-activation",
    {
      config: { auth: LOOKUP },
      schema: {
        tags,
        summary: "Send a member who has not confirmed a fresh activation link",
        ...consoleCalls["POST /api/console/members/:id/resend-activation"],
      },
    },
    async (request) => {
      await auth.resendActivationByOperator(operatorOf(request).operator.id, request.params.id, request.body.reason, siteOrigin);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/members/:id/fictional",
    {
      config: { auth: LOOKUP },
      schema: { tags, summary: "Set or remove the fictional label of a profile", ...consoleCalls["POST /api/console/members/:id/fictional"] },
    },
    async (request) => {
      await lookup.setFictional(operatorOf(request).operator.id, request.params.id, request.body.fictional, request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/members/:id/erasure",
    {
      config: { auth: ADMIN },
      schema: { tags, summary: "Start a member's erasure (admins; confirmed, with a reason)", ...consoleCalls["POST /api/console/members/:id/erasure"] },
    },
    async (request) => {
      await deletion.eraseByOperator(operatorOf(request).operator.id, request.params.id, request.body.reason, siteOrigin);
      return { ok: true as const };
    },
  );
};
