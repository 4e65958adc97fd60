import { describe, expect, it } from "vitest";
import type { MemberView, OwnProfileResponse, SearchResponse } from "../../src/common/schemas/members";
import { createMember, createSite, giveMainPhoto, makeJpeg, markDeletionRequested } from "../support/factories";
import { appForFile, startTestApp, type TestApp, type TestClient } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

type Options = Parameters<typeof createMember>[2];
async function loggedIn(options: Options = {}): Promise<{ client: TestClient; id: number }> {
  const m = await createMember(t.testDb.database.db, t.site.id, options);
  const client = t.client();
  const res = await client.post("/api/user.php", { email: m.email, password: m.password });
  expect(res.status).toBe(200);
  return { client, id: m.user.id };
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe("own profile", () => {
  it("saves every field and checks the region against the country", async () => {
    const { client } = await loggedIn();
    const res = await client.put<OwnProfileResponse>("/api/profile.php", {
      name: "Sanne",
      gender: "female",
      sexuality: "bi",
      date_of_birth: "1991-07-07",
      country: "NL",
      region: "UT",
      city: "Utrecht",
      personal_text: "Hallo!",
      interests: ["travel", "music"],
      hair_color: "blond",
      eye_color: "blue",
      body_type: "slim",
      relationship_status: "single",
      tattoos: "few",
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      name: "Sanne",
      region: "UT",
      city: "Utrecht",
      interests: ["travel", "music"],
      tattoos: "few",
      age: expect.any(Number),
    });
    const bad = await client.put<ErrorBody>("/api/profile.php", { country: "NL", region: "NY" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.region).toBeTruthy();
    const unknownInterest = await client.put<ErrorBody>("/api/profile.php", { interests: ["knitting"] });
    expect(unknownInterest.status).toBe(400);
  });
});

describe("photos", () => {
  it("re-encodes an upload without its metadata, keeps a thumbnail and a blurred copy, and makes the first one main", async () => {
    const { client } = await loggedIn();
    const res = await client.upload<{ photo: { id: string; filename: string; thumb_filename: string; is_main: boolean; status: string } }>(
      "/api/photos.php",
      "photo",
      await makeJpeg({ exif: true }),
    );
    expect(res.status).toBe(200);
    expect(res.body.photo).toMatchObject({ is_main: true, status: "approved" });
    const original = await client.get(res.body.photo.filename);
    expect(original.status).toBe(200);
    const stored = Buffer.from(
      await (await fetch(t.baseUrl + res.body.photo.filename, { headers: { cookie: `auth=${client.cookies.get("auth")}` } })).arrayBuffer(),
    );
    expect(stored.includes(Buffer.from("secret-owner"))).toBe(false);
    expect((await client.get<OwnProfileResponse>("/api/profile.php")).body.profile.main_image?.id).toBe(res.body.photo.id);
  });

  it("refuses a file that is not an image, a damaged one and one that is too large, and stores nothing", async () => {
    const { client } = await loggedIn();
    const text = await client.upload<ErrorBody>("/api/photos.php", "photo", Buffer.from("just some text, named like a photo"), "photo.jpg");
    expect(text.body.error.code).toBe("not_an_image");
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect((await client.upload<ErrorBody>("/api/photos.php", "photo", corrupt)).body.error.code).toBe("image_corrupt");
    const huge = Buffer.concat([await makeJpeg(), Buffer.alloc(11 * 1024 * 1024)]);
    const tooLarge = await client.upload<ErrorBody>("/api/photos.php", "photo", huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.code).toBe("file_too_large");
    expect((await client.get<OwnProfileResponse>("/api/profile.php")).body.photos).toHaveLength(0);
  });

  it("lets a free member have 3 photos and a premium member more", async () => {
    const free = await loggedIn();
    for (let i = 0; i < 3; i++) expect((await free.client.upload("/api/photos.php", "photo", await makeJpeg())).status).toBe(200);
    const fourth = await free.client.upload<ErrorBody>("/api/photos.php", "photo", await makeJpeg());
    expect(fourth.body.error).toMatchObject({
      code: "photo_limit_free",
      message: "Free members can have at most 3 photos. Become premium to upload up to 25.",
    });
    const premium = await loggedIn({ paidUser: true });
    for (let i = 0; i < 4; i++) expect((await premium.client.upload("/api/photos.php", "photo", await makeJpeg())).status).toBe(200);
    expect((await premium.client.get<OwnProfileResponse>("/api/profile.php")).body.max_photos).toBe(25);
  });

  it("locks photos beyond the free ones on the server: free viewers and visitors get only the blurred copy", async () => {
    const owner = await loggedIn({ paidUser: true });
    for (let i = 0; i < 4; i++) await owner.client.upload("/api/photos.php", "photo", await makeJpeg({ color: ["#a00", "#0a0", "#00a", "#aa0"][i] }));
    const own = (await owner.client.get<OwnProfileResponse>("/api/profile.php")).body.photos;
    const free = await loggedIn();
    const view = (await free.client.get<MemberView>(`/api/member.php?id=${owner.id}`)).body;
    expect(view.photos.map((p) => p.locked)).toEqual([false, false, true, true]);
    const locked = own.find((p) => p.id === view.photos[3].id);
    if (!locked) throw new Error("missing photo");
    expect(view.photos[3].url).toContain("_blur.jpg");
    for (const client of [free.client, t.client()]) {
      expect((await client.get(locked.filename)).status, "original").toBe(404);
      expect((await client.get(locked.thumb_filename)).status, "thumbnail").toBe(404);
      expect((await client.get(view.photos[3].url)).status, "blurred").toBe(200);
    }
    const premium = await loggedIn({ paidUser: true });
    const premiumView = (await premium.client.get<MemberView>(`/api/member.php?id=${owner.id}`)).body;
    expect(premiumView.photos.every((p) => !p.locked)).toBe(true);
    expect((await premium.client.get(locked.filename)).status).toBe(200);
  });

  it("deletes only own photos", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const up = await a.client.upload<{ photo: { id: string } }>("/api/photos.php", "photo", await makeJpeg());
    expect((await b.client.del<ErrorBody>(`/api/photos.php?id=${up.body.photo.id}`)).status).toBe(404);
    expect((await a.client.del(`/api/photos.php?id=${up.body.photo.id}`)).status).toBe(200);
    expect((await a.client.get<OwnProfileResponse>("/api/profile.php")).body.profile.main_image).toBeNull();
  });
});

describe("search", () => {
  it("filters by gender, country, region and age, pages by cursor without overlap, and counts", async () => {
    const site = await createSite(t.testDb.database.db, { domain: "search.test" });
    const db = t.testDb.database.db;
    const year = new Date().getUTCFullYear();
    for (let i = 0; i < 30; i++) {
      await createMember(db, site.id, {
        profile: { gender: "female", country: "NL", region: i % 2 ? "UT" : "NH", dateOfBirth: `${year - 25 - (i % 10)}-01-01` },
      });
    }
    await createMember(db, site.id, { profile: { gender: "male", country: "NL", region: "UT", dateOfBirth: `${year - 30}-01-01` } });
    await createMember(db, site.id, { profile: { gender: "female", country: "NL", region: "UT", dateOfBirth: `${year - 30}-01-01`, invisible: true } });
    const c = t.client({ "x-forwarded-host": "search.test" });
    const all = await c.get<SearchResponse>("/api/members.php?gender=female&country=NL");
    expect(all.body.total).toBe(30);
    expect(all.body.profiles).toHaveLength(24);
    const next = await c.get<SearchResponse>(`/api/members.php?gender=female&country=NL&cursor=${all.body.next_cursor}`);
    expect(next.body.profiles).toHaveLength(6);
    expect(next.body.next_cursor).toBeNull();
    const ids = [...all.body.profiles, ...next.body.profiles].map((p) => p.id);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const region = await c.get<SearchResponse>("/api/members.php?gender=female&country=NL&countryregion=UT&min_age=28&max_age=29");
    expect(region.body.profiles.every((p) => p.region === "UT" && (p.age ?? 0) >= 28 && (p.age ?? 0) <= 29)).toBe(true);
    expect(region.body.total).toBe(region.body.profiles.length);
    expect(region.body.similar.length).toBeGreaterThan(0);
  });

  it("never lists invisible or blocked members, either way", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    await a.client.post("/api/block.php", { id: b.id });
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const ids = (await who.client.get<SearchResponse>("/api/members.php?country=NL")).body.profiles.map((p) => p.id);
      expect(ids).not.toContain(other.id);
    }
  });

  it("counts without the viewer and the members blocked either way, at once after a block", async () => {
    const db = t.testDb.database.db;
    const site = await createSite(db, { domain: "totals.test" });
    const members: Awaited<ReturnType<typeof createMember>>[] = [];
    for (let i = 0; i < 5; i++) members.push(await createMember(db, site.id, { profile: { gender: "female", country: "NL" } }));
    const as = async (m: (typeof members)[number]) => {
      const client = t.client({ "x-forwarded-host": "totals.test" });
      expect((await client.post("/api/user.php", { email: m.email, password: m.password })).status).toBe(200);
      return client;
    };
    const [viewer, blocker] = [await as(members[0]), await as(members[1])];
    const search = async (c: TestClient) => (await c.get<SearchResponse>("/api/members.php?gender=female&country=NL")).body;
    expect((await search(t.client({ "x-forwarded-host": "totals.test" }))).total).toBe(5);
    expect((await search(viewer)).total).toBe(4);
    await viewer.post("/api/block.php", { id: members[2].user.id });
    await blocker.post("/api/block.php", { id: members[0].user.id });
    const seen = await search(viewer);
    expect(seen.total).toBe(2);
    expect(seen.profiles.map((p) => p.id).sort()).toEqual([members[3].user.id, members[4].user.id].sort());
    expect((await search(t.client({ "x-forwarded-host": "totals.test" }))).total).toBe(5);
  });

  it("filters by interests: members with any of those asked for", async () => {
    const db = t.testDb.database.db;
    const site = await createSite(db, { domain: "interests.test" });
    const travel = await createMember(db, site.id, { profile: { interests: ["travel", "music"] } });
    const movies = await createMember(db, site.id, { profile: { interests: ["movies"] } });
    await createMember(db, site.id, { profile: { interests: [] } });
    const c = t.client({ "x-forwarded-host": "interests.test" });
    const ids = async (q: string) => (await c.get<SearchResponse>(`/api/members.php?${q}`)).body.profiles.map((p) => p.id).sort();
    expect(await ids("interests=travel")).toEqual([travel.user.id]);
    expect(await ids("interests=music,movies")).toEqual([travel.user.id, movies.user.id].sort());
    expect((await c.get<SearchResponse>("/api/members.php?interests=movies")).body.total).toBe(1);
  });

  it("lets visitors search only as the site allows: a visit that arrived from a traffic source, on a page or through settings.php", async () => {
    const closed = await startTestApp({ settings: { logged_out_search: false, logged_out_search_trafficsource: true } });
    try {
      const visitor = closed.client();
      expect((await visitor.get<ErrorBody>("/api/members.php")).body.error.code).toBe("authentication_required");
      await visitor.get("/api/settings.php?network=partner1");
      expect((await visitor.get("/api/members.php")).status).toBe(200);
      // Arriving on a page with a source is enough (a lander's app starts only on the first touch).
      const fromAd = closed.client();
      expect((await fromAd.get("/landers/gallery?ref=ad7")).status).toBe(200);
      expect((await fromAd.get("/api/members.php")).status).toBe(200);
      const direct = closed.client();
      await direct.get("/landers/gallery");
      expect((await direct.get<ErrorBody>("/api/members.php")).body.error.code).toBe("authentication_required");
    } finally {
      await closed.close();
    }
  });
});

