import { and, count, desc, eq, isNotNull, lt, notInArray, type SQL, sql } from "drizzle-orm";
import { type Db, preparedRows, rowsOf } from "../../db/client";
import { photos, profiles } from "../../db/schema";
import type { Coordinates } from "../../geo/places";
import { type MainPhoto, mainPhotoColumns, type ProfileRow } from "../auth/auth.repo";
import {
  activityFactsColumns,
  activityFactsText,
  blockedIdsText,
  listedSql,
  listedText,
  notBlockedEitherWayText,
  reachableSql,
  shownActivityText,
} from "./access";
import { tallyCount } from "./searchTallies";

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
  /** Only members whose photos a moderator verified. */
  verified?: boolean;
  /** Only these members (to count how many of a few match). */
  onlyIds?: number[];
}

/** The profile columns a member card shows, or decides what it shows (distance, activity). */
export type CardProfile = Pick<
  ProfileRow,
  | "id"
  | "name"
  | "gender"
  | "country"
  | "region"
  | "city"
  | "dateOfBirth"
  | "fictional"
  | "latitude"
  | "longitude"
  | "invisible"
  | "showActivity"
  | "lastActiveAt"
  | "verifiedAt"
>;

export interface CardRow {
  profile: CardProfile;
  mainPhoto: MainPhoto | null;
  /** The distance shown from the viewer when a nearest-first query worked it out (null: the member has no place). */
  distanceKm?: number | null;
}

/** The order of a search page: newest first, or nearest to a place first. */
export type SearchOrder = { by: "newest" } | { by: "distance"; from: Coordinates };

/** Where a page starts: after this member, and when nearest first after their distance. */
export interface SearchCursor {
  id: number;
  km?: number;
}

/** Distance (whole km, 0 under 1 km) used as the order when a member has no place: after everyone who has one. */
export const UNKNOWN_DISTANCE_KM = 99_999;

const cardColumns = {
  id: profiles.id,
  name: profiles.name,
  gender: profiles.gender,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  dateOfBirth: profiles.dateOfBirth,
  fictional: profiles.fictional,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
  verifiedAt: profiles.verifiedAt,
  ...activityFactsColumns,
};

/**
 * The distance shown between `from` and a member, in SQL: the great-circle distance of
 * geo/places.ts, in whole kilometres and 0 under 1 km (shownDistanceKm of common/distance.ts);
 * UNKNOWN_DISTANCE_KM for a member without a place.
 */
export function shownDistanceSql(from: Coordinates): SQL<number> {
  const km = sql`12742 * asin(least(1, sqrt(power(sin(radians(${profiles.latitude} - ${from.latitude}::float8) / 2), 2)
    + cos(radians(${from.latitude}::float8)) * cos(radians(${profiles.latitude})) * power(sin(radians(${profiles.longitude} - ${from.longitude}::float8) / 2), 2))))`;
  // least() passes over a NULL, so a member without a place is told apart first.
  return sql<number>`(CASE WHEN ${profiles.latitude} IS NULL OR ${profiles.longitude} IS NULL THEN ${UNKNOWN_DISTANCE_KM}
    WHEN ${km} < 1 THEN 0 ELSE round(${km}) END)::int`;
}

const listed = listedSql();

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
    filter.verified ? isNotNull(profiles.verifiedAt) : undefined,
    filter.excludeIds.length ? notInArray(profiles.id, filter.excludeIds) : undefined,
    filter.onlyIds ? sql`${profiles.id} = ANY(${`{${filter.onlyIds.join(",")}}`}::int[])` : undefined,
  );
}

const normalise = (rows: Array<{ profile: CardProfile; mainPhoto: MainPhoto | null }>): CardRow[] =>
  rows.map((r) => ({ profile: r.profile, mainPhoto: r.mainPhoto?.id ? r.mainPhoto : null }));

/**
 * A page of members matching `filter`, newest first or nearest first, after `cursor` (keyset paging:
 * as fast on page 1000 as on page 1).
 */
export async function searchPage(db: Db, filter: SearchFilter, order: SearchOrder, cursor: SearchCursor | null, limit: number): Promise<CardRow[]> {
  if (order.by === "newest") {
    const rows = await db
      .select({ profile: cardColumns, mainPhoto: mainPhotoColumns })
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(and(where(filter), cursor ? lt(profiles.id, cursor.id) : undefined))
      .orderBy(desc(profiles.id))
      .limit(limit);
    return normalise(rows);
  }
  const from = order.from;
  // Widening circles: the members within the first radius that fills the page are the nearest of
  // all, and a circle is looked up by its box (index) rather than by working out every distance.
  for (const radius of NEAREST_RADII_KM) {
    if (radius !== null && cursor?.km !== undefined && radius < cursor.km) continue;
    const rows = await nearestPage(db, filter, from, radius, cursor, limit);
    if (rows.length >= limit || radius === null) return rows;
  }
  return [];
}

