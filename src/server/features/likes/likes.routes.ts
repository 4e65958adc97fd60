import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { autoLikeResponseSchema, likeResponseSchema, likesResponseSchema, targetSchema } from "../../../common/schemas/members";
import { unauthorized } from "../../errors";
import { sendJson } from "../../plugins/sendJson";
import { viewerOf } from "../members/members.routes";
import type { Viewer } from "../members/access";
import type { LikesService } from "./likes.service";

export const likesRoutes: FastifyPluginAsyncZod<{ likes: LikesService }> = async (app, { likes }) => {
  const memberViewer = (request: Parameters<typeof viewerOf>[0]): Viewer & { id: number } => {
    const viewer = viewerOf(request);
    if (viewer.id === null) throw unauthorized();
    return viewer as Viewer & { id: number };
  };

  app.post(
    "/api/like.php",
    { schema: { tags: ["likes"], summary: "Like a member; answers whether it is a match", body: targetSchema, response: { 200: likeResponseSchema } } },
    async (request) => likes.like(memberViewer(request), request.body.id, request.origin),
  );

  app.delete(
    "/api/like.php",
    { schema: { tags: ["likes"], summary: "Take a like back", querystring: targetSchema, response: { 200: likeResponseSchema } } },
    async (request) => likes.unlike(memberViewer(request), request.query.id),
  );

  app.get(
    "/api/likes.php",
    { schema: { tags: ["likes"], summary: "Likes received (new first), given and mutual", response: { 200: likesResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sendJson(reply, await likes.list(memberViewer(request)));
    },
  );

  app.get(
    "/api/auto-like.php",
    { schema: { tags: ["likes"], summary: "A member who now likes the viewer, for the 'New like!' modal", response: { 200: autoLikeResponseSchema } } },
    async (request) => {
      const viewer = memberViewer(request);
      const profile = request.member?.profile;
      return likes.autoLike(viewer, { gender: profile?.gender ?? null, sexuality: profile?.sexuality ?? null });
    },
  );
};