describe("who may reach whom", () => {
  it("answers not found or blocked for every call that takes a member id", async () => {
    const db = t.testDb.database.db;
    const viewer = await loggedIn();
    const blocker = await loggedIn({ name: "Bea" });
    await blocker.client.post("/api/block.php", { id: viewer.id });
    const disabled = await createMember(db, t.site.id, { status: "not_confirmed" });
    const invisible = await createMember(db, t.site.id, { profile: { invisible: true } });
    const deleting = await createMember(db, t.site.id);
    await markDeletionRequested(db, deleting.user.id);
    const otherSite = await createSite(db, { domain: "other.test" });
    const elsewhere = await createMember(db, otherSite.id);
    const unreachable = [disabled.user.id, invisible.user.id, deleting.user.id, elsewhere.user.id, 999999];

    const blocked = await viewer.client.get<ErrorBody>(`/api/member.php?id=${blocker.id}`);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe("You're blocked by Bea. You do not have access to this page.");
    expect((await viewer.client.post<ErrorBody>("/api/like.php", { id: blocker.id })).status).toBe(403);
    expect((await viewer.client.post<ErrorBody>("/api/swipe.php", { id: blocker.id, action: "like" })).status).toBe(403);
    for (const id of unreachable) {
      expect((await viewer.client.get(`/api/member.php?id=${id}`)).status, `view ${id}`).toBe(404);
      expect((await viewer.client.post("/api/like.php", { id })).status, `like ${id}`).toBe(404);
      expect((await viewer.client.post("/api/swipe.php", { id, action: "pass" })).status, `swipe ${id}`).toBe(404);
      expect((await viewer.client.post("/api/block.php", { id })).status, `block ${id}`).toBe(404);
    }
  });
});

