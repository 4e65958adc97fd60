import { operatorOf } from "../../plugins/routeAuth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { complaintsCalls } from "../../../common/schemas/complaints";
import type { ComplaintsQueueService } from "./complaintsQueue.service";

const tags = ["console"];
/**
 * Customer service's work: support and admins. Moderators do not see complaints: they hold payment
 * and account matters and the complainant's address, which moderating reports does not need.
 */
const access = { auth: ["support", "admin"] as const };

export const complaintsQueueRoutes: FastifyPluginAsyncZod<{ queue: ComplaintsQueueService }> = async (app, { queue }) => {
  app.get(
    "/api/console/complaints",
    {
      config: access,
      schema: {
        tags,
        summary: "Complaints, the oldest first; overdue ones flagged",
        ...complaintsCalls["GET /api/console/complaints"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return queue.queue(request.query.show ?? "waiting");
    },
  );

  app.post(
    "/api/console/complaints/:id/assign",
    { config: access, schema: { tags, summary: "Take the complaint (assign it to oneself)", ...complaintsCalls["POST /api/console/complaints/:id/assign"] } },
    async (request) => {
      await queue.assignToSelf(operatorOf(request).operator.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/complaints/:id/answer",
    {
      config: access,
      schema: {
        tags,
        summary: "Answer: mailed to the complainant from the support address, kept in the thread",
        ...complaintsCalls["POST /api/console/complaints/:id/answer"],
      },
    },
    async (request) => {
      await queue.answer(operatorOf(request).operator.id, request.params.id, request.body.text);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/complaints/:id/close",
    { config: access, schema: { tags, summary: "Close the complaint", ...complaintsCalls["POST /api/console/complaints/:id/close"] } },
    async (request) => {
      await queue.close(operatorOf(request).operator.id, request.params.id);
      return { ok: true as const };
    },
  );
};
