// Search over 1,000,000 profiles on PostgreSQL (generated here with SQL, not a committed data file),
// and GET /api/likes.php for a member with 1,000 likes. Prints p50 / p95 and the plans' key lines.
import { Country, type ICountry } from "country-state-city";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { LikesService } from "../src/server/features/likes/likes.service";
import { MembersService, yearsAgo } from "../src/server/features/members/members.service";
import { DbLimiter } from "../src/server/adapters/limiter.db";
import { createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const PROFILES = Number(process.env.BENCH_PROFILES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const bench = await benchDatabase("dating_search_bench", 4);
const { db } = bench.database;
const site = await createSite(db);

console.log(`generating ${PROFILES} profiles…`);
let started = performance.now();
const countries = ["NL", "BE", "DE", "AT", "CH", "FR", "IT", "ES", "PL", "DK", "SE", "NO", "FI", "GB", "IE", "US", "CA", "AU", "NZ"];
// Each member's place: around their country's middle (country-state-city), up to 1.5 degrees either way.
const middles = countries.map((c) => Country.getCountryByCode(c) as ICountry);
const latitudes = sql.raw(`ARRAY[${middles.map((m) => Number(m.latitude)).join(",")}]::float8[]`);
const longitudes = sql.raw(`ARRAY[${middles.map((m) => Number(m.longitude)).join(",")}]::float8[]`);
await db.execute(sql`
  INSERT INTO users (site_id, email, password_hash, status, language, can_login, signup_date)
  SELECT ${site.id}, 'bench' || g || '@bench.invalid', '!', 'confirmed', 'en', false, now() - (g % 1000) * interval '1 hour'
  FROM generate_series(1, ${PROFILES}) g`);
await db.execute(sql`
  INSERT INTO profiles (id, site_id, name, status, gender, country, region, date_of_birth, invisible, latitude, longitude, verified_at)
  SELECT u.id, u.site_id, 'Member ' || u.id, 'enabled',
    CASE WHEN u.id % 100 < 55 THEN 'female' ELSE 'male' END,
    (${sql.raw(`ARRAY[${countries.map((c) => `'${c}'`).join(",")}]`)})[1 + (u.id::bigint * 7919) % ${countries.length}],
    'R' || ((u.id::bigint * 31) % 12),
    date '2007-01-01' - ((u.id::bigint * 104729) % 18250)::int * interval '1 day',
    u.id % 50 = 0,
    round(((${latitudes})[1 + (u.id::bigint * 7919) % ${countries.length}] + ((u.id::bigint * 48271) % 3001 - 1500) / 1000.0)::numeric, 2),
    round(((${longitudes})[1 + (u.id::bigint * 7919) % ${countries.length}] + ((u.id::bigint * 69621) % 3001 - 1500) / 1000.0)::numeric, 2),
    CASE WHEN u.id % 10 = 3 THEN now() END
  FROM users u WHERE u.site_id = ${site.id}`);
// The whole database (profiles, users, and any tables their triggers wrote), as autovacuum would in time.
await db.execute(sql`VACUUM ANALYZE`);
console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const members = new MembersService(db);
const viewer = { id: null, siteId: site.id, paid: false };

async function timeIt(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  console.log(`| ${label} | ${p(0.5)} ms | ${p(0.95)} ms |`);
}

// A deep page: the cursor of page 1,000 (24,000 results in) for the same filters.
async function deepCursor(query: Record<string, string | number>): Promise<string> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM profiles WHERE site_id = ${site.id} AND status = 'enabled' AND NOT invisible AND gender = ${query.gender} AND country = ${query.country}
      ${query.countryregion ? sql`AND region = ${query.countryregion}` : sql``} ORDER BY id DESC OFFSET 2000 LIMIT 1`),
  );
  return String(rows[0]?.id ?? 1);
}

const typical = { gender: "female" as const, country: "NL", min_age: 25, max_age: 40 };
const withRegion = { ...typical, countryregion: "R3" };
console.log("\n| search | p50 | p95 |\n|---|---|---|");
await timeIt("gender + country + age, page 1", () => members.search(viewer, typical));
const deep = await deepCursor(typical);
await timeIt("gender + country + age, deep page (2,000 in)", () => members.search(viewer, { ...typical, cursor: deep }));
await timeIt("gender + country + region + age, page 1", () => members.search(viewer, withRegion));
const deepRegion = await deepCursor(withRegion);
await timeIt("gender + country + region + age, deep page", () => members.search(viewer, { ...withRegion, cursor: deepRegion }));
await timeIt("no filters, page 1", () => members.search(viewer, {}));
// Nearest first, for a member in Zürich: their own first search (women of their ages in their country),
// a deep page of it, and the same without a country (the whole world, nearest first).
const zurich = { id: null, siteId: site.id, paid: false, place: { latitude: 47.37, longitude: 8.55 } };
const nearby = { gender: "female" as const, country: "CH", min_age: 28, max_age: 44, sort: "distance" as const };
await timeIt("nearest first: gender + country + age, page 1", () => members.search(zurich, nearby));
let cursor: string | null | undefined;
for (let page = 0, answer = await members.search(zurich, nearby); page < 40 && answer.next_cursor; page++) {
  cursor = answer.next_cursor;
  answer = await members.search(zurich, { ...nearby, cursor });
}
await timeIt("nearest first: gender + country + age, deep page (960 in)", () => members.search(zurich, { ...nearby, cursor: cursor ?? undefined }));
const anywhere = { gender: "female" as const, min_age: 28, max_age: 44, sort: "distance" as const };
await timeIt("nearest first: gender + age, any country, page 1", () => members.search(zurich, anywhere));
const inTheMiddleOfTheSea = { ...zurich, place: { latitude: 30, longitude: -40 } };
await timeIt("nearest first: gender + age, any country, far from everyone", () => members.search(inTheMiddleOfTheSea, anywhere));
// The count alone, as the first search with these filters in a minute computes it (then it is reused),
// with the dates of birth the service derives from ages (members 25 to 40 today: not month boundaries).
const { searchCount } = await import("../src/server/features/members/members.repo");
const ages = { bornFrom: yearsAgo(41, 1), bornUntil: yearsAgo(25) };
const uncached = [
  ["gender + country + age", { gender: "female" as const, country: "NL", ...ages }],
  ["gender + age", { gender: "female" as const, ...ages }],
  ["age only", ages],
  ["verified only", { verified: true }],
  ["country + verified", { country: "NL", verified: true }],
  ["gender + country + region + age", { gender: "female" as const, country: "NL", region: "R3", ...ages }],
  ["no filters", {}],
] as const;
for (const [label, filter] of uncached) await timeIt(`count only, uncached: ${label}`, () => searchCount(db, { siteId: site.id, excludeIds: [], ...filter }));

// GET /api/likes.php for a member with 1,000 likes received and 1,000 given.
const memberId = 1;
await db.execute(sql`INSERT INTO likes (liker_id, liked_id, seen) SELECT id, ${memberId}, id % 3 = 0 FROM profiles WHERE id BETWEEN 2 AND 1001`);
await db.execute(sql`INSERT INTO likes (liker_id, liked_id) SELECT ${memberId}, id FROM profiles WHERE id BETWEEN 501 AND 1500`);
await db.execute(sql`ANALYZE likes`);
const likes = new LikesService(db, new DbLimiter(db), { publish: async () => {} }, 0, () => {});
console.log("\n| likes | p50 | p95 |\n|---|---|---|");
await timeIt("likes.list + JSON, 1,000 likes each way", async () => JSON.stringify(await likes.list({ id: memberId, siteId: site.id, paid: false })));

console.log("\nplans:");
const explain = async (label: string, query: ReturnType<typeof sql>) => {
  const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)).map((r) => r["QUERY PLAN"]);
  console.log(`-- ${label}`);
  for (const line of plan.filter((l) => /Scan|Limit|Aggregate|Execution Time|Heap Fetches/.test(l)).slice(0, 8)) console.log(line);
};
await explain(
  "page",
  sql`SELECT p.id FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id WHERE p.site_id = ${site.id} AND p.status = 'enabled' AND NOT p.invisible AND p.gender = 'female' AND p.country = 'NL' AND p.date_of_birth >= '1985-01-01' AND p.date_of_birth <= '2000-01-01' AND p.id < ${Number(deep)} ORDER BY p.id DESC LIMIT 25`,
);
await explain(
  "nearest first, gender + country + age (within 25 km)",
  sql`SELECT p.id FROM profiles p WHERE p.site_id = ${site.id} AND p.status = 'enabled' AND NOT p.invisible AND p.gender = 'female' AND p.country = 'CH'
    AND p.date_of_birth >= '1981-01-01' AND p.date_of_birth <= '1998-01-01'
    AND point(p.longitude, p.latitude) <@ box(point(8.22, 47.14), point(8.88, 47.59))
    ORDER BY 12742 * asin(least(1, sqrt(power(sin(radians(p.latitude - 47.37) / 2), 2) + cos(radians(47.37)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - 8.55) / 2), 2)))), p.id DESC LIMIT 25`,
);
await explain(
  "count",
  sql`SELECT count(*) FROM profiles p WHERE p.site_id = ${site.id} AND p.status = 'enabled' AND NOT p.invisible AND p.gender = 'female' AND p.country = 'NL' AND p.date_of_birth >= '1985-01-01' AND p.date_of_birth <= '2000-01-01'`,
);
// The count statements from the tallies (searchTallies.ts), as they run: the sum over whole months
// and the edge months from profiles_birth_idx.
const { tallyStatement } = await import("../src/server/features/members/searchTallies");
const pool = bench.database.pool as NonNullable<typeof bench.database.pool>;
for (const [label, filter] of [uncached[0], uncached[2], uncached[6]]) {
  const statement = tallyStatement({ siteId: site.id, excludeIds: [], ...filter });
  if (!statement) continue;
  const plan = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values)).rows.map((r) => r["QUERY PLAN"] as string);
  console.log(`-- count from the tallies: ${label}`);
  for (const line of plan.filter((l) => /Scan|Aggregate|Execution Time|Heap Fetches/.test(l))) console.log(line);
}
started = performance.now();
await bench.drop();
