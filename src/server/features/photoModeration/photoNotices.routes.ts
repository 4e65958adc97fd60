import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { photoModerationCalls } from "../../../common/schemas/photoModeration";
import { memberOf } from "../../plugins/routeAuth";
import type { PhotoModerationService } from "./photoModeration.service";

/** What a member is told about the check of their photos: photos in review, rejections with their reason. */
export const photoNoticesRoutes: FastifyPluginAsyncZod<{ moderation: PhotoModerationService }> = async (app, { moderation }) => {
  app.get(
    "/api/photo-notices.php",
    {
      config: { auth: "member" },
      schema: { tags: ["photos"], summary: "Own photos in review, and rejections not yet closed", ...photoModerationCalls["GET /api/photo-notices.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return moderation.notices(memberOf(request).user.id);
    },
  );

  app.post(
    "/api/photo-notices.php",
    {
      config: { auth: "member" },
      schema: { tags: ["photos"], summary: "Close the notice of a rejected photo", ...photoModerationCalls["POST /api/photo-notices.php"] },
    },
    async (request) => {
      await moderation.noticeSeen(memberOf(request).user.id, request.body.id);
      return { ok: true as const };
    },
  );
};
