import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { consoleCalls } from "../../../common/schemas/console";
import type { Db } from "../../db/client";
import { listAudit } from "./audit.repo";

/** The audit log: admins read and filter it; nobody changes it (a trigger of migration 0018). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/console/audit",
    {
      config: { auth: ["admin"] },
      schema: { tags: ["console"], summary: "The audit log, newest first, filtered", ...consoleCalls["GET /api/console/audit"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listAudit(db, request.query);
    },
  );
};
