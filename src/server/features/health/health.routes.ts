import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema, readyResponseSchema } from "../../../common/schemas/health";
import type { Readiness } from "./readiness";

/**
 * Liveness (the process runs: restart it when this fails) and readiness (send it members: take it
 * out of the load balancer when this fails). Both answer for any Host: see HOST_FREE_PATHS.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  app.get(
    "/api/health.php",
    { config: { auth: "visitor" }, schema: { tags: ["health"], summary: "Liveness: answers while the process runs", response: { 200: healthResponseSchema } } },
    async () => ({ ok: true as const }),
  );

  app.get(
    "/api/ready",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["health"],
        summary: "Readiness: 503 while the database, Redis or the bucket is unreachable, or while the instance shuts down",
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const state = await readiness.check();
      reply.header("cache-control", "no-store");
      return reply.status(state.ok ? 200 : 503).send(state);
    },
  );
};
