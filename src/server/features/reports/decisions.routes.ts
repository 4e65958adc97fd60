import { memberOf, operatorOf } from "../../plugins/routeAuth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decisionsCalls } from "../../../common/schemas/decisions";
import { APPEAL_DAYS } from "../../../common/constants";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import type { AppealsService } from "./appeals.service";
import { markNoticeSeen, unseenNotices } from "./decisions.repo";

const DAY = 86_400_000;

/**
 * The members' side of decisions (their notices; the appeal, opened by its key, since a banned member
 * has no session) and the moderators' queue of appeals.
 */
export const decisionsRoutes: FastifyPluginAsyncZod<{ db: Db; appeals: AppealsService }> = async (app, { db, appeals }) => {
  app.get(
    "/api/notices.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["members"],
        summary: "Decisions the member has not seen yet (their reports', their own, their appeals')",
        ...decisionsCalls["GET /api/notices.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const member = memberOf(request);
      return { notices: await unseenNotices(db, member.user.id, new Date(Date.now() - APPEAL_DAYS * DAY)) };
    },
  );

  app.post(
    "/api/notices.php",
    { config: { auth: "member" }, schema: { tags: ["members"], summary: "Mark a notice seen", ...decisionsCalls["POST /api/notices.php"] } },
    async (request) => {
      if (!(await markNoticeSeen(db, memberOf(request).user.id, request.body.id))) throw notFound();
      return { ok: true as const };
    },
  );

  app.get(
    "/api/appeal.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["members"],
        summary: "The decision an appeal key is for (from the decision's mail, notice or the ban page)",
        ...decisionsCalls["GET /api/appeal.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return appeals.state(request.query.key);
    },
  );

  app.post(
    "/api/appeal.php",
    { config: { auth: "visitor" }, schema: { tags: ["members"], summary: "Appeal a decision, once", ...decisionsCalls["POST /api/appeal.php"] } },
    async (request) => {
      await appeals.appeal(request.body);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/console/appeals",
    {
      config: { auth: ["moderator", "admin"] },
      schema: { tags: ["console"], summary: "Appeals waiting, the oldest first", ...decisionsCalls["GET /api/console/appeals"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return appeals.queue(operatorOf(request).operator);
    },
  );

  app.post(
    "/api/console/appeals/:id",
    {
      config: { auth: ["moderator", "admin"] },
      schema: {
        tags: ["console"],
        summary: "Uphold or reverse the decision appealed (not by the moderator who made it)",
        ...decisionsCalls["POST /api/console/appeals/:id"],
      },
    },
    async (request) => {
      await appeals.decide(operatorOf(request).operator, request.params.id, request.body);
      return { ok: true as const };
    },
  );
};