describe("likes and matches", () => {
  it("likes, matches when mutual, lists new likes first and clears the flag when the liker's profile is opened", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    expect((await a.client.post("/api/like.php", { id: b.id })).body).toEqual({ liked: true, match: false });
    const bLikes = await b.client.get<{ liked_by: Array<{ id: number; like_new: boolean }> }>("/api/likes.php");
    expect(bLikes.body.liked_by).toEqual([expect.objectContaining({ id: a.id, like_new: true })]);
    const view = await b.client.get<MemberView>(`/api/member.php?id=${a.id}`);
    expect(view.body.liked_by).toBe(true);
    expect((await b.client.get<{ liked_by: Array<{ like_new: boolean }> }>("/api/likes.php")).body.liked_by[0].like_new).toBe(false);
    expect((await b.client.post("/api/like.php", { id: a.id })).body).toEqual({ liked: true, match: true });
    const aLikes = await a.client.get<{ matches: Array<{ id: number }>; profiles: Array<{ id: number }> }>("/api/likes.php");
    expect(aLikes.body.matches.map((m) => m.id)).toEqual([b.id]);
    expect(aLikes.body.profiles.map((p) => p.id)).toContain(b.id);
    await a.client.del(`/api/like.php?id=${b.id}`);
    expect((await a.client.get<{ matches: unknown[] }>("/api/likes.php")).body.matches).toEqual([]);
    expect((await a.client.post<ErrorBody>("/api/like.php", { id: a.id })).body.error.code).toBe("cannot_like_self");
  });

  it("sends automatic likes only from profiles the site operates, a few a day", async () => {
    const db = t.testDb.database.db;
    const site = await createSite(db, { domain: "auto.test" });
    const { default: sharp } = await import("sharp");
    void sharp;
    const member = await createMember(db, site.id, { profile: { gender: "male", sexuality: "hetero" } });
    await createMember(db, site.id, { profile: { gender: "female" } });
    const c = t.client({ "x-forwarded-host": "auto.test" });
    await c.post("/api/user.php", { email: member.email, password: member.password });
    expect((await c.get<{ profile: null }>("/api/auto-like.php")).body.profile).toBeNull();
    for (let i = 0; i < 5; i++) {
      const op = await createMember(db, site.id, { canLogin: false, profile: { gender: "female" } });
      await giveMainPhoto(db, op.user.id);
    }
    const got: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await c.get<{ profile: { id: number } | null }>("/api/auto-like.php");
      if (res.body.profile) got.push(res.body.profile.id);
    }
    expect(got).toHaveLength(3);
    const likes = await c.get<{ liked_by: Array<{ id: number; like_new: boolean }> }>("/api/likes.php");
    expect(likes.body.liked_by.map((l) => l.id).sort()).toEqual([...got].sort());
  });
});

