import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersCalls } from "../../../common/schemas/members";
import { memberViewerOf } from "../members/members.routes";
import type { BlocksService } from "./blocks.service";

export const blocksRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks }) => {
  app.post(
    "/api/block.php",
    { config: { auth: "member" }, schema: { tags: ["members"], summary: "Block a member", ...membersCalls["POST /api/block.php"] } },
    async (request) => {
      await blocks.block(memberViewerOf(request), request.body.id);
      return { blocked: true };
    },
  );

  app.delete(
    "/api/block.php",
    {
      config: { auth: "member" },
      schema: { tags: ["members"], summary: "Unblock a member", ...membersCalls["DELETE /api/block.php"] },
    },
    async (request) => {
      await blocks.unblock(memberViewerOf(request).id, request.query.id);
      return { blocked: false };
    },
  );

  app.get(
    "/api/blocks.php",
    { config: { auth: "member" }, schema: { tags: ["members"], summary: "Members the viewer has blocked", ...membersCalls["GET /api/blocks.php"] } },
    async (request) => ({ profiles: await blocks.list(memberViewerOf(request).id) }),
  );
};
