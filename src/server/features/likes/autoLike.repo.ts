import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos, profiles, users } from "../../db/schema";
import { type MainPhoto, mainPhotoColumns, type ProfileRow } from "../auth/auth.repo";
import { visibleInListsSql, type Viewer } from "../members/access";
import { wantedGenders } from "../../../common/searchDefaults";
import type { Gender, Sexuality } from "../../../common/profileOptions";

/**
 * An operated profile (demo or fictional: it cannot log in) with a photo, that does not like the
 * member yet and is not blocked either way; chosen at random.
 */
export async function pickAutoLiker(
  db: Db,
  viewer: Viewer & { id: number },
  wanted: { gender: Gender | null; sexuality: Sexuality | null },
): Promise<{ profile: ProfileRow; mainPhoto: MainPhoto | null } | null> {
  const genders = wantedGenders(wanted.gender, wanted.sexuality);
  const [row] = await db
    .select({
      profile: profiles,
      mainPhoto: mainPhotoColumns,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        eq(profiles.siteId, viewer.siteId),
        visibleInListsSql(viewer.id),
        eq(users.canLogin, false),
        sql`${profiles.gender} IN (${sql.join(
          genders.map((g) => sql`${g}`),
          sql`, `,
        )})`,
        sql`${profiles.id} <> ${viewer.id}`,
        sql`NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${profiles.id} AND l.liked_id = ${viewer.id})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row ?? null;
}