/** The radii (km) the nearest-first search tries in turn; null: everywhere. */
export const NEAREST_RADII_KM = [25, 100, 400, 1600, null] as const;

/** The box around `from` that holds every point within `radiusKm`, or null where a box cannot (poles, the 180th meridian). */
function boxAround(from: Coordinates, radiusKm: number): SQL | null {
  const dLat = radiusKm / 111.2;
  const cos = Math.cos((from.latitude * Math.PI) / 180);
  if (Math.abs(from.latitude) + dLat >= 89 || cos < 0.05) return null;
  const dLon = radiusKm / (111.2 * cos);
  if (Math.abs(from.longitude) + dLon >= 180) return null;
  return sql`point(${profiles.longitude}, ${profiles.latitude}) <@ box(point(${from.longitude - dLon}, ${from.latitude - dLat}), point(${from.longitude + dLon}, ${from.latitude + dLat}))`;
}

/** The nearest members within `radiusKm` (everywhere when null), after `cursor`: ids and distances first, then their cards. */
async function nearestPage(
  db: Db,
  filter: SearchFilter,
  from: Coordinates,
  radiusKm: number | null,
  cursor: SearchCursor | null,
  limit: number,
): Promise<CardRow[]> {
  const box = radiusKm === null ? null : boxAround(from, radiusKm);
  const after = cursor ? sql`AND (km > ${cursor.km ?? 0} OR (km = ${cursor.km ?? 0} AND id < ${cursor.id}))` : sql``;
  // Each candidate's distance is worked out once: OFFSET 0 keeps PostgreSQL from copying the
  // expression into every place the outer query names it.
  const rows = rowsOf<RawCard & { km: number }>(
    await db.execute(sql`
      WITH nearest AS (
        SELECT id, km FROM (
          SELECT ${profiles.id} AS id, ${shownDistanceSql(from)} AS km FROM ${profiles}
          WHERE ${where(filter)} ${box ? sql`AND ${box}` : sql``} OFFSET 0) candidates
        WHERE true ${radiusKm === null ? sql`` : sql`AND km <= ${radiusKm}`} ${after}
        ORDER BY km, id DESC LIMIT ${limit})
      SELECT ${CARD_COLUMNS_SQL}, n.km
      FROM nearest n JOIN profiles p ON p.id = n.id LEFT JOIN photos ph ON ph.id = p.main_photo_id
      ORDER BY n.km, n.id DESC`),
  );
  return rows.map((r) => ({ ...cardRowOf(r), distanceKm: r.km >= UNKNOWN_DISTANCE_KM ? null : r.km }));
}

/** The text of a search statement for each shape of filter (which filters are given), and its values. */
const newestTexts = new Map<string, string>();

/**
 * A page of members matching `filter` newest first, as `viewerId` (null: a visitor) may find them
 * (without the viewer and everyone blocked either way), and how many members the filter matches that
 * the viewer may not find (the viewer and those blocked either way: what a shared count holds too
 * many). One named prepared statement per shape of filter: parsed and planned once per connection.
 * `filter.excludeIds` is not read: the exclusions come from the viewer.
 */
export async function searchNewestPage(
  db: Db,
  filter: SearchFilter,
  viewerId: number | null,
  cursorId: number | null,
  limit: number,
): Promise<{ rows: CardRow[]; excludedMatching: number }> {
  const values: unknown[] = [filter.siteId, viewerId, limit];
  const conditions: string[] = [];
  let shape = "";
  const add = (key: string, condition: string, value: unknown) => {
    values.push(value);
    conditions.push(condition.replace("{v}", `$${values.length}`));
    shape += key;
  };
  if (filter.gender) add("g", "X.gender = {v}", filter.gender);
  if (filter.country) add("c", "X.country = {v}", filter.country);
  if (filter.region) add("r", "X.region = {v}", filter.region);
  if (filter.bornFrom) add("f", "X.date_of_birth >= {v}::date", filter.bornFrom);
  if (filter.bornUntil) add("u", "X.date_of_birth <= {v}::date", filter.bornUntil);
  if (filter.verified) {
    conditions.push("X.verified_at IS NOT NULL");
    shape += "v";
  }
  if (filter.interests?.length) add("i", "X.interests ?| {v}::text[]", `{${filter.interests.map((i) => JSON.stringify(i)).join(",")}}`);
  if (cursorId !== null) values.push(cursorId);
  const after = cursorId === null ? "" : `AND p.id < $${values.length}`;
  const key = `${shape}${cursorId === null ? "" : "k"}`;
  let text = newestTexts.get(key);
  if (text === undefined) {
    const matching = (x: string) => [`${x}.site_id = $1`, listedText(x), ...conditions.map((c) => c.replaceAll("X.", `${x}.`))].join(" AND ");
    text = `SELECT x.excluded, c.* FROM
      (SELECT count(*)::int AS excluded FROM (SELECT $2::int AS id UNION ${blockedIdsText("$2")}) ex
        JOIN profiles e ON e.id = ex.id WHERE ${matching("e")}) x
      LEFT JOIN LATERAL (
        SELECT ${CARD_COLUMNS} FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id
        WHERE ${matching("p")} AND p.id IS DISTINCT FROM $2 AND ${notBlockedEitherWayText("$2", "p.id")} ${after}
        ORDER BY p.id DESC LIMIT $3) c ON true
      ORDER BY c.id DESC`;
    newestTexts.set(key, text);
  }
  const result = await preparedRows<RawCard & { excluded: number }>(db, `search_newest_${key}`, text, values);
  return { rows: result.filter((r) => r.id !== null).map(cardRowOf), excludedMatching: result[0]?.excluded ?? 0 };
}

