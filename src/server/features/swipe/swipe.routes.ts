import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { swipeDeckSchema, swipeRequestSchema, swipeResponseSchema } from "../../../common/schemas/members";
import { memberOf } from "../../plugins/routeAuth";
import { memberViewerOf } from "../members/members.routes";
import type { SwipeService } from "./swipe.service";

export const swipeRoutes: FastifyPluginAsyncZod<{ swipe: SwipeService }> = async (app, { swipe }) => {
  app.get(
    "/api/swipe.php",
    {
      config: { auth: "member" },
      schema: { tags: ["swipe"], summary: "The next cards of the swipe game and the likes left today", response: { 200: swipeDeckSchema } },
    },
    async (request) => {
      return swipe.deck(memberOf(request), request.site.id);
    },
  );

  app.post(
    "/api/swipe.php",
    {
      config: { auth: "member" },
      schema: { tags: ["swipe"], summary: "Like or pass a card", body: swipeRequestSchema, response: { 200: swipeResponseSchema } },
    },
    async (request) => {
      return swipe.swipe(memberViewerOf(request), request.body.id, request.body.action, request.origin);
    },
  );
};