describe("swipe game", () => {
  it("gives 4 likes a day, even to many tabs at once, and lets passing go on", async () => {
    const db = t.testDb.database.db;
    const me = await loggedIn({ profile: { gender: "male", sexuality: "hetero" } });
    const targets = [];
    for (let i = 0; i < 8; i++) targets.push(await createMember(db, t.site.id, { profile: { gender: "female" } }));
    const results = await Promise.all(targets.slice(0, 6).map((target) => me.client.post<ErrorBody>("/api/swipe.php", { id: target.user.id, action: "like" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.find((r) => r.status === 429);
    expect(refused?.body.error.message).toBe("You have used your 4 likes for today. Come back tomorrow for new ones!");
    expect((await me.client.post("/api/swipe.php", { id: targets[7].user.id, action: "pass" })).status).toBe(200);
    const deck = await me.client.get<{ likes_left: number; profiles: Array<{ id: number }> }>("/api/swipe.php");
    expect(deck.body.likes_left).toBe(0);
    expect(deck.body.profiles.map((p) => p.id)).not.toContain(targets[7].user.id);
  });
});

describe("profile view", () => {
  it("shows related members once each, never the member or the viewer", async () => {
    const db = t.testDb.database.db;
    const viewer = await loggedIn();
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await createMember(db, t.site.id, { profile: { gender: "female", country: "BE" } }));
    const view = await viewer.client.get<MemberView>(`/api/member.php?id=${others[1].user.id}`);
    const ids = view.body.related.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(others[1].user.id);
    expect(ids).not.toContain(viewer.id);
    expect(ids).toEqual(expect.arrayContaining([others[0].user.id, others[2].user.id, others[3].user.id]));
  });
});
