import { existsSync, readFileSync } from "node:fs";
import { PHOTO_SLOTS, photoSrcSet } from "../../src/common/photoSizes";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { API_CALLS } from "../../src/common/apiCalls";
import { appForFile, startTestApp, type TestApp } from "../support/testApp";
import { createMember, giveMainPhoto } from "../support/factories";
import { PhotoModerationService } from "../../src/server/features/photoModeration/photoModeration.service";

let t: TestApp;
appForFile((app) => (t = app));

interface Settings {
  name: string;
  domain: string;
  geoip_country: string;
  geoip_selected_country: string;
  languages: string[];
  language: string;
  message_credits: number;
  countries: string[];
  [key: string]: unknown;
}

describe("GET /api/settings.php", () => {
  it("answers every settings field of spec section 3 for the site of the host", async () => {
    const res = await t.client().get<Settings>("/api/settings.php?network=abc&sub1=x");
    expect(res.status).toBe(200);
    for (const field of [
      "countries",
      "name",
      "index_title",
      "description",
      "visible_profile_fields",
      "visible_profile_notes",
      "geoip_country",
      "geoip_selected_country",
      "cdn_prefix",
      "message_credits",
      "photo_credits",
      "gift_credits",
      "signup_credits",
      "message_length",
      "minimum_message_costs",
      "support_email",
      "support_phone",
      "enable_site_entry_popup",
      "push_public_key",
      "search_fields",
      "domain",
      "domain_language",
      "fictional_warning",
      "fictional_singular",
      "fictional_plural",
      "fictional_icon",
      "refund_days",
      "signups",
      "logged_out_search",
      "logged_out_search_trafficsource",
      "member_resell",
      "niche",
      "company_id",
      "mail_name",
    ]) {
      expect(res.body, field).toHaveProperty(field);
    }
    expect(res.body.domain).toBe("localhost");
  });

  it("places the visitor with GeoIP and offers that country's languages", async () => {
    const be = await t.client({ "x-forwarded-for": "2.16.6.1" }, null).get<Settings>("/api/settings.php");
    expect(be.body.geoip_country).toBe("NL");
    expect(be.body.languages).toEqual(["nl"]);
    expect(be.body.language).toBe("nl");
    const gb = await t.client({ "x-forwarded-for": "81.2.69.160" }, null).get<Settings>("/api/settings.php");
    expect(gb.body).toMatchObject({ geoip_country: "GB", languages: ["en"], language: "en" });
  });

  it("falls back to the site's main country for an address GeoIP cannot place", async () => {
    const res = await t.client().get<Settings>("/api/settings.php");
    expect(res.body.geoip_country).toBe(res.body.countries[0]);
  });

  it("prefers the locale cookie, then the browser's language among the country's", async () => {
    const cookie = await t.client({ "x-forwarded-for": "81.2.69.160", cookie: "locale=fr" }).get<Settings>("/api/settings.php");
    expect(cookie.body.language).toBe("fr");
    // The first country of the default settings is NL; its only language is nl.
    const browser = await t.client({ "accept-language": "de-CH,de;q=0.9" }, null).get<Settings>("/api/settings.php");
    expect(browser.body.language).toBe("nl");
  });
});

describe("domain_language", () => {
  it("sets the language of a visitor without a locale cookie", async () => {
    const de = await startTestApp({ settings: { domain_language: "de_DE" } });
    try {
      expect((await de.client({}, null).get<Settings>("/api/settings.php")).body.language).toBe("de");
      expect((await de.client({}, "nl").get<Settings>("/api/settings.php")).body.language).toBe("nl");
    } finally {
      await de.close();
    }
  });
});

