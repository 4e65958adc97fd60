import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos, profiles, swipes } from "../../db/schema";
import type { Coordinates } from "../../geo/places";
import { mainPhotoColumns } from "../auth/auth.repo";
import { visibleInListsSql } from "../members/access";
import { shownDistanceSql } from "../members/members.repo";

/** Distances (km) that group the swipe game's cards: those within the first come first, and so on. */
export const SWIPE_NEARBY_KM = [25, 100, 400] as const;

/** What the swipe game prefers: ages (born between these dates) and a place to be near. */
export interface SwipePreference {
  bornFrom: string | null;
  bornUntil: string | null;
  place: Coordinates | null;
}

/**
 * Cards for the swipe game: listed members of the wanted genders with a photo, not swiped, liked or
 * blocked either way by the member before. Those of the member's ages come first, and among them
 * the nearest (by SWIPE_NEARBY_KM), in random order within each group.
 */
export async function swipeCards(db: Db, siteId: number, memberId: number, genders: Array<"male" | "female">, prefer: SwipePreference, limit: number) {
  const order: SQL[] = [];
  if (prefer.bornFrom && prefer.bornUntil) {
    order.push(sql`(${profiles.dateOfBirth} IS NULL OR ${profiles.dateOfBirth} < ${prefer.bornFrom} OR ${profiles.dateOfBirth} > ${prefer.bornUntil})`);
  }
  if (prefer.place) {
    const km = shownDistanceSql(prefer.place);
    order.push(
      sql`CASE WHEN ${km} <= ${SWIPE_NEARBY_KM[0]} THEN 0 WHEN ${km} <= ${SWIPE_NEARBY_KM[1]} THEN 1 WHEN ${km} <= ${SWIPE_NEARBY_KM[2]} THEN 2 ELSE 3 END`,
    );
  }
  return db
    .select({ profile: profiles, mainPhoto: mainPhotoColumns })
    .from(profiles)
    .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        eq(profiles.siteId, siteId),
        visibleInListsSql(memberId),
        sql`${profiles.id} <> ${memberId}`,
        sql`${profiles.gender} IN (${sql.join(
          genders.map((g) => sql`${g}`),
          sql`, `,
        )})`,
        sql`NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = ${memberId} AND s.target_id = ${profiles.id})`,
        sql`NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${memberId} AND l.liked_id = ${profiles.id})`,
      ),
    )
    .orderBy(...order, sql`random()`)
    .limit(limit);
}

export async function recordSwipe(db: Db, memberId: number, targetId: number, action: "like" | "pass"): Promise<void> {
  await db.insert(swipes).values({ userId: memberId, targetId, action }).onConflictDoNothing();
}
