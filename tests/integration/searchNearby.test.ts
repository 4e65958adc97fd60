import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SearchResponse, SwipeDeck } from "../../src/common/schemas/members";
import { createMember, createSite } from "../support/factories";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Search that knows who is searching (issue 18): a member's own first search, nearest first with
// distances, and the swipe game's preference for members nearby.

let t: TestApp;
appForFile((app) => (t = app));

const year = new Date().getUTCFullYear();
const born = (age: number) => `${year - age}-01-01`;

type Profile = NonNullable<Parameters<typeof createMember>[2]>["profile"];

/** A site of its own (so that no other test's members show), sold in Switzerland, Germany, Norway and the US. */
async function site(domain: string) {
  const db = t.testDb.database.db;
  const row = await createSite(db, { domain, settings: { countries: ["CH", "DE", "NO", "US"] } });
  const add = async (name: string, profile: Profile) => (await createMember(db, row.id, { name, profile })).user.id;
  const login = async (name: string, profile: Profile): Promise<{ client: TestClient; id: number }> => {
    const m = await createMember(db, row.id, { name, profile });
    const client = t.client({ "x-forwarded-host": domain });
    expect((await client.post("/api/user.php", { email: m.email, password: m.password })).status).toBe(200);
    return { client, id: m.user.id };
  };
  return { add, login, visitor: () => t.client({ "x-forwarded-host": domain }) };
}

const inZurich = { country: "CH", region: "ZH", city: "Zürich" };

describe("a member's own first search", () => {
  it("looks for the gender the member looks for, around their age, in their country, nearest first", async () => {
    const s = await site("own-search.test");
    const woman = await s.add("Anna", { gender: "female", dateOfBirth: born(34), ...inZurich });
    await s.add("Ben", { gender: "male", dateOfBirth: born(34), ...inZurich });
    const tooOld = await s.add("Clara", { gender: "female", dateOfBirth: born(60), ...inZurich });
    const abroad = await s.add("Dora", { gender: "female", dateOfBirth: born(34), country: "US", region: "NY", city: "New York City" });
    const straightMan = await s.login("Erik", { gender: "male", sexuality: "hetero", dateOfBirth: born(36), ...inZurich });

    const res = await straightMan.client.get<SearchResponse>("/api/members.php?defaults=1");
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual({ gender: "female", min_age: 28, max_age: 44, country: "CH", sort: "distance" });
    const ids = res.body.profiles.map((p) => p.id);
    expect(ids).toEqual([woman]);
    expect(ids).not.toContain(tooOld);
    expect(ids).not.toContain(abroad);
    expect(res.body.profiles[0].distance_km).toBe(0);
  });

  it("follows the member's orientation: a gay man sees men, a lesbian woman women, a bisexual member both", async () => {
    const cases = [
      { gender: "male", sexuality: "gay", looksFor: "male" },
      { gender: "female", sexuality: "lesbian", looksFor: "female" },
      { gender: "female", sexuality: "hetero", looksFor: "male" },
      { gender: "male", sexuality: "bi", looksFor: undefined },
    ] as const;
    for (const c of cases) {
      // A site each: the members of one case are not in the search of the next.
      const s = await site(`${c.gender}-${c.sexuality}.test`);
      const man = await s.add("Finn", { gender: "male", dateOfBirth: born(30), ...inZurich });
      const woman = await s.add("Gina", { gender: "female", dateOfBirth: born(30), ...inZurich });
      const me = await s.login("Me", { gender: c.gender, sexuality: c.sexuality, dateOfBirth: born(31), ...inZurich });
      const res = await me.client.get<SearchResponse>("/api/members.php?defaults=1");
      const expected = c.looksFor === "male" ? [man] : c.looksFor === "female" ? [woman] : [man, woman];
      expect(res.body.filters.gender, `${c.gender} ${c.sexuality}`).toBe(c.looksFor);
      expect(res.body.profiles.map((p) => p.id).sort(), `${c.gender} ${c.sexuality}`).toEqual(expected.sort());
    }
  });

  it("lets filters the member chose win over their own settings, and searches as asked without defaults", async () => {
    const s = await site("chosen.test");
    const older = await s.add("Hanna", { gender: "female", dateOfBirth: born(60), ...inZurich });
    const me = await s.login("Ivo", { gender: "male", sexuality: "hetero", dateOfBirth: born(36), ...inZurich });
    const chosen = await me.client.get<SearchResponse>("/api/members.php?defaults=1&min_age=55&max_age=65");
    expect(chosen.body.filters).toMatchObject({ gender: "female", min_age: 55, max_age: 65, country: "CH" });
    expect(chosen.body.profiles.map((p) => p.id)).toEqual([older]);
    const asked = await me.client.get<SearchResponse>("/api/members.php?country=CH");
    expect(asked.body.filters).toEqual({ country: "CH", sort: "newest" });
  });
});

