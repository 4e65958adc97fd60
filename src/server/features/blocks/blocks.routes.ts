import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blockResponseSchema, blocksResponseSchema, targetSchema } from "../../../common/schemas/members";
import { memberViewerOf } from "../members/members.routes";
import type { BlocksService } from "./blocks.service";

export const blocksRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks }) => {
  app.post(
    "/api/block.php",
    { config: { auth: "member" }, schema: { tags: ["members"], summary: "Block a member", body: targetSchema, response: { 200: blockResponseSchema } } },
    async (request) => {
      await blocks.block(memberViewerOf(request), request.body.id);
      return { blocked: true };
    },
  );

  app.delete(
    "/api/block.php",
    {
      config: { auth: "member" },
      schema: { tags: ["members"], summary: "Unblock a member", querystring: targetSchema, response: { 200: blockResponseSchema } },
    },
    async (request) => {
      await blocks.unblock(memberViewerOf(request).id, request.query.id);
      return { blocked: false };
    },
  );

  app.get(
    "/api/blocks.php",
    { config: { auth: "member" }, schema: { tags: ["members"], summary: "Members the viewer has blocked", response: { 200: blocksResponseSchema } } },
    async (request) => ({ profiles: await blocks.list(memberViewerOf(request).id) }),
  );
};
