import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reportRequestSchema, reportResponseSchema } from "../../../common/schemas/reports";
import { unauthorized } from "../../errors";
import { viewerOf } from "../members/members.routes";
import type { ReportsService } from "./reports.service";

/** A member reports another: from the profile, or from the conversation (its last messages go along). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    "/api/report.php",
    {
      schema: {
        tags: ["members"],
        summary: "Report a member (and block them in the same step)",
        body: reportRequestSchema,
        response: { 200: reportResponseSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (viewer.id === null) throw unauthorized();
      const { blocked } = await reports.report({ ...viewer, id: viewer.id }, request.body);
      return { reported: true as const, blocked };
    },
  );
};
