import { operatorOf } from "../../plugins/routeAuth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationsCalls } from "../../../common/schemas/operations";
import type { OperationsService } from "./operations.service";

const tags = ["console"];
/**
 * Support sees the screen and may retry as well as admins: members ask support first about a mail
 * that never came or a payment that hangs, and a retry only does again what the site meant to do
 * (audited). Moderators do not need it.
 */
const OPERATIONS = ["support", "admin"] as const;

export const operationsRoutes: FastifyPluginAsyncZod<{ operations: OperationsService }> = async (app, { operations }) => {
  app.get(
    "/api/console/operations",
    {
      config: { auth: OPERATIONS },
      schema: { tags, summary: "Failed jobs, stuck payments and today's counts", ...operationsCalls["GET /api/console/operations"] },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return operations.overview();
    },
  );

  app.post(
    "/api/console/operations/jobs/:id/retry",
    {
      config: { auth: OPERATIONS },
      schema: { tags, summary: "Try a failed background job again now", ...operationsCalls["POST /api/console/operations/jobs/:id/retry"] },
    },
    async (request) => {
      await operations.retry(operatorOf(request).operator.id, request.params.id);
      return { ok: true as const };
    },
  );
};
