import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reportsCalls } from "../../../common/schemas/reports";
import { operatorOf } from "../../plugins/routeAuth";
import type { ReportsService } from "./reports.service";

const tags = ["console"];

/** The moderators' queue of reports, grouped per reported member; a ban from it is for admins. */
export const reportsQueueRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    "/api/console/reports",
    {
      config: { auth: ["moderator", "admin"] },
      schema: { tags, summary: "Reports waiting, per reported member", ...reportsCalls["GET /api/console/reports"] },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { groups: await reports.queue() };
    },
  );

  app.post(
    "/api/console/reports/:id/decision",
    {
      config: { auth: ["moderator", "admin"] },
      schema: {
        tags,
        summary: "Dismiss, warn or suspend: decides every waiting report about the member",
        ...reportsCalls["POST /api/console/reports/:id/decision"],
      },
    },
    async (request) => {
      await reports.decide(operatorOf(request).operator.id, request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/reports/:id/ban",
    {
      config: { auth: ["admin"] },
      schema: { tags, summary: "Ban the reported member: decides every waiting report", ...reportsCalls["POST /api/console/reports/:id/ban"] },
    },
    async (request) => {
      await reports.decide(operatorOf(request).operator.id, request.params.id, { decision: "ban", ...request.body });
      return { ok: true as const };
    },
  );
};