describe("reference data", () => {
  it("lists interests in the request's language", async () => {
    const res = await t.client().get<{ interests: Array<{ id: string; name: string }> }>("/api/interests.php");
    expect(res.body.interests.length).toBeGreaterThan(10);
    expect(res.body.interests[0]).toHaveProperty("name");
  });

  it("lists the regions of every country of the language-switcher list", async () => {
    const res = await t.client().get<{ regions: Record<string, Array<{ code: string; name: string }>> }>("/api/regions.php");
    expect(Object.keys(res.body.regions).sort()).toEqual([
      "AT",
      "AU",
      "BE",
      "CA",
      "CH",
      "DE",
      "DK",
      "ES",
      "FI",
      "FR",
      "GB",
      "IE",
      "IT",
      "NL",
      "NO",
      "NZ",
      "PL",
      "SE",
      "US",
    ]);
    expect(res.body.regions.NL.map((r) => r.code)).toContain("NH");
    expect(res.body.regions.US.length).toBeGreaterThanOrEqual(50);
  });

  it("gives the company's details", async () => {
    const res = await t.client().get("/api/companyinfo.php");
    for (const field of ["name", "address", "kvk", "city", "country", "tradenames", "vat_numbers", "support_phone", "delete_discount", "added"]) {
      expect(res.body, field).toHaveProperty(field);
    }
  });

  it("reverse-geocodes a point to country, region and city", async () => {
    const res = await t.client().get("/api/geocode.php?lat=52.0907&lon=5.1214");
    expect(res.body).toMatchObject({ country: "NL", region: "UT", city: "Utrecht" });
  });
});

describe("page-hidden beacon", () => {
  it("answers 204 and records the page a visit left from when bounce logging is on", async () => {
    const c = t.client();
    await c.get("/members");
    expect(c.cookies.get("visit")).toBeTruthy();
    const off = await c.request("POST", "/api/page-hidden.php", {}, { headers: { referer: `${t.baseUrl}/signup` } });
    expect(off.status).toBe(204);
    const on = await c.request("POST", "/api/page-hidden.php?lb=1", {}, { headers: { referer: `${t.baseUrl}/signup?x=1` } });
    expect(on.status).toBe(204);
    const rows = await t.testDb.database.db.query.pageExits.findMany();
    expect(rows.map((r) => r.path)).toEqual(["/signup"]);
  });
});

describe("pages", () => {
  it("serves the app with 200 for known pages and 404 for unknown paths", async () => {
    const c = t.client();
    expect((await c.get("/")).status).toBe(200);
    expect((await c.get("/reset-password/do?token=x")).status).toBe(200);
    expect((await c.get("/no/such/page")).status).toBe(404);
    const api = await c.get<{ error: { code: string } }>("/api/nothing.php");
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("not_found");
  });

  it("documents the API at /api/docs", async () => {
    const res = await t.client().get<{ paths: Record<string, unknown> }>("/api/docs/json");
    expect(res.status).toBe(200);
    for (const path of ["/api/user.php", "/api/signup.php", "/api/settings.php", "/api/reset-password.php", "/api/mail-change.php", "/api/geocode.php"]) {
      expect(res.body.paths, path).toHaveProperty(path);
    }
  });

  it("serves every call of the web client's typed contract with exactly its schemas", () => {
    const calls = Object.entries(API_CALLS);
    expect(calls.length).toBeGreaterThan(5);
    for (const [endpoint, contract] of calls) {
      const [method, key] = endpoint.split(" ");
      // "POST /api/user.php?push=1": the route of that path constrained to that query.
      const [url, routing] = key.split("?");
      const route = t.server.routes.find(
        (r) =>
          r.url === url &&
          (Array.isArray(r.method) ? r.method : [r.method]).includes(method) &&
          (routing ? r.constraints?.pushQuery === new URLSearchParams(routing).get("push") : !r.constraints),
      );
      expect(route, endpoint).toBeDefined();
      const schema = route?.schema as Record<string, unknown> & { response: Record<number, unknown> };
      expect(schema.params, `${endpoint} path parameters`).toBe("params" in contract ? contract.params : undefined);
      expect(schema.querystring, `${endpoint} query`).toBe("querystring" in contract ? contract.querystring : undefined);
      expect(schema.body, `${endpoint} body`).toBe("body" in contract ? contract.body : undefined);
      expect(schema.response[200], `${endpoint} answer`).toBe(contract.response[200]);
    }
  });

  it("shows in /api/docs who may call each route and its error answers", async () => {
    interface Operation {
      description?: string;
      security?: Record<string, string[]>[];
      "x-auth"?: unknown;
      responses: Record<
        string,
        { description: string; content?: Record<string, { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } }> }
      >;
    }
    const res = await t
      .client()
      .get<{ paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } }>("/api/docs/json");
    const { paths, components } = res.body;
    expect(components.securitySchemes.memberSession).toEqual(expect.objectContaining({ type: "apiKey", in: "cookie", name: "auth" }));
    const errorCode = (op: Operation, status: string) => op.responses[status]?.content?.["application/json"].schema.properties.error.properties.code.enum;

    const remove = paths["/api/chat.php"].delete;
    expect(remove["x-auth"]).toBe("member");
    expect(remove.security).toEqual([{ memberSession: [] }]);
    expect(remove.description).toMatch(/logged-in member.*403 authentication_required/);
    expect(errorCode(remove, "403")).toEqual(["authentication_required"]);
    expect(errorCode(remove, "400")).toEqual(["validation_failed"]);

    // A member route without input has no 400 to document; a push route under its own documented path.
    expect(paths["/api/likes.php"].get.responses).not.toHaveProperty("400");
    expect(paths["/api/likes.php"].get["x-auth"]).toBe("member");
    expect(paths["/api/user.php?push=1"].post["x-auth"]).toBe("member");

    const user = paths["/api/user.php"].get;
    expect(user["x-auth"]).toBe("visitor");
    expect(user.security).toBeUndefined();
    expect(user.responses).not.toHaveProperty("403");
    expect(user.description).toMatch(/anyone/);
    expect(errorCode(paths["/api/signup.php"].post, "400")).toEqual(["validation_failed"]);

    const audit = paths["/api/console/audit"].get;
    expect(audit["x-auth"]).toEqual(["admin"]);
    expect(audit.security).toEqual([{ consoleSession: [] }]);
    expect(errorCode(audit, "403")).toEqual(["operator_forbidden"]);
  });
});

