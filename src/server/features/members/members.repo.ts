import { and, count, desc, eq, inArray, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos, profiles } from "../../db/schema";
import type { MainPhoto, ProfileRow } from "../auth/auth.repo";

export interface SearchFilter {
  siteId: number;
  /** Members never listed: the viewer and everyone blocked either way. */
  excludeIds: number[];
  gender?: "male" | "female";
  country?: string;
  region?: string;
  /** Born on or after this date (the maximum age). */
  bornFrom?: string;
  /** Born on or before this date (the minimum age). */
  bornUntil?: string;
  interests?: string[];
}

export interface CardRow {
  profile: ProfileRow;
  mainPhoto: MainPhoto | null;
}

const mainPhotoColumns = {
  id: photos.id,
  filename: photos.filename,
  thumbFilename: photos.thumbFilename,
  matchFilename: photos.matchFilename,
  status: photos.status,
};

// Written as literals, not parameters, so that the planner matches the partial search indexes.
const listed = sql`${profiles.status} = 'enabled' AND NOT ${profiles.invisible}`;

function where(filter: SearchFilter): SQL | undefined {
  return and(
    eq(profiles.siteId, filter.siteId),
    listed,
    filter.gender ? eq(profiles.gender, filter.gender) : undefined,
    filter.country ? eq(profiles.country, filter.country) : undefined,
    filter.region ? eq(profiles.region, filter.region) : undefined,
    filter.bornFrom ? sql`${profiles.dateOfBirth} >= ${filter.bornFrom}` : undefined,
    filter.bornUntil ? sql`${profiles.dateOfBirth} <= ${filter.bornUntil}` : undefined,
    filter.interests?.length
      ? sql`${profiles.interests} ?| array[${sql.join(
          filter.interests.map((i) => sql`${i}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    filter.excludeIds.length ? notInArray(profiles.id, filter.excludeIds) : undefined,
  );
}

const normalise = (rows: Array<{ profile: ProfileRow; mainPhoto: MainPhoto | null }>): CardRow[] =>
  rows.map((r) => ({ profile: r.profile, mainPhoto: r.mainPhoto?.id ? r.mainPhoto : null }));

/** Newest members first, after `beforeId` (keyset paging: as fast on page 1000 as on page 1). */
export async function searchPage(db: Db, filter: SearchFilter, beforeId: number | null, limit: number): Promise<CardRow[]> {
  const rows = await db
    .select({ profile: profiles, mainPhoto: mainPhotoColumns })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(where(filter), beforeId ? lt(profiles.id, beforeId) : undefined))
    .orderBy(desc(profiles.id))
    .limit(limit);
  return normalise(rows);
}

/** How many members match (counted from the search index alone). */
export async function searchCount(db: Db, filter: SearchFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(profiles).where(where(filter));
  return Number(row.total);
}

/** Cards of the given members, in no particular order. */
export async function cardsByIds(db: Db, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ profile: profiles, mainPhoto: mainPhotoColumns })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(inArray(profiles.id, ids));
  return normalise(rows);
}
