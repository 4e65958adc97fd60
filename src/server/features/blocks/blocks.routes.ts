import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blockResponseSchema, blocksResponseSchema, targetSchema } from "../../../common/schemas/members";
import { unauthorized } from "../../errors";
import { viewerOf } from "../members/members.routes";
import type { Viewer } from "../members/access";
import type { BlocksService } from "./blocks.service";

export const blocksRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks }) => {
  const memberViewer = (request: Parameters<typeof viewerOf>[0]): Viewer & { id: number } => {
    const viewer = viewerOf(request);
    if (viewer.id === null) throw unauthorized();
    return { ...viewer, id: viewer.id };
  };

  app.post(
    "/api/block.php",
    { schema: { tags: ["members"], summary: "Block a member", body: targetSchema, response: { 200: blockResponseSchema } } },
    async (request) => {
      await blocks.block(memberViewer(request), request.body.id);
      return { blocked: true };
    },
  );

  app.delete(
    "/api/block.php",
    { schema: { tags: ["members"], summary: "Unblock a member", querystring: targetSchema, response: { 200: blockResponseSchema } } },
    async (request) => {
      await blocks.unblock(memberViewer(request).id, request.query.id);
      return { blocked: false };
    },
  );

  app.get(
    "/api/blocks.php",
    { schema: { tags: ["members"], summary: "Members the viewer has blocked", response: { 200: blocksResponseSchema } } },
    async (request) => ({ profiles: await blocks.list(memberViewer(request).id) }),
  );
};
