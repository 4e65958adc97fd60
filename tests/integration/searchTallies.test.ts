import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, rowsOf } from "../../src/server/db/client";
import { profiles, users } from "../../src/server/db/schema";
import { listedText } from "../../src/server/features/members/access";
import { hideProfile, restoreProfileStatus } from "../../src/server/features/members/accessRestrictions";
import { countRows, type SearchFilter, searchCount } from "../../src/server/features/members/members.repo";
import { yearsAgo } from "../../src/server/features/members/members.service";
import { tallyCount } from "../../src/server/features/members/searchTallies";
import { createSite } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";

// The search count from the tallies of listed profiles (migration 0027, features/members/searchTallies.ts)
// is the exact count(*): after every kind of change to profiles (inserts one by one and in bulk,
// status, invisible mode, bans, deletions, gender, country, date of birth across month ends, verified,
// a move to another site, upserts, a rolled back transaction, truncation), the tallies equal the
// profiles grouped anew with the access module's "listed" rule, and the count of every filter equals
// the plain count, at the edges of months and ages too. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestDatabase;
let db: Db;
let siteIds: number[];
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  siteIds = [(await createSite(db, { domain: "one.example" })).id, (await createSite(db, { domain: "two.example" })).id];
});
afterAll(() => t.drop());

/** A small deterministic random generator (mulberry32), so that a failing seed can be run again. */
function randomOf(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomOf>;

const pad = (n: number) => String(n).padStart(2, "0");
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** A day of birth in 1988-1992, often the first or last of a month (the edges of the tallies), sometimes 29 February. */
function dayOf(r: Random): string {
  const y = 1988 + Math.floor(r.next() * 5);
  const m = 1 + Math.floor(r.next() * 12);
  const kind = r.next();
  if (kind < 0.05) return `${y - (y % 4)}-02-29`;
  const d = kind < 0.3 ? 1 : kind < 0.55 ? lastDay(y, m) : 1 + Math.floor(r.next() * lastDay(y, m));
  return `${y}-${pad(m)}-${pad(d)}`;
}

let emails = 0;
/** Random members (accounts and profiles), each kind of value and null, inserted in one statement each. */
async function insertMembers(r: Random, count: number, siteId = r.pick(siteIds)): Promise<number[]> {
  const accounts = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({ siteId, email: `t${++emails}@example.com`, passwordHash: "!", status: "confirmed" as const, language: "en" })),
    )
    .returning({ id: users.id });
  await db.insert(profiles).values(accounts.map(({ id }) => ({ id, siteId, name: `M${id}`, ...profileValues(r) })));
  return accounts.map((a) => a.id);
}

function profileValues(r: Random) {
  return {
    status: r.chance(0.85) ? ("enabled" as const) : ("disabled" as const),
    invisible: r.chance(0.15),
    gender: r.pick(["male", "female", "female", null] as const),
    country: r.pick(["NL", "DE", "BE", null]),
    region: r.pick(["A", "B", null]),
    dateOfBirth: r.chance(0.1) ? null : dayOf(r),
    verifiedAt: r.chance(0.3) ? new Date() : null,
    interests: r.chance(0.5) ? ["music"] : [],
  };
}