describe("the installed app", () => {
  it("serves a web app manifest with the site's name, the visitor's language and icons that exist", async () => {
    const res = await t
      .client({}, "fr")
      .get<{ short_name: string; lang: string; display: string; start_url: string; icons: Array<{ src: string; purpose: string }> }>("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/manifest+json");
    expect(res.body).toMatchObject({ short_name: t.site.settings.name, lang: "fr", display: "standalone", start_url: "/members" });
    expect(res.body.icons.map((i) => i.purpose)).toContain("maskable");
    for (const icon of res.body.icons) expect(existsSync(join("src/web/public", icon.src)), icon.src).toBe(true);
  });
});

describe("pages for search engines", () => {
  it("write a legal page's text into the HTML, in the language of its own URL, with hreflang alternates", async () => {
    const res = await t.client({}, null).get("/pages/terms?lang=de");
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toMatch(/<title>Allgemeine Geschäftsbedingungen – /);
    expect(res.text).toMatch(/<div id="root"><main[^>]*><h1>Allgemeine Geschäftsbedingungen<\/h1>/);
    expect(res.text).toContain(`hreflang="fr" href="${t.siteUrl}/pages/terms?lang=fr"`);
    expect(res.text).toContain('hreflang="x-default"');
    expect(res.text).not.toContain("noindex");
  });

  it("write the home page and the landers' words into the HTML, the niche of the slug chosen, in the URL's language", async () => {
    const home = await t.client({}, null).get("/?lang=nl");
    expect(home.text).toMatch(/<div id="root"><main[^>]*><h1>[^<]+<\/h1>/);
    expect(home.text).toContain('hreflang="x-default"');
    const nl = await import("../../src/web/i18n/locales/nl.json");
    expect(home.text).toContain(nl.home.hero_title);

    const en = await import("../../src/web/i18n/locales/en.json");
    const milf = await t.client({}, null).get("/landers/gallery/milf?lang=en");
    expect(milf.status).toBe(200);
    expect(milf.text).toContain(`<h1>${en.landers.niche.milf.headline}</h1>`);
    expect(milf.text).toContain(`<title>${en.landers.niche.milf.headline} – `);
    expect(milf.text).toContain(`hreflang="de" href="${t.siteUrl}/landers/gallery/milf?lang=de"`);
    // Without a slug (or with a word that is no niche) the site's own niche.
    const plain = await t.client({}, null).get("/landers/video?lang=en");
    expect(plain.text).toContain(`<h1>${en.landers.niche.default.headline}</h1>`);
    const swipe = await t.client({}, null).get("/landers/tinderswipe");
    expect(swipe.status).toBe(200);
    expect(swipe.text).not.toContain("noindex");
  });

  it("answer 404 for a lander that does not exist, and keep a member's own landing pages out of search engines", async () => {
    expect((await t.client().get("/landers/nothing-here")).status).toBe(404);
    expect((await t.client().get("/landers/gallery/milf/extra")).status).toBe(404);
    const own = await t.client().get("/members/1/landing2/milf");
    expect(own.status).toBe(200);
    expect(own.text).toContain('<meta name="robots" content="noindex" />');
  });

  it("keep members-only pages out of search engines", async () => {
    const res = await t.client().get("/profile");
    expect(res.text).toContain('<meta name="robots" content="noindex" />');
    expect(res.text).not.toContain("hreflang");
  });
});

