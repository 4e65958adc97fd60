import { and, desc, eq, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blockResponseSchema, blocksResponseSchema, targetSchema } from "../../../common/schemas/members";
import type { Db } from "../../db/client";
import { blocks, likes } from "../../db/schema";
import { AppError, unauthorized } from "../../errors";
import type { MembersService } from "../members/members.service";
import { viewerOf } from "../members/members.routes";
import { findVisibleProfile } from "../members/visibility";

/** Blocking: blocked members no longer see or contact each other, and their likes are gone. */
export const blocksRoutes: FastifyPluginAsyncZod<{ db: Db; members: MembersService }> = async (app, { db, members }) => {
  const memberId = (request: Parameters<typeof viewerOf>[0]) => {
    const id = request.member?.user.id;
    if (!id) throw unauthorized();
    return id;
  };

  app.post(
    "/api/block.php",
    { schema: { tags: ["members"], summary: "Block a member", body: targetSchema, response: { 200: blockResponseSchema } } },
    async (request) => {
      const me = memberId(request);
      const target = request.body.id;
      if (target === me) throw new AppError(400, "cannot_block_self");
      // A member who blocked you can still be blocked back: only an unknown member is refused.
      await findVisibleProfile(db, viewerOf(request), target).catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === "blocked_by")) throw err;
      });
      await db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId: me, blockedId: target }).onConflictDoNothing();
        await tx.delete(likes).where(or(and(eq(likes.likerId, me), eq(likes.likedId, target)), and(eq(likes.likerId, target), eq(likes.likedId, me))));
      });
      return { blocked: true };
    },
  );

  app.delete(
    "/api/block.php",
    { schema: { tags: ["members"], summary: "Unblock a member", querystring: targetSchema, response: { 200: blockResponseSchema } } },
    async (request) => {
      await db.delete(blocks).where(and(eq(blocks.blockerId, memberId(request)), eq(blocks.blockedId, request.query.id)));
      return { blocked: false };
    },
  );

  app.get(
    "/api/blocks.php",
    { schema: { tags: ["members"], summary: "Members the viewer has blocked", response: { 200: blocksResponseSchema } } },
    async (request) => {
      const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, memberId(request))).orderBy(desc(blocks.createdAt));
      const cards = await members.cards(rows.map((r) => r.id), null, true);
      return { profiles: rows.flatMap((r) => cards.get(r.id) ?? []) };
    },
  );
};
