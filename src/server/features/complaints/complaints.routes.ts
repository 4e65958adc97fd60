import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { complaintsCalls } from "../../../common/schemas/complaints";
import type { ComplaintsService } from "./complaints.service";

/** POST /api/complaints.php: a complaint from anyone, answered with its reference. */
export const complaintsRoutes: FastifyPluginAsyncZod<{ complaints: ComplaintsService }> = async (app, { complaints }) => {
  app.post(
    "/api/complaints.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["complaints"],
        summary: "Send a complaint (members and visitors); it is stored, confirmed by e-mail, and answered with a reference number",
        ...complaintsCalls["POST /api/complaints.php"],
      },
    },
    async (request) => complaints.submit(request.member, request.site, request.body, { ip: request.ip, language: request.lang, origin: request.origin }),
  );
};
