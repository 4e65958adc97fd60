import { PHOTO_SLOTS, photoSrcSet } from "../../src/common/photoSizes";
import { beforeAll, describe, expect, it } from "vitest";
import type { profiles } from "../../src/server/db/schema";
import { createMember, giveMainPhoto } from "../support/factories";
import { translate } from "../../src/server/i18n";
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
  await giveMainPhoto(db, m.user.id, options.photoStatus);
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
    const company = (await t.client().get("/api/companyinfo.php")).body;
    expect(firstData(gallery.text)).toEqual({ lander: { niche: "milf", limit: 12, answer: api.body }, company });
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

  it("are rendered on the server for a visitor (and the signup page), in their language, with a small entry and no inline script; a member and a visitor who sees the entry warning get the app", async () => {
    // A visitor from the United States sees no entry warning (from the Netherlands, 127.0.0.1's country, a lander shows it).
    const us = t.client({ "x-forwarded-for": "8.8.8.8" });
    const root = (html: string) => html.match(/<div id="root"([^>]*)>/)?.[1] ?? null;
    const scripts = (html: string) => [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    const cards = await us.get<LanderBody>("/api/lander.php?niche=milf&limit=12");

    const gallery = await us.get("/landers/gallery/milf");
    expect(root(gallery.text)).toMatch(/^ data-ssr="" data-app="\/assets\/index-[\w-]+\.js( \/assets\/[\w.-]+\.js)*"$/);
    expect(gallery.text).toContain('data-testid="lander-gallery"');
    expect(gallery.text).toContain(`<h1 class="lander-title fw-bold">${translate("en", "landers.niche.milf.headline")}</h1>`);
    for (const name of names(cards.body).slice(0, 8)) expect(gallery.text).toContain(`<span class="fw-semibold">${name}</span>`);
    // Only visitor.html's entry and the data block: the app loads after the first paint, no script runs inline (CSP: script-src 'self').
    expect(scripts(gallery.text)).toEqual([
      expect.stringMatching(/^ type="module" crossorigin src="\/assets\/visitor-[\w-]+\.js"$/),
      ' type="application/json" id="first-data"',
    ]);
    expect(gallery.text).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/LanderPage-[\w-]+\.css" \/>/);

    const german = await us.get("/landers/gallery/milf?lang=de");
    expect(german.text).toContain(`<h1 class="lander-title fw-bold">${translate("de", "landers.niche.milf.headline")}</h1>`);
    expect(german.text).toContain('<html lang="de">');
    expect(root((await us.get("/landers/tinderswipe")).text)).toMatch(/^ data-ssr=""/);
    // A member's own landing page: the member comes with the HTML; one the visitor may not see is left to the app, which says so.
    const shown = await withPhoto({ name: "Lennart", operated: true, profile: { gender: "male", dateOfBirth: yearsAgo(35) } });
    const hidden = await withPhoto({ name: "Hedda", operated: true, profile: { gender: "female", dateOfBirth: yearsAgo(36), invisible: true } });
    const own = await us.get(`/members/${shown}/landing2/milf`);
    expect(root(own.text)).toMatch(/^ data-ssr=""/);
    expect(own.text).toContain(`"member":{"id":${shown},"view":{`);
    expect(own.text).toMatch(/>Lennart(<!-- -->)?, 35</);
    expect(root((await us.get(`/members/${hidden}/landing`)).text)).toBe("");
    const write = await us.get(`/members/${shown}/signup`);
    expect(root(write.text)).toMatch(/^ data-ssr=""/);
    expect(write.text).toContain('data-testid="signup-form" data-draft="account"');
    // The signup page too: its form is in the HTML (the app takes it over on the first touch).
    const signup = await us.get("/signup?lang=de");
    expect(root(signup.text)).toMatch(/^ data-ssr=""/);
    expect(signup.text).toContain('data-testid="signup-form" data-draft="account"');
    expect(signup.text).toContain(`>${translate("de", "signup.email")}</label>`);

    // The entry warning's dialog is the app's: a visitor who may see it gets the app, as a member does.
    const dutch = await t.client().get("/landers/gallery/milf");
    expect(root(dutch.text)).toBe("");
    expect(scripts(dutch.text)).toContainEqual(expect.stringMatching(/src="\/assets\/index-[\w-]+\.js"/));
    const member = await t.loggedIn();
    expect(root((await member.client.get("/landers/gallery/milf", { "x-forwarded-for": "8.8.8.8" })).text)).toBe("");
    expect(root((await member.client.get("/signup", { "x-forwarded-for": "8.8.8.8" })).text)).toBe("");
  });

  it("refuses unknown niches and limits", async () => {
    expect((await t.client().get("/api/lander.php?niche=other")).status).toBe(400);
    expect((await t.client().get("/api/lander.php?limit=500")).status).toBe(400);
    expect((await t.client().get("/api/lander.php?x=1")).status).toBe(400);
  });
});
