import { randomUUID } from "node:crypto";
import { PHOTO_SLOTS, photoSrcSet } from "../../src/common/photoSizes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { photos, profiles } from "../../src/server/db/schema";
import { createMember } from "../support/factories";
import { appForFile, type TestApp } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app), { settings: { logged_out_search: false, logged_out_search_trafficsource: false, niche: 6 } });

interface LanderBody {
  niche: string;
  total: number;
  profiles: Array<{
    id: number;
    name: string;
    age: number | null;
    gender: string;
    country: string;
    personal_text: string | null;
    main_image: { filename: string } | null;
  }>;
}

const yearsAgo = (years: number) => `${new Date().getFullYear() - years}-01-01`;

/** A member with an approved main photo; `operated` ones (demo, fictional) cannot log in. */
async function withPhoto(options: { name: string; operated?: boolean; profile?: Partial<typeof profiles.$inferInsert>; photoStatus?: "approved" | "pending" }) {
  const db = t.testDb.database.db;
  const m = await createMember(db, t.site.id, { name: options.name, canLogin: !options.operated, profile: options.profile });
  const id = randomUUID();
  await db.insert(photos).values({
    id,
    profileId: m.user.id,
    filename: `${id}.jpg`,
    thumbFilename: `${id}_t.jpg`,
    matchFilename: `${id}_m.jpg`,
    blurredFilename: `${id}_b.jpg`,
    status: options.photoStatus ?? "approved",
  });
  await db.update(profiles).set({ mainPhotoId: id }).where(eq(profiles.id, m.user.id));
  return m.user.id;
}

describe("profiles for landing pages", () => {
  beforeAll(async () => {
    // Two of the niche (one a real member), others of the same or another sex, and three never shown.
    const members = {
      milfOperated: await withPhoto({
        name: "Monika",
        operated: true,
        profile: { gender: "female", dateOfBirth: yearsAgo(45), country: "DE", personalText: "x".repeat(300) },
      }),
      milfMember: await withPhoto({ name: "Marta", profile: { gender: "female", dateOfBirth: yearsAgo(42), country: "NL" } }),
      youngOperated: await withPhoto({ name: "Yara", operated: true, profile: { gender: "female", dateOfBirth: yearsAgo(24), country: "NL" } }),
      gilfOperated: await withPhoto({ name: "Greet", operated: true, profile: { gender: "female", dateOfBirth: yearsAgo(66), country: "NL" } }),
      gayOperated: await withPhoto({ name: "Gijs", operated: true, profile: { gender: "male", sexuality: "gay", dateOfBirth: yearsAgo(30), country: "NL" } }),
      straightMan: await withPhoto({
        name: "Hans",
        operated: true,
        profile: { gender: "male", sexuality: "hetero", dateOfBirth: yearsAgo(33), country: "NL" },
      }),
      pendingPhoto: await withPhoto({ name: "Pia", operated: true, photoStatus: "pending", profile: { gender: "female", dateOfBirth: yearsAgo(44) } }),
      invisible: await withPhoto({ name: "Ines", operated: true, profile: { gender: "female", dateOfBirth: yearsAgo(41), invisible: true } }),
    };
    expect(Object.values(members).every((id) => id > 0)).toBe(true);
  });

  const names = (body: LanderBody) => body.profiles.map((p) => p.name);

  it("shows the site's niche by default, only profiles the site operates to visitors where members are not shown to them", async () => {
    const res = await t.client().get<LanderBody>("/api/lander.php?limit=1");
    expect(res.status).toBe(200);
    expect(res.body.niche).toBe("milf");
    expect(res.body.total).toBe(1);
    // Too few of the niche: others of its gender fill up (still no real member, no unapproved photo, no invisible one).
    const all = await t.client().get<LanderBody>("/api/lander.php?limit=12");
    expect(names(all.body)[0]).toBe("Monika");
    expect(names(all.body).sort()).toEqual(["Greet", "Monika", "Yara"]);
    expect(all.body.profiles[0].personal_text).toHaveLength(200);
  });

  it("shows real members too to a logged-in member, and the visitor's country first", async () => {
    const m = await t.loggedIn();
    // GeoIP cannot place 127.0.0.1: the site's main country (NL) counts as the visitor's.
    const res = await m.client.get<LanderBody>("/api/lander.php?niche=milf");
    expect(names(res.body).slice(0, 2)).toEqual(["Marta", "Monika"]);
    expect(res.body.total).toBe(2);
  });

  it("picks profiles by niche: gay men, older women", async () => {
    expect(names((await t.client().get<LanderBody>("/api/lander.php?niche=gay")).body)).toEqual(["Gijs", "Hans"]);
    expect(names((await t.client().get<LanderBody>("/api/lander.php?niche=gilf")).body)[0]).toBe("Greet");
  });

  it("come with a landing page's HTML, its largest photo preloaded, so that the page needs no call before it shows", async () => {
    const firstData = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="first-data">(.*?)<\/script>/)?.[1] ?? "null");
    // The JPEG for browsers without WebP, its WebP widths with the `sizes` of the page's <picture>.
    const preload = (html: string) =>
      html
        .match(/<link rel="preload" as="image" href="([^"]+)"(?: imagesrcset="([^"]+)" imagesizes="([^"]+)" type="image\/webp")? fetchpriority="high" \/>/)
        ?.slice(1)
        .map((value) => value?.replaceAll("&amp;", "&"));
    // A file of no stored photo (these test profiles' square photos) has no widths: the JPEG alone.
    const photo = (url: string, sizes: string) => (photoSrcSet(url) ? [url, photoSrcSet(url), sizes] : [url, undefined, undefined]);
    const cdn = t.site.settings.cdn_prefix;

    const gallery = await t.client().get("/landers/gallery/milf");
    const api = await t
      .client()
      .get<LanderBody & { profiles: Array<{ main_image: { filename: string; match: string } }> }>("/api/lander.php?niche=milf&limit=12");
    expect(firstData(gallery.text)).toEqual({ lander: { niche: "milf", limit: 12, answer: api.body } });
    expect(preload(gallery.text)).toEqual(photo(cdn + api.body.profiles[0].main_image.filename, PHOTO_SLOTS.landerCard));
    expect(preload(gallery.text)?.[1]).toContain("?w=360&f=webp 360w");

    // The swipe game shows the site's niche, its cards' square photos.
    const swipe = await t.client().get("/landers/tinderswipe");
    const cards = await t.client().get<{ profiles: Array<{ main_image: { match: string } }> }>("/api/lander.php?limit=12");
    expect(firstData(swipe.text).lander.answer).toEqual(cards.body);
    expect(preload(swipe.text)).toEqual(photo(cdn + cards.body.profiles[0].main_image.match, PHOTO_SLOTS.swipeCard));

    // A member's privacy holds in the HTML too: no real member for a visitor (logged_out_search is off).
    expect(firstData(gallery.text).lander.answer.profiles.map((p: { name: string }) => p.name)).not.toContain("Marta");
    // Other pages carry no such data.
    expect((await t.client().get("/pricing")).text).not.toContain("first-data");
  });

  it("refuses unknown niches and limits", async () => {
    expect((await t.client().get("/api/lander.php?niche=other")).status).toBe(400);
    expect((await t.client().get("/api/lander.php?limit=500")).status).toBe(400);
    expect((await t.client().get("/api/lander.php?x=1")).status).toBe(400);
  });
});
