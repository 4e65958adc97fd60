import { and, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SWIPE_LIKES_PER_DAY } from "../../../common/constants";
import { swipeDeckSchema, swipeRequestSchema, swipeResponseSchema } from "../../../common/schemas/members";
import type { Limiter } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { photos, profiles, swipes } from "../../db/schema";
import { AppError, unauthorized } from "../../errors";
import { secondsToUtcMidnight, utcDay } from "../../time";
import type { LikesService } from "../likes/likes.service";
import { wantedGenders } from "../likes/autoLike.repo";
import { viewerOf } from "../members/members.routes";
import { memberCardDto } from "../members/profileDto";
import { findVisibleProfile } from "../members/visibility";
import { mainPhotoColumns } from "../auth/auth.repo";

const DECK_SIZE = 10;

/** The swipe game: cards of members not swiped before; 4 likes a day, passing is free. */
export const swipeRoutes: FastifyPluginAsyncZod<{ db: Db; likes: LikesService; limiter: Limiter }> = async (app, { db, likes, limiter }) => {
  const likesKey = (memberId: number) => `swipe:${memberId}:${utcDay()}`;
  const likesLeft = async (memberId: number) => SWIPE_LIKES_PER_DAY - Math.min(SWIPE_LIKES_PER_DAY, (await limiter.peek(likesKey(memberId)))?.count ?? 0);

  app.get(
    "/api/swipe.php",
    { schema: { tags: ["swipe"], summary: "The next cards of the swipe game and the likes left today", response: { 200: swipeDeckSchema } } },
    async (request) => {
      const member = request.member;
      if (!member) throw unauthorized();
      const me = member.user.id;
      const genders = wantedGenders(member.profile.gender, member.profile.sexuality);
      const rows = await db
        .select({
          profile: profiles,
          mainPhoto: mainPhotoColumns,
        })
        .from(profiles)
        .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
        .where(
          and(
            eq(profiles.siteId, request.site.id),
            sql`${profiles.status} = 'enabled' AND NOT ${profiles.invisible}`,
            sql`${profiles.id} <> ${me}`,
            sql`${profiles.gender} IN (${sql.join(
              genders.map((g) => sql`${g}`),
              sql`, `,
            )})`,
            sql`NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = ${me} AND s.target_id = ${profiles.id})`,
            sql`NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${me} AND l.liked_id = ${profiles.id})`,
            sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${me} AND b.blocked_id = ${profiles.id}) OR (b.blocker_id = ${profiles.id} AND b.blocked_id = ${me}))`,
          ),
        )
        .orderBy(sql`random()`)
        .limit(DECK_SIZE);
      return { profiles: rows.map((r) => memberCardDto(r.profile, r.mainPhoto)), likes_left: await likesLeft(me) };
    },
  );

  app.post(
    "/api/swipe.php",
    { schema: { tags: ["swipe"], summary: "Like or pass a card", body: swipeRequestSchema, response: { 200: swipeResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      if (viewer.id === null) throw unauthorized();
      const me = viewer.id;
      const { id, action } = request.body;
      await findVisibleProfile(db, viewer, id);
      let match = false;
      if (action === "like") {
        // Counted atomically (database or Redis), so four tabs at once still get four likes in all.
        const used = await limiter.hit(likesKey(me), secondsToUtcMidnight());
        if (used.count > SWIPE_LIKES_PER_DAY) throw new AppError(429, "swipe_limit");
        match = (await likes.like({ ...viewer, id: me }, id, "swipe")).match;
      }
      await db.insert(swipes).values({ userId: me, targetId: id, action }).onConflictDoNothing();
      return { likes_left: await likesLeft(me), match };
    },
  );
};