describe("a member's own first search where their country has nobody for them", () => {
  it("shows the nearest members of other countries as similar members, nearest first, but not when the member asked for the country", async () => {
    const s = await site("own-search-empty.test");
    const profile = { gender: "female" as const, dateOfBirth: born(33) };
    const tromso = await s.add("Tromsø", { ...profile, country: "NO", region: "19", city: "Tromsø" });
    const munich = await s.add("München", { ...profile, country: "DE", region: "BY", city: "München" });
    const me = await s.login("Luca", { gender: "male", sexuality: "hetero", dateOfBirth: born(35), ...inZurich });

    const own = await me.client.get<SearchResponse>("/api/members.php?defaults=1");
    expect(own.body.filters.country).toBe("CH");
    expect(own.body.profiles).toEqual([]);
    expect(own.body.similar.map((p) => p.id)).toEqual([munich, tromso]);
    expect(own.body.similar[0].distance_km).toBeLessThan(300);

    const asked = await me.client.get<SearchResponse>("/api/members.php?defaults=1&country=CH");
    expect(asked.body.profiles).toEqual([]);
    expect(asked.body.similar).toEqual([]);
  });
});

describe("nearest first", () => {
  it("lists members by distance from the member's town, in whole kilometres, and pages without gaps", async () => {
    const s = await site("nearest.test");
    const profile = { gender: "female" as const, dateOfBirth: born(30) };
    // Added far to near, so that newest first would be the wrong way round.
    const tromso = await s.add("Tromsø", { ...profile, country: "NO", region: "19", city: "Tromsø" });
    const geneva = await s.add("Geneva", { ...profile, country: "CH", region: "GE", city: "Genève" });
    const bern = await s.add("Bern", { ...profile, country: "CH", region: "BE", city: "Bern" });
    const winterthur = await s.add("Winterthur", { ...profile, country: "CH", region: "ZH", city: "Winterthur" });
    const zurich = await s.add("Zürich", { ...profile, ...inZurich });
    const nowhere = await s.add("Nowhere", { ...profile, country: null });
    const me = await s.login("Jonas", { gender: "male", sexuality: "hetero", dateOfBirth: born(30), ...inZurich });

    const res = await me.client.get<SearchResponse>("/api/members.php?gender=female&sort=distance");
    expect(res.body.filters.sort).toBe("distance");
    expect(res.body.profiles.map((p) => p.id)).toEqual([zurich, winterthur, bern, geneva, tromso, nowhere]);
    const km = res.body.profiles.map((p) => p.distance_km);
    expect(km[0]).toBe(0);
    expect(km[1]).toBeGreaterThanOrEqual(18);
    expect(km[1]).toBeLessThanOrEqual(22);
    expect(km[2]).toBeGreaterThanOrEqual(90);
    expect(km[2]).toBeLessThanOrEqual(100);
    expect(km[3]).toBeGreaterThanOrEqual(220);
    expect(km[3]).toBeLessThanOrEqual(240);
    expect(km[4]).toBeGreaterThan(2000);
    expect(km[5]).toBeNull();
    expect(km.slice(0, 5).every((k) => Number.isInteger(k))).toBe(true);

    // Twenty-four more in Winterthur: the page ends among members at the same distance, and the next one goes on from there.
    for (let i = 0; i < 24; i++) await s.add(`W${i}`, { ...profile, country: "CH", region: "ZH", city: "Winterthur" });
    const first = await me.client.get<SearchResponse>("/api/members.php?gender=female&sort=distance");
    expect(first.body.next_cursor).toMatch(/^\d+:\d+$/);
    const second = await me.client.get<SearchResponse>(`/api/members.php?gender=female&sort=distance&cursor=${first.body.next_cursor}`);
    const all = [...first.body.profiles, ...second.body.profiles];
    expect(all).toHaveLength(30);
    expect(new Set(all.map((p) => p.id)).size).toBe(30);
    const distances = all.map((p) => p.distance_km ?? Number.POSITIVE_INFINITY);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("orders newest first for a visitor, who has no place, and shows no distances", async () => {
    const s = await site("visitor-near.test");
    const a = await s.add("Kim", { gender: "female", dateOfBirth: born(30), ...inZurich });
    const b = await s.add("Lea", { gender: "female", dateOfBirth: born(30), country: "CH", region: "GE", city: "Genève" });
    const res = await s.visitor().get<SearchResponse>("/api/members.php?sort=distance");
    expect(res.status).toBe(200);
    expect(res.body.filters.sort).toBe("newest");
    expect(res.body.profiles.map((p) => p.id)).toEqual([b, a]);
    expect(res.body.profiles.every((p) => p.distance_km === null)).toBe(true);
  });

  it("refuses a cursor of the other order", async () => {
    const s = await site("cursor.test");
    const me = await s.login("Max", { gender: "male", dateOfBirth: born(30), ...inZurich });
    expect((await me.client.get("/api/members.php?sort=distance&cursor=12")).status).toBe(400);
    expect((await me.client.get("/api/members.php?sort=newest&cursor=3:12")).status).toBe(400);
    expect((await me.client.get("/api/members.php?sort=closest")).status).toBe(400);
  });

  it("shows the distance on a profile too", async () => {
    const s = await site("profile-distance.test");
    const bern = await s.add("Nina", { gender: "female", dateOfBirth: born(30), country: "CH", region: "BE", city: "Bern" });
    const me = await s.login("Otto", { gender: "male", dateOfBirth: born(30), ...inZurich });
    const view = await me.client.get<{ distance_km: number | null }>(`/api/member.php?id=${bern}`);
    expect(view.body.distance_km).toBeGreaterThanOrEqual(90);
    expect(view.body.distance_km).toBeLessThanOrEqual(100);
    expect((await s.visitor().get<{ distance_km: number | null }>(`/api/member.php?id=${bern}`)).body.distance_km).toBeNull();
  });
});

describe("the swipe game", () => {
  it("deals members nearby first", async () => {
    const s = await site("swipe-near.test");
    const db = t.testDb.database.db;
    const far: number[] = [];
    const near: number[] = [];
    for (let i = 0; i < 8; i++)
      far.push(await s.add(`Far ${i}`, { gender: "female", dateOfBirth: born(30), country: "US", region: "NY", city: "New York City" }));
    for (let i = 0; i < 3; i++) near.push(await s.add(`Near ${i}`, { gender: "female", dateOfBirth: born(30), ...inZurich }));
    // The game deals only members with a main photo.
    for (const id of [...far, ...near]) {
      await db.execute(sql`INSERT INTO photos (id, profile_id, filename, thumb_filename, match_filename, blurred_filename, status)
        VALUES (${`p${id}`}, ${id}, 'x.jpg', 'x_t.jpg', 'x_m.jpg', 'x_b.jpg', 'approved')`);
      await db.execute(sql`UPDATE profiles SET main_photo_id = ${`p${id}`} WHERE id = ${id}`);
    }
    const me = await s.login("Paul", { gender: "male", sexuality: "hetero", dateOfBirth: born(30), ...inZurich });
    const deck = await me.client.get<SwipeDeck>("/api/swipe.php");
    expect(deck.status).toBe(200);
    expect(deck.body.profiles).toHaveLength(10);
    expect(
      deck.body.profiles
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...near].sort());
    expect(deck.body.profiles[0].distance_km).toBe(0);
  });
});
