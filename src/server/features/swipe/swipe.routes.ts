import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersCalls } from "../../../common/schemas/members";
import { memberOf } from "../../plugins/routeAuth";
import { memberViewerOf } from "../members/members.routes";
import type { SwipeService } from "./swipe.service";

export const swipeRoutes: FastifyPluginAsyncZod<{ swipe: SwipeService }> = async (app, { swipe }) => {
  app.get(
    "/api/swipe.php",
    {
      config: { auth: "member" },
      schema: { tags: ["swipe"], summary: "The next cards of the swipe game and the likes left today", ...membersCalls["GET /api/swipe.php"] },
    },
    async (request) => {
      return swipe.deck(memberOf(request), request.site.id);
    },
  );

  app.post(
    "/api/swipe.php",
    {
      config: { auth: "member" },
      schema: { tags: ["swipe"], summary: "Like or pass a card", ...membersCalls["POST /api/swipe.php"] },
    },
    async (request) => {
      return swipe.swipe(memberViewerOf(request), request.body.id, request.body.action, request.origin);
    },
  );
};
