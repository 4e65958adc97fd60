import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { swipeDeckSchema, swipeRequestSchema, swipeResponseSchema } from "../../../common/schemas/members";
import { unauthorized } from "../../errors";
import { viewerOf } from "../members/members.routes";
import type { SwipeService } from "./swipe.service";

export const swipeRoutes: FastifyPluginAsyncZod<{ swipe: SwipeService }> = async (app, { swipe }) => {
  app.get(
    "/api/swipe.php",
    { schema: { tags: ["swipe"], summary: "The next cards of the swipe game and the likes left today", response: { 200: swipeDeckSchema } } },
    async (request) => {
      if (!request.member) throw unauthorized();
      return swipe.deck(request.member, request.site.id);
    },
  );

  app.post(
    "/api/swipe.php",
    { schema: { tags: ["swipe"], summary: "Like or pass a card", body: swipeRequestSchema, response: { 200: swipeResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      if (viewer.id === null) throw unauthorized();
      return swipe.swipe({ ...viewer, id: viewer.id }, request.body.id, request.body.action, request.origin);
    },
  );
};
