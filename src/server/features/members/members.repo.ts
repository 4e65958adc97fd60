import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos, profiles } from "../../db/schema";

/** Members that others may see: enabled, not invisible, on the same site, and not the viewer. */
function visibleTo(siteId: number, viewerId: number | null): SQL | undefined {
  return and(eq(profiles.siteId, siteId), eq(profiles.status, "enabled"), eq(profiles.invisible, false), viewerId ? ne(profiles.id, viewerId) : undefined);
}

export async function listMembers(db: Db, siteId: number, viewerId: number | null, page: number, perPage: number) {
  const where = visibleTo(siteId, viewerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ profile: profiles, mainPhoto: photos })
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(where)
      .orderBy(desc(profiles.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(profiles).where(where),
  ]);
  return { rows, total: Number(total) };
}
