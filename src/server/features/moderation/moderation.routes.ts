import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { consoleCalls } from "../../../common/schemas/console";
import { operatorOf } from "../../plugins/routeAuth";
import type { RestrictionsService } from "./restrictions.service";

const tags = ["console"];

/** Bans (admins) and suspensions (moderators and admins), and lifting them (admins). */
export const moderationRoutes: FastifyPluginAsyncZod<{ restrictions: RestrictionsService }> = async (app, { restrictions }) => {
  app.post(
    "/api/console/members/:id/ban",
    {
      config: { auth: ["admin"] },
      schema: { tags, summary: "Ban a member, with the reason they are told", ...consoleCalls["POST /api/console/members/:id/ban"] },
    },
    async (request) => {
      await restrictions.restrict({ operatorId: operatorOf(request).operator.id, memberId: request.params.id, reason: request.body.reason });
      return { until: null };
    },
  );

  app.post(
    "/api/console/members/:id/suspension",
    {
      config: { auth: ["moderator", "admin"] },
      schema: {
        tags,
        summary: "Suspend a member for some days, with the reason they are told",
        ...consoleCalls["POST /api/console/members/:id/suspension"],
      },
    },
    async (request) => {
      const { until } = await restrictions.restrict({ operatorId: operatorOf(request).operator.id, memberId: request.params.id, ...request.body });
      return { until: until?.toISOString() ?? null };
    },
  );

  app.post(
    "/api/console/members/:id/lift",
    {
      config: { auth: ["admin"] },
      schema: { tags, summary: "End a ban or suspension now", ...consoleCalls["POST /api/console/members/:id/lift"] },
    },
    async (request) => {
      await restrictions.lift(operatorOf(request).operator.id, request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};
