import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okSchema } from "../../../common/schemas/auth";
import { photoNoticeSeenSchema, photoNoticesSchema } from "../../../common/schemas/photoModeration";
import { unauthorized } from "../../errors";
import type { PhotoModerationService } from "./photoModeration.service";

/** What a member is told about the check of their photos: photos in review, rejections with their reason. */
export const photoNoticesRoutes: FastifyPluginAsyncZod<{ moderation: PhotoModerationService }> = async (app, { moderation }) => {
  app.get(
    "/api/photo-notices.php",
    { schema: { tags: ["photos"], summary: "Own photos in review, and rejections not yet closed", response: { 200: photoNoticesSchema } } },
    async (request, reply) => {
      if (!request.member) throw unauthorized();
      reply.header("cache-control", "no-store");
      return moderation.notices(request.member.user.id);
    },
  );

  app.post(
    "/api/photo-notices.php",
    { schema: { tags: ["photos"], summary: "Close the notice of a rejected photo", body: photoNoticeSeenSchema, response: { 200: okSchema } } },
    async (request) => {
      if (!request.member) throw unauthorized();
      await moderation.noticeSeen(request.member.user.id, request.body.id);
      return { ok: true as const };
    },
  );
};