describe("addresses, titles and descriptions for search engines", () => {
  const head = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

  it("give each public page a canonical address on the site's configured domain, whatever the Host says", async () => {
    const forged = await t.client({ "x-forwarded-host": "evil.example" }, null).get("/pricing");
    expect(head(forged.text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${t.siteUrl}/pricing`);
    // A language version is its own page: its canonical address is itself, one of the alternates.
    const de = await t.client({}, null).get("/landers/gallery/milf?lang=de&utm_source=ad");
    expect(head(de.text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${t.siteUrl}/landers/gallery/milf?lang=de`);
    expect(de.text).toContain(`hreflang="de" href="${t.siteUrl}/landers/gallery/milf?lang=de"`);
    // Members-only pages have none.
    expect((await t.client().get("/profile")).text).not.toContain('rel="canonical"');
  });

  it("write the site's texts into the page as they are, also where they hold $& or $' (patterns of a replacement string)", async () => {
    const dollars = await startTestApp({ settings: { name: "Love $' & $& more", description: "Meet $` people" } });
    try {
      const pricing = await dollars.client({}, null).get("/pricing?lang=en");
      expect(head(pricing.text, /<title>([^<]*)<\/title>/)).toMatch(/ – Love \$&#39; &amp; \$&amp; more$/);
      const profile = await dollars.client().get("/profile");
      expect(head(profile.text, /<meta name="description" content="([^"]*)"/)).toBe("Meet $` people");
      expect(profile.text.match(/<\/head>/g)).toHaveLength(1);
    } finally {
      await dollars.close();
    }
  });

  it("title and describe each page in its language", async () => {
    const en = await import("../../src/web/i18n/locales/en.json");
    const fi = await import("../../src/web/i18n/locales/fi.json");
    const name = t.site.settings.name;
    const pricing = await t.client({}, null).get("/pricing?lang=fi");
    expect(head(pricing.text, /<title>([^<]*)<\/title>/)).toBe(`${fi.footer.pricing} – ${name}`);
    expect(head(pricing.text, /<meta name="description" content="([^"]*)"/)).toBe(fi.pricing.intro);
    const signup = await t.client({}, null).get("/signup?lang=en");
    expect(head(signup.text, /<title>([^<]*)<\/title>/)).toBe(`${en.signup.title} – ${name}`);
    expect(signup.text).not.toContain("noindex");
    const lander = await t.client({}, null).get("/landers/video/gay?lang=fi");
    expect(head(lander.text, /<meta name="description" content="([^"]*)"/)).toBe(fi.landers.niche.gay.subline);
    const home = await t.client({}, null).get("/?lang=en");
    expect(head(home.text, /<meta name="description" content="([^"]*)"/)).toBe(en.home.hero_text);
    const terms = await t.client({}, null).get("/pages/terms?lang=en");
    expect(head(terms.text, /<meta name="description" content="([^"]*)"/)?.length).toBeGreaterThan(20);
    expect(head(terms.text, /<meta name="description" content="([^"]*)"/)).not.toBe(head(home.text, /<meta name="description" content="([^"]*)"/));
  });

  it("send a visitor's home page with its newest members and the first one's photo preloaded", async () => {
    const firstData = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="first-data">(.*?)<\/script>/)?.[1] ?? "null");
    const home = await t.client({}, null).get("/");
    const search = await t.client({}, null).get<{ total: number; profiles: Array<{ main_image: { thumb_filename: string } | null }> }>("/api/members.php");
    expect(search.status).toBe(200);
    // The operating company comes too: the footer names it.
    const company = (await t.client({}, null).get("/api/companyinfo.php")).body;
    expect(firstData(home.text)).toEqual({ home: search.body, company });
    const first = search.body.profiles.find((p) => p.main_image)?.main_image;
    const preload = home.text
      .match(/<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" type="image\/webp" fetchpriority="high" \/>/)
      ?.slice(1)
      .map((value) => value.replaceAll("&amp;", "&"));
    const url = first ? t.site.settings.cdn_prefix + first.thumb_filename : null;
    expect(preload).toEqual(url ? [url, photoSrcSet(url), PHOTO_SLOTS.memberCard] : undefined);
  });

  it("send a member's first page with what the app would ask for before it shows, for their browser only", async () => {
    const firstData = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="first-data">(.*?)<\/script>/)?.[1] ?? "null");
    // Someone the member's own search finds (a woman of their age in their country), with a photo.
    const db = t.testDb.database.db;
    const found = await createMember(db, t.site.id, { profile: { gender: "female", dateOfBirth: "1990-03-01", country: "NL" } });
    await giveMainPhoto(db, found.user.id);
    const member = await t.loggedIn({ profile: { gender: "male", dateOfBirth: "1990-01-15", country: "NL" } });
    const settings = (await member.client.get("/api/settings.php")).body;
    const { user } = (await member.client.get<{ user: unknown }>("/api/user.php")).body;
    const notices = (await member.client.get("/api/photo-notices.php")).body;
    const session = { settings, user, notices };
    const company = (await member.client.get("/api/companyinfo.php")).body;

    // The home is the member's own search: its first page comes too, its lead photo preloaded.
    const home = await member.client.get("/");
    expect(home.headers.get("cache-control")).toBe("private, no-cache");
    const ownSearch = await member.client.get<{
      profiles: Array<{ main_image: { thumb_filename: string } | null }>;
      similar: Array<{ main_image: { thumb_filename: string } | null }>;
    }>("/api/members.php?defaults=1");
    expect(firstData(home.text)).toEqual({ session, search: ownSearch.body, company });
    const lead = ownSearch.body.profiles.length > 0 ? ownSearch.body.profiles : ownSearch.body.similar;
    const photo = lead.find((p) => p.main_image)?.main_image;
    expect(photo, "the member's search shows someone with a photo").toBeDefined();
    expect(home.text).toContain(`<link rel="preload" as="image" href="${t.site.settings.cdn_prefix}${photo?.thumb_filename}"`);
    // Asked for before the stylesheets and scripts (over HTTP/1.1 it waited for a connection behind them),
    // but after the viewport, against which the browser reads its sizes.
    const photoAt = home.text.indexOf('<link rel="preload" as="image"');
    expect(photoAt).toBeGreaterThan(home.text.indexOf('<meta name="viewport"'));
    for (const tag of ['<link rel="stylesheet"', "<script", '<link rel="modulepreload"']) {
      if (home.text.includes(tag)) expect(photoAt, tag).toBeLessThan(home.text.indexOf(tag));
    }
    // The page's scripts, which the app would load one after the other, are named in the HTML: where
    // the server rendered the page, among the app's files fetched once it has loaded; else as preloads.
    if (existsSync("dist/web/.vite/manifest.json")) {
      const manifest = JSON.parse(readFileSync("dist/web/.vite/manifest.json", "utf8")) as Record<string, { file: string }>;
      const appFiles = home.text.match(/<div id="root" data-ssr="" data-app="([^"]+)"/)?.[1].split(" ");
      for (const module of ["layouts/DefaultLayout.tsx", "layouts/MemberParts.tsx", "pages/MembersPage.tsx", "i18n/locales/en.json"]) {
        const file = `/${manifest[module].file}`;
        if (appFiles) expect(appFiles, module).toContain(file);
        else expect(home.text, module).toContain(`<link rel="modulepreload" crossorigin href="${file}" />`);
      }
      // A search with filters is the app's to render: its modules are preloaded.
      const filtered = await member.client.get("/members?min_age=30");
      for (const module of ["layouts/DefaultLayout.tsx", "pages/MembersPage.tsx", "i18n/locales/en.json"]) {
        expect(filtered.text, module).toContain(`<link rel="modulepreload" crossorigin href="/${manifest[module].file}" />`);
      }
      // The browser's number and date data are read while the app's scripts load (public/warm-intl.js), from the site itself.
      expect(filtered.text).toContain('<script src="/warm-intl.js" async></script>');
      const warm = await member.client.get("/warm-intl.js");
      expect(warm.status).toBe(200);
      expect(warm.headers.get("content-type")).toMatch(/javascript/);
    }

    // The conversations page brings the conversations.
    const chats = await member.client.get("/chats");
    expect(firstData(chats.text)).toEqual({ session, chats: (await member.client.get("/api/chats.php")).body, company });
    // A search with filters in its address is the app's to make: only what every page needs.
    expect(firstData((await member.client.get("/members?min_age=30")).text)).toEqual({ session, company });
    // A campaign's parameters or the language are not filters: the member's own search still comes.
    expect(firstData((await member.client.get("/?utm_source=mail&utm_campaign=weekly")).text)).toEqual({ session, search: ownSearch.body, company });
    expect(firstData((await member.client.get("/members?lang=en")).text)).toEqual({ session, search: ownSearch.body, company });
    expect(firstData((await member.client.get("/likes")).text)).toEqual({ session, company });

    // A visitor's page brings nobody's session, and may be kept by a shared cache only after asking again.
    const login = await t.client({}, null).get("/login");
    expect(firstData(login.text)).toBeNull();
    expect(login.headers.get("cache-control")).toBe("no-cache");
  });

  it("render a member's home, search and conversations on the server with the data they bring, the banner their browser dismissed left out", async () => {
    // The server's rendering is part of the client build (dist/ssr): without it every page is the app's.
    if (!existsSync("dist/ssr/ssr.js")) return;
    const root = (html: string) => html.match(/<div id="root"([^>]*)>/)?.[1] ?? null;
    const db = t.testDb.database.db;
    const found = await createMember(db, t.site.id, { name: "Ottilie", profile: { gender: "female", dateOfBirth: "1991-03-01", country: "NL" } });
    await giveMainPhoto(db, found.user.id);
    // No photo of their own: the photo reminder is the page's banner.
    const member = await t.loggedIn({ profile: { gender: "male", dateOfBirth: "1990-01-15", country: "NL" } });

    // The home is the member's search, in the HTML: the app loads at once (no data-app) and takes it over.
    const home = await member.client.get("/");
    const rendered = / data-ssr="" data-app="\/assets\/index-[\w-]+\.js( \/assets\/[\w.-]+\.js)*" data-start="loaded"$/;
    expect(root(home.text)).toMatch(rendered);
    expect(home.text).toContain('data-testid="search-results"');
    // visitor.html's entry holds what is tapped until the app stands on the page; the app runs once the page has loaded.
    expect(home.text).toMatch(/<script type="module" crossorigin src="\/assets\/visitor-[\w-]+\.js"><\/script>/);
    expect(home.text).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    expect(home.text).toMatch(/>Ottilie<span class="fw-normal">, 35</);
    expect(home.text).toContain('data-testid="account-dropdown"');
    expect(home.text).toContain('data-testid="profile-photo-alert"');
    // The footer names the operating company, as the app's does (its details come with the page's data).
    const company = (await member.client.get<{ name: string }>("/api/companyinfo.php")).body;
    expect(home.text).toContain(`© ${new Date().getFullYear()} ${company.name.replace(/\.$/, "")}. All rights reserved.`);
    // The filters' place is held (the server does not know whether the screen is wide enough to show them).
    expect(home.text).toContain('data-testid="search-filters-loading"');
    expect(root((await member.client.get("/members")).text)).toMatch(rendered);

    // The browser's dismissals come in a cookie: a dismissed reminder is not in the HTML, an expired dismissal no longer holds.
    member.client.cookies.set("dismissed", `hide-enrich-alert:${Date.now() - 60_000}`);
    expect((await member.client.get("/members")).text).not.toContain('data-testid="profile-photo-alert"');
    member.client.cookies.set("dismissed", `hide-enrich-alert:${Date.now() - 4 * 86_400_000}|nonsense:1|hide-push-notification-alert:x`);
    expect((await member.client.get("/members")).text).toContain('data-testid="profile-photo-alert"');

    // The conversations: each row in the HTML, its time left to the browser (the member's time zone).
    const other = await t.loggedIn({ name: "Walburga", credits: 40 });
    expect((await other.client.post("/api/chat.php", { to: member.id, text: "Hallo from the server" })).status).toBe(200);
    const chats = await member.client.get("/chats");
    expect(root(chats.text)).toMatch(rendered);
    expect(chats.text).toMatch(/data-testid="chat-row".*Walburga.*Hallo from the server/s);
    expect(chats.text).toMatch(/<time datetime="[^"]+" class="[^"]*"><\/time>/);

    // A search with filters, and other pages, are the app's to render.
    expect(root((await member.client.get("/members?min_age=30")).text)).toBe("");
    expect(root((await member.client.get("/likes")).text)).toBe("");
  });

  it("send a member's page without its data when getting the data fails, rather than fail the page", async () => {
    const member = await t.loggedIn();
    const failing = vi.spyOn(PhotoModerationService.prototype, "notices").mockRejectedValueOnce(new Error("the database is gone"));
    try {
      const home = await member.client.get("/");
      expect(failing).toHaveBeenCalledOnce();
      expect(home.status).toBe(200);
      expect(home.text).toContain('<div id="root"></div>');
      expect(home.text).not.toContain("first-data");
    } finally {
      failing.mockRestore();
    }
  });

  it("answer robots.txt and sitemap.xml per site, on its own address", async () => {
    const robots = await t.client({ "x-forwarded-host": "evil.example" }, null).get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(robots.text).toContain("User-agent: *");
    expect(robots.text).toContain("Disallow: /api/");
    expect(robots.text).toContain(`Sitemap: ${t.siteUrl}/sitemap.xml`);
    expect(robots.text).not.toContain("evil.example");

    const sitemap = await t.client({}, null).get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ["/", "/pricing", "/pages/terms", "/signup", "/landers/gallery", "/landers/tinderswipe"]) expect(locs).toContain(t.siteUrl + path);
    // No members-only page, nothing twice, and every listed page is a page the site serves and lets search engines index.
    expect(locs.some((l) => l.includes("/chats") || l.includes("/profile"))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) {
      const page = await t.client({}, null).get(loc.slice(t.siteUrl.length));
      expect(page.status, loc).toBe(200);
      expect(page.text, loc).not.toContain("noindex");
    }
    expect(sitemap.text).toContain(`<xhtml:link rel="alternate" hreflang="nl" href="${t.siteUrl}/landers/gallery?lang=nl"/>`);
  });
});

describe("GET /.well-known/security.txt", () => {
  it("tells security researchers where to report, at the site's own address, valid for a year", async () => {
    const res = await t.client().get("/.well-known/security.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      res.text
        .trim()
        .split("\n")
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    );
    expect(fields.Contact).toBe(`mailto:${t.site.settings.support_email}`);
    expect(fields.Canonical).toBe(`${t.siteUrl}/.well-known/security.txt`);
    expect(fields["Preferred-Languages"]).toMatch(/^en, /);
    const expires = Date.parse(fields.Expires);
    expect(expires - Date.now()).toBeGreaterThan(300 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(366 * 86_400_000);
  });
});