/**
 * How many members match: from the tallies of listed profiles where they can answer (site, gender,
 * country, verified, ages: searchTallies.ts), else counted (countRows).
 */
export async function searchCount(db: Db, filter: SearchFilter): Promise<number> {
  return (await tallyCount(db, filter)) ?? countRows(db, filter);
}

/** How many members match, counted row by row (from a search index alone where one fits). */
export async function countRows(db: Db, filter: SearchFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(profiles).where(where(filter));
  return Number(row.total);
}

/** A member card as plain SQL answers it (CARD_COLUMNS_SQL over profiles p and photos ph). */
export interface RawCard {
  id: number;
  name: string;
  gender: "male" | "female" | null;
  country: string | null;
  region: string | null;
  city: string | null;
  date_of_birth: string | null;
  fictional: boolean;
  latitude: number | null;
  longitude: number | null;
  invisible: boolean;
  show_activity: boolean;
  last_active_at: Date | string | null;
  verified_at: Date | string | null;
  photo_id: string | null;
  filename: string | null;
  thumb_filename: string | null;
  match_filename: string | null;
  photo_status: "approved" | "pending" | "rejected" | null;
}

/**
 * Cards of the given members that others may still see (profile enabled, which an account pending
 * deletion is not; not in `excludeIds`), in no particular order. Invisible members stay: these are members one already knows.
 * Plain SQL: a likes page asks for up to 2,000 cards at once, and mapping them costs more than the query.
 */
export async function cardsByIds(db: Db, ids: number[], excludeIds: number[] = []): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<RawCard>(
    await db.execute(sql`
      SELECT ${CARD_COLUMNS_SQL}
      FROM profiles p
      LEFT JOIN photos ph ON ph.id = p.main_photo_id
      WHERE p.id = ANY(${`{${ids.join(",")}}`}::int[]) AND ${reachableSql("p")}
        ${excludeIds.length ? sql`AND NOT (p.id = ANY(${`{${excludeIds.join(",")}}`}::int[]))` : sql``}`),
  );
  return rows.map(cardRowOf);
}

/** The columns of a RawCard over profiles p and photos ph, as text (for prepared statements) and as SQL. */
export const CARD_COLUMNS = `p.id, p.name, p.gender, p.country, p.region, p.city, p.date_of_birth::text AS date_of_birth, p.fictional,
  p.latitude, p.longitude, p.verified_at, ${activityFactsText("p")},
  ph.id AS photo_id, ph.filename, ph.thumb_filename, ph.match_filename, ph.status AS photo_status`;
export const CARD_COLUMNS_SQL = sql.raw(CARD_COLUMNS);

/**
 * SQL text: a hash of a card as shown (over profiles p) at `now` (SQL text, "$2"): the profile's
 * card_version, which the triggers of migration 0024 move with every change to what the card shows
 * (every column of CARD_COLUMNS but the activity, the main photo's included) and to whether it is
 * shown (status), and the activity as shown at `now` rather than the time of the last visit, which
 * is written every few minutes. For stamps of kept answers (likes.php); likes/likesListCache.test.ts
 * checks that the triggers cover CARD_COLUMNS.
 */
export const cardVersionText = (now: string): string => `hashtextextended(p.id || ':' || p.card_version || ':' || ${shownActivityText("p", now)}, 0)`;

export function cardRowOf(r: RawCard): CardRow {
  return {
    profile: {
      id: r.id,
      name: r.name,
      gender: r.gender,
      country: r.country,
      region: r.region,
      city: r.city,
      dateOfBirth: r.date_of_birth,
      fictional: r.fictional,
      latitude: r.latitude,
      longitude: r.longitude,
      invisible: r.invisible,
      showActivity: r.show_activity,
      lastActiveAt: r.last_active_at === null ? null : new Date(r.last_active_at),
      verifiedAt: r.verified_at === null ? null : new Date(r.verified_at),
    },
    mainPhoto:
      r.photo_id && r.filename && r.thumb_filename && r.match_filename && r.photo_status
        ? { id: r.photo_id, filename: r.filename, thumbFilename: r.thumb_filename, matchFilename: r.match_filename, status: r.photo_status }
        : null,
  };
}
