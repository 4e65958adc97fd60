import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reportsCalls } from "../../../common/schemas/reports";
import { memberViewerOf } from "../members/members.routes";
import type { ReportsService } from "./reports.service";

/** A member reports another: from the profile, or from the conversation (its last messages go along). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    "/api/report.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["members"],
        summary: "Report a member (and block them in the same step)",
        ...reportsCalls["POST /api/report.php"],
      },
    },
    async (request) => {
      const { blocked } = await reports.report(memberViewerOf(request), request.body);
      return { reported: true as const, blocked };
    },
  );
};
