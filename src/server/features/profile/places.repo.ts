import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { placeOf } from "../../geo/places";

/**
 * Gives every profile with a country but no place its place (geo/places.ts): profiles from before
 * places were kept, and any written without one. Run at start; a few milliseconds when none is missing.
 */
export async function fillMissingPlaces(db: Db, batchSize = 1000): Promise<number> {
  let after = 0;
  let filled = 0;
  for (;;) {
    const rows = rowsOf<{ id: number; country: string; region: string | null; city: string | null }>(
      await db.execute(sql`SELECT id, country, region, city FROM profiles
        WHERE latitude IS NULL AND country IS NOT NULL AND id > ${after} ORDER BY id LIMIT ${batchSize}`),
    );
    if (rows.length === 0) return filled;
    after = rows[rows.length - 1].id;
    const placed = rows.flatMap((r) => {
      const at = placeOf(r.country, r.region, r.city);
      return at ? [sql`(${r.id}::int, ${at.latitude}::float8, ${at.longitude}::float8)`] : [];
    });
    if (placed.length === 0) continue;
    await db.execute(sql`UPDATE profiles SET latitude = v.lat, longitude = v.lon
      FROM (VALUES ${sql.join(placed, sql`, `)}) AS v(id, lat, lon) WHERE profiles.id = v.id`);
    filled += placed.length;
  }
}
