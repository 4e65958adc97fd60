// The plan and the time per call of the search page statement (searchNewestPage) on 200,000 profiles
// (`npx tsx bench/searchPlan.bench.ts`): its named prepared statement on one connection, 200 calls
// after 12 of warm-up, then EXPLAIN ANALYZE of it. The excluded count must start from the viewer's
// few ids (primary-key lookups), the page must walk the search index and stop after the page.
import pg from "pg";
import { rowsOf } from "../src/server/db/client";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import { createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";
import { searchNewestPage } from "../src/server/features/members/members.repo";
import * as schema from "../src/server/db/schema";
const N = 200_000;
const bench = await benchDatabase("dating_plan", 2);
const { db } = bench.database;
const site = await createSite(db);
await db.execute(
  sql`INSERT INTO users (site_id, email, password_hash, status, language, can_login) SELECT ${site.id}, 'b' || g || '@b.invalid', '!', 'confirmed', 'en', false FROM generate_series(1, ${N}) g`,
);
await db.execute(sql`INSERT INTO profiles (id, site_id, name, status, gender, country, region, date_of_birth, invisible)
  SELECT u.id, u.site_id, 'M', 'enabled', CASE WHEN u.id % 100 < 55 THEN 'female' ELSE 'male' END,
  (ARRAY['NL','DE','FR','IT'])[1 + u.id % 4], 'R' || (u.id % 12), date '2007-01-01' - ((u.id::bigint * 104729) % 18250)::int * interval '1 day', u.id % 50 = 0
  FROM users u WHERE u.site_id = ${site.id}`);
const [{ id: viewer }] = rowsOf<{ id: number }>(await db.execute(sql`SELECT min(id) AS id FROM profiles`));
await db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${viewer}, ${viewer + 5}), (${viewer + 9}, ${viewer})`);
await db.execute(sql`VACUUM ANALYZE`);
const client = new pg.Client({ connectionString: bench.url });
await client.connect();
const cdb = drizzle(client, { schema }) as never;
const filter = { siteId: site.id, excludeIds: [], gender: "female" as const, country: "DE", bornFrom: "1980-01-01", bornUntil: "1999-01-01" };
for (let i = 0; i < 12; i++) await searchNewestPage(cdb, filter, viewer, null, 25);
const t = performance.now();
for (let i = 0; i < 200; i++) await searchNewestPage(cdb, filter, viewer, null, 25);
console.log("per call", ((performance.now() - t) / 200).toFixed(2), "ms");
const plan = await client.query(`EXPLAIN (ANALYZE) EXECUTE search_newest_gcfu(${site.id}, ${viewer}, 25, 'female', 'DE', '1980-01-01', '1999-01-01')`);
console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
await client.end();
await bench.drop();
