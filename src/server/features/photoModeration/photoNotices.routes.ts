import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okSchema } from "../../../common/schemas/auth";
import { photoNoticeSeenSchema, photoNoticesSchema } from "../../../common/schemas/photoModeration";
import { memberOf } from "../../plugins/routeAuth";
import type { PhotoModerationService } from "./photoModeration.service";

/** What a member is told about the check of their photos: photos in review, rejections with their reason. */
export const photoNoticesRoutes: FastifyPluginAsyncZod<{ moderation: PhotoModerationService }> = async (app, { moderation }) => {
  app.get(
    "/api/photo-notices.php",
    { config: { auth: "member" }, schema: { tags: ["photos"], summary: "Own photos in review, and rejections not yet closed", response: { 200: photoNoticesSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return moderation.notices(memberOf(request).user.id);
    },
  );

  app.post(
    "/api/photo-notices.php",
    { config: { auth: "member" }, schema: { tags: ["photos"], summary: "Close the notice of a rejected photo", body: photoNoticeSeenSchema, response: { 200: okSchema } } },
    async (request) => {
      await moderation.noticeSeen(memberOf(request).user.id, request.body.id);
      return { ok: true as const };
    },
  );
};
