import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos, profiles, swipes } from "../../db/schema";
import { mainPhotoColumns } from "../auth/auth.repo";

/**
 * Random cards for the swipe game: listed members of the wanted genders with a photo, not swiped,
 * liked or blocked either way by the member before.
 */
export async function swipeCards(db: Db, siteId: number, memberId: number, genders: Array<"male" | "female">, limit: number) {
  return db
    .select({ profile: profiles, mainPhoto: mainPhotoColumns })
    .from(profiles)
    .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        eq(profiles.siteId, siteId),
        sql`${profiles.status} = 'enabled' AND NOT ${profiles.invisible}`,
        sql`${profiles.id} <> ${memberId}`,
        sql`${profiles.gender} IN (${sql.join(
          genders.map((g) => sql`${g}`),
          sql`, `,
        )})`,
        sql`NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = ${memberId} AND s.target_id = ${profiles.id})`,
        sql`NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${memberId} AND l.liked_id = ${profiles.id})`,
        sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${memberId} AND b.blocked_id = ${profiles.id}) OR (b.blocker_id = ${profiles.id} AND b.blocked_id = ${memberId}))`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(limit);
}

export async function recordSwipe(db: Db, memberId: number, targetId: number, action: "like" | "pass"): Promise<void> {
  await db.insert(swipes).values({ userId: memberId, targetId, action }).onConflictDoNothing();
}
