import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersCalls } from "../../../common/schemas/members";
import { memberOf } from "../../plugins/routeAuth";
import type { LikesResponse } from "../../../common/schemas/members";
import { sendJsonText } from "../../plugins/sendJson";
import { memberViewerOf } from "../members/members.routes";
import type { LikesService } from "./likes.service";

export const likesRoutes: FastifyPluginAsyncZod<{ likes: LikesService }> = async (app, { likes }) => {
  app.post(
    "/api/like.php",
    {
      config: { auth: "member" },
      schema: { tags: ["likes"], summary: "Like a member; answers whether it is a match", ...membersCalls["POST /api/like.php"] },
    },
    async (request) => likes.like(memberViewerOf(request), request.body.id, request.origin),
  );

  app.delete(
    "/api/like.php",
    { config: { auth: "member" }, schema: { tags: ["likes"], summary: "Take a like back", ...membersCalls["DELETE /api/like.php"] } },
    async (request) => likes.unlike(memberViewerOf(request), request.query.id),
  );

  app.get(
    "/api/likes.php",
    {
      config: { auth: "member" },
      schema: { tags: ["likes"], summary: "Likes received (new first), given and mutual", ...membersCalls["GET /api/likes.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // Kept while unchanged (LikesListCache): sent as the bytes built, without checking them against
      // the schema again at run time.
      return sendJsonText<LikesResponse>(reply, await likes.listJson(memberViewerOf(request)));
    },
  );

  app.get(
    "/api/auto-like.php",
    {
      config: { auth: "member" },
      schema: { tags: ["likes"], summary: "A member who now likes the viewer, for the 'New like!' modal", ...membersCalls["GET /api/auto-like.php"] },
    },
    async (request) => {
      const { profile } = memberOf(request);
      return likes.autoLike(memberViewerOf(request), { gender: profile.gender, sexuality: profile.sexuality });
    },
  );
};
