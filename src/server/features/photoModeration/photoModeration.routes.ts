import { operatorOf } from "../../plugins/routeAuth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { photoIdParamsSchema, photoModerationCalls } from "../../../common/schemas/photoModeration";
import { sendUncachedJpeg } from "../photos/photoCaching";
import type { PhotoModerationService } from "./photoModeration.service";

const tags = ["console"];
const moderators = ["moderator", "admin"] as const;
const params = photoIdParamsSchema;

/** The moderators' photo queue: the oldest undecided photos; approve or reject each with a reason. */
export const photoModerationRoutes: FastifyPluginAsyncZod<{ moderation: PhotoModerationService }> = async (app, { moderation }) => {
  app.get(
    "/api/console/photos",
    {
      config: { auth: moderators },
      schema: { tags, summary: "Photos waiting for a decision, oldest first", ...photoModerationCalls["GET /api/console/photos"] },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return moderation.queue();
    },
  );

  app.get(
    "/api/console/photos/:id/file",
    {
      config: { auth: moderators },
      schema: {
        tags,
        summary: "A photo file for the moderator, whatever its status",
        params,
        querystring: z.object({ size: z.enum(["full", "thumb"]).default("full") }).strict(),
      },
    },
    async (request, reply) => {
      const file = await moderation.file(request.params.id, request.query.size);
      // A photo waiting for pre-moderation is nobody's to keep: not in any cache.
      return sendUncachedJpeg(reply, file);
    },
  );

  app.post(
    "/api/console/photos/:id/approve",
    { config: { auth: moderators }, schema: { tags, summary: "Approve a waiting photo", ...photoModerationCalls["POST /api/console/photos/:id/approve"] } },
    async (request) => {
      await moderation.decide(operatorOf(request).operator.id, request.params.id, { decision: "approve" });
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/photos/:id/reject",
    {
      config: { auth: moderators },
      schema: { tags, summary: "Reject a waiting photo with a reason the member is told", ...photoModerationCalls["POST /api/console/photos/:id/reject"] },
    },
    async (request) => {
      await moderation.decide(operatorOf(request).operator.id, request.params.id, { decision: "reject", reason: request.body.reason });
      return { ok: true as const };
    },
  );
};