async function ids(): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM profiles ORDER BY id`)).map((row) => row.id);
}

/** One random change of the kinds the site makes (and a few it could). */
async function change(r: Random): Promise<string> {
  const all = await ids();
  const id = r.pick(all);
  const some = all.filter(() => r.chance(0.1));
  const kind = Math.floor(r.next() * 17);
  switch (kind) {
    case 0:
      await insertMembers(r, 1);
      return "insert one";
    case 1:
      await insertMembers(r, 1 + Math.floor(r.next() * 6));
      return "insert several in one statement";
    case 2:
      await db.execute(sql`UPDATE profiles SET status = CASE WHEN status = 'enabled' THEN 'disabled' ELSE 'enabled' END WHERE id = ${id}`);
      return "status";
    case 3:
      await db.execute(sql`UPDATE profiles SET invisible = NOT invisible WHERE id = ${id}`);
      return "invisible";
    case 4:
      await hideProfile(db, id);
      return "ban";
    case 5:
      await restoreProfileStatus(db, id);
      return "lift a ban";
    case 6:
      await db.execute(sql`DELETE FROM users WHERE id = ${id}`);
      return "delete an account (its profile by cascade)";
    case 7:
      await db.execute(sql`DELETE FROM profiles WHERE id = ANY(${`{${some.join(",")}}`}::int[])`);
      return "delete several profiles in one statement";
    case 8:
      await db.execute(sql`UPDATE profiles SET gender = ${r.pick(["male", "female", null])} WHERE id = ${id}`);
      return "gender";
    case 9:
      await db.execute(sql`UPDATE profiles SET country = ${r.pick(["NL", "DE", "BE", null])}, region = ${r.pick(["A", "B", null])} WHERE id = ${id}`);
      return "country";
    case 10:
      // Across the end of a month (a day back or forward), to another day, or unknown.
      await db.execute(
        r.chance(0.6)
          ? sql`UPDATE profiles SET date_of_birth = date_of_birth + ${r.pick([-1, 1])}::int WHERE id = ${id}`
          : sql`UPDATE profiles SET date_of_birth = ${r.chance(0.2) ? null : dayOf(r)} WHERE id = ${id}`,
      );
      return "date of birth";
    case 11:
      await db.execute(sql`UPDATE profiles SET verified_at = CASE WHEN verified_at IS NULL THEN now() END WHERE id = ${id}`);
      return "verified";
    case 12:
      await db.execute(sql`UPDATE profiles SET invisible = NOT invisible, gender = CASE WHEN gender = 'male' THEN 'female' ELSE gender END
        WHERE id = ANY(${`{${some.join(",")}}`}::int[])`);
      return "several rows in one statement";
    case 13:
      await db.execute(sql`UPDATE profiles SET name = name || '.', last_active_at = now(), status = status, country = country WHERE id = ${id}`);
      return "columns the tallies do not hold (and key columns set to themselves)";
    case 14: {
      const v = profileValues(r);
      await db.execute(sql`INSERT INTO profiles (id, site_id, name, status, gender, country, date_of_birth, invisible)
        SELECT id, site_id, name, ${v.status}, ${v.gender}, ${v.country}, ${v.dateOfBirth}, ${v.invisible} FROM profiles WHERE id = ${id}
        ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, gender = EXCLUDED.gender, country = EXCLUDED.country,
          date_of_birth = EXCLUDED.date_of_birth, invisible = EXCLUDED.invisible`);
      return "upsert";
    }
    case 15:
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`UPDATE profiles SET status = 'enabled', invisible = false, gender = 'female' WHERE id = ANY(${`{${some.join(",")}}`}::int[])`);
          await tx.execute(sql`DELETE FROM users WHERE id = ${id}`);
          throw new Error("rolled back");
        })
        .catch(() => {});
      return "a transaction rolled back";
    default:
      await db.execute(
        sql`UPDATE profiles SET site_id = CASE WHEN site_id = ${siteIds[0]} THEN ${siteIds[1]}::int ELSE ${siteIds[0]}::int END WHERE id = ${id}`,
      );
      return "moved to the other site";
  }
}

/** The tallies as they are, and as the profiles grouped anew give them (rows of n = 0 left out), by country and by site. */
async function talliesBoth(): Promise<{ kept: string[]; recounted: string[] }> {
  const key = (rows: Array<Record<string, unknown>>) => rows.map((row) => JSON.stringify(row)).sort();
  const read = async (text: string) => key(rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text))));
  const listed = `FROM profiles p WHERE ${listedText("p")}`;
  const month = "date_trunc('month', p.date_of_birth::timestamp)::date::text AS birth_month";
  return {
    kept: [
      ...(await read("SELECT site_id, country, gender, birth_month::text, verified, n FROM search_tallies WHERE n <> 0")),
      ...(await read("SELECT site_id, gender, birth_month::text, verified, n FROM search_site_tallies WHERE n <> 0")),
    ],
    recounted: [
      ...(await read(
        `SELECT p.site_id, p.country, p.gender, ${month}, p.verified_at IS NOT NULL AS verified, count(*)::int AS n ${listed} GROUP BY 1, 2, 3, 4, 5`,
      )),
      ...(await read(`SELECT p.site_id, p.gender, ${month}, p.verified_at IS NOT NULL AS verified, count(*)::int AS n ${listed} GROUP BY 1, 2, 3, 4`)),
    ],
  };
}

/** Filters of every shape the tallies answer, with ages as the service derives them and days at the edges of months. */
function filterOf(r: Random): SearchFilter {
  const filter: SearchFilter = { siteId: r.pick(siteIds), excludeIds: [] };
  if (r.chance(0.5)) filter.gender = r.pick(["male", "female"] as const);
  if (r.chance(0.5)) filter.country = r.pick(["NL", "DE", "BE"]);
  if (r.chance(0.3)) filter.verified = true;
  const ages = r.next();
  if (ages < 0.2) {
    // Ages as the service asks for them today (members 33 to 38, say: births in 1987-1993).
    const min = 30 + Math.floor(r.next() * 8);
    filter.bornUntil = yearsAgo(min);
    filter.bornFrom = yearsAgo(min + Math.floor(r.next() * 6) + 1, 1);
  } else if (ages < 0.85) {
    if (r.chance(0.8)) filter.bornFrom = dayOf(r);
    if (r.chance(0.8)) filter.bornUntil = dayOf(r);
  }
  return filter;
}

describe("the search count from the tallies", () => {
  it("equals the plain count after every kind of change to profiles, over random changes", { timeout: 240_000 }, async () => {
    const r = randomOf(20);
    await insertMembers(r, 80, siteIds[0]);
    await insertMembers(r, 40, siteIds[1]);
    let answeredByTallies = 0;
    const done = new Set<string>();
    for (let step = 0; step < 250; step++) {
      const what = await change(r);
      done.add(what);
      const { kept, recounted } = await talliesBoth();
      expect(kept, `after step ${step}: ${what}`).toEqual(recounted);
      for (let i = 0; i < 4; i++) {
        const filter = filterOf(r);
        const plain = await countRows(db, filter);
        const fromTallies = await tallyCount(db, filter);
        if (fromTallies !== null) answeredByTallies += 1;
        expect(fromTallies ?? plain, `after step ${step} (${what}): ${JSON.stringify(filter)}`).toBe(plain);
        expect(await searchCount(db, filter)).toBe(plain);
      }
    }
    expect(done.size).toBe(17);
    // Most filters above are ones the tallies answer (the rest lie within a month or two, or the wrong way round).
    expect(answeredByTallies).toBeGreaterThan(600);
  });

  it("counts the edges of an age range exactly: first and last days of months, one month, leap days, ranges the wrong way round", async () => {
    const siteId = siteIds[0];
    const edgeDays = ["1990-01-31", "1990-02-01", "1990-02-28", "1990-03-01", "1992-02-29", "1992-03-01", "1989-12-31", "1990-01-01", "1990-06-15"];
    const [first] = await insertMembers(randomOf(7), edgeDays.length, siteId);
    for (const [i, day] of edgeDays.entries())
      await db.execute(sql`UPDATE profiles SET date_of_birth = ${day}, status = 'enabled', invisible = false WHERE id = ${first + i}`);
    const days = [...edgeDays, "1990-01-30", "1992-02-28", "1991-12-31", "1990-02-27"];
    for (const bornFrom of [undefined, ...days])
      for (const bornUntil of [undefined, ...days]) {
        const filter = { siteId, excludeIds: [], bornFrom, bornUntil };
        expect(await searchCount(db, filter), JSON.stringify(filter)).toBe(await countRows(db, filter));
      }
    // A range within one month is counted from the profiles; one over whole months from the tallies.
    expect(await tallyCount(db, { siteId, excludeIds: [], bornFrom: "1990-02-02", bornUntil: "1990-02-27" })).toBeNull();
    expect(await tallyCount(db, { siteId, excludeIds: [], bornFrom: "1990-02-01", bornUntil: "1990-02-28" })).toBe(
      await countRows(db, { siteId, excludeIds: [], bornFrom: "1990-02-01", bornUntil: "1990-02-28" }),
    );
  });

  it("leaves regions, interests and single members to the plain count", async () => {
    const base = { siteId: siteIds[0], excludeIds: [] };
    for (const filter of [
      { ...base, country: "NL", region: "A" },
      { ...base, interests: ["music"] },
      { ...base, excludeIds: [1] },
      { ...base, onlyIds: [1, 2] },
    ]) {
      expect(await tallyCount(db, filter)).toBeNull();
      expect(await searchCount(db, filter)).toBe(await countRows(db, filter));
    }
  });

  it("are emptied with the profiles they count (TRUNCATE)", async () => {
    await db.execute(sql`TRUNCATE profiles CASCADE`);
    expect(rowsOf(await db.execute(sql`SELECT 1 FROM search_tallies UNION ALL SELECT 1 FROM search_site_tallies`))).toEqual([]);
    await insertMembers(randomOf(3), 10);
    const { kept, recounted } = await talliesBoth();
    expect(kept).toEqual(recounted);
  });
});
