import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LikesResponse } from "../../src/common/schemas/members";
import { addBlock, removeBlock } from "../../src/server/features/members/access";
import { addOperator } from "../../src/server/features/operators/operatorAccounts";
import { addRestriction, hideProfile, liftRestrictions, restoreProfileStatus } from "../../src/server/features/members/accessRestrictions";
import { LikesService } from "../../src/server/features/likes/likes.service";
import { makeJpeg } from "../support/factories";
import { startTestApp, TestClient, type TestApp } from "../support/testApp";

// GET /api/likes.php keeps its answer per member (LikesListCache) while the stamp of what it is made
// of is unchanged: every change the page shows must appear on the very next call, on any instance.
const OTHERS = 12;
let t: TestApp;
let me: Awaited<ReturnType<TestApp["loggedIn"]>>;
let others: Array<Awaited<ReturnType<TestApp["loggedIn"]>>>;

beforeAll(async () => {
  t = await startTestApp();
  me = await t.loggedIn();
  others = [];
  for (let i = 0; i < OTHERS; i++) {
    const other = await t.loggedIn({ name: `Other ${i}` });
    others.push(other);
    // Each likes the viewer; the viewer likes the even ones back (mutual).
    expect((await other.client.post("/api/like.php", { id: me.id })).status).toBe(200);
    if (i % 2 === 0) expect((await me.client.post("/api/like.php", { id: other.id })).status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const page = async (client = me.client) => {
  const res = await client.get<LikesResponse>("/api/likes.php");
  expect(res.status).toBe(200);
  return res.body;
};
const cardOf = async (id: number) => (await page()).profiles.find((p) => p.id === id);
const db = () => t.testDb.database.db;

describe("the kept likes page", () => {
  it("is built once while nothing changes, and again after a change", async () => {
    const build = vi.spyOn(LikesService.prototype, "list");
    const first = await page();
    expect(first.liked_by).toHaveLength(OTHERS);
    expect(first.matches).toHaveLength(OTHERS / 2);
    const builds = build.mock.calls.length;
    expect(await page()).toEqual(first);
    expect(await page()).toEqual(first);
    expect(build.mock.calls.length).toBe(builds);
    // A visit of one of the cards (its last-seen written again) leaves what the card shows as it was.
    await db().execute(sql`UPDATE profiles SET last_active_at = now() WHERE id = ${others[0].id}`);
    expect(await page()).toEqual(first);
    expect(build.mock.calls.length).toBe(builds);
    await db().execute(sql`UPDATE profiles SET name = 'Changed' WHERE id = ${others[0].id}`);
    expect((await cardOf(others[0].id))?.name).toBe("Changed");
    expect(build.mock.calls.length).toBe(builds + 1);
  });

  it("shows a like received, a like given and an unlike at once", async () => {
    const newcomer = await t.loggedIn({ name: "Newcomer" });
    await page();
    await newcomer.client.post("/api/like.php", { id: me.id });
    let now = await page();
    expect(now.liked_by[0]).toMatchObject({ id: newcomer.id, like_new: true });
    expect(now.profiles.map((p) => p.id)).toContain(newcomer.id);
    await me.client.post("/api/like.php", { id: newcomer.id });
    now = await page();
    expect(now.likes.map((l) => l.id)).toContain(newcomer.id);
    expect(now.matches.map((m) => m.id)).toContain(newcomer.id);
    await me.client.request("DELETE", `/api/like.php?id=${newcomer.id}`);
    now = await page();
    expect(now.likes.map((l) => l.id)).not.toContain(newcomer.id);
    expect(now.matches.map((m) => m.id)).not.toContain(newcomer.id);
    await newcomer.client.request("DELETE", `/api/like.php?id=${me.id}`);
    now = await page();
    expect(now.liked_by.map((l) => l.id)).not.toContain(newcomer.id);
    expect(now.profiles.map((p) => p.id)).not.toContain(newcomer.id);
  });

  it("shows a like as seen once the viewer opened that profile", async () => {
    const liker = others[1];
    expect((await page()).liked_by.find((l) => l.id === liker.id)?.like_new).toBe(true);
    expect((await me.client.get(`/api/member.php?id=${liker.id}`)).status).toBe(200);
    expect((await page()).liked_by.find((l) => l.id === liker.id)?.like_new).toBe(false);
  });

  it("follows blocks either way (a block takes the likes between the two away), and a block alone", async () => {
    const [mine, theirs, alone] = [others[2], others[3], others[10]];
    await page();
    await me.client.post("/api/block.php", { id: mine.id });
    let now = await page();
    expect(now.profiles.map((p) => p.id)).not.toContain(mine.id);
    expect(now.liked_by.map((l) => l.id)).not.toContain(mine.id);
    await theirs.client.post("/api/block.php", { id: me.id });
    now = await page();
    expect(now.profiles.map((p) => p.id)).not.toContain(theirs.id);
    expect(now.liked_by.map((l) => l.id)).not.toContain(theirs.id);
    // A block row alone (the likes left as they are): only the blocks stamp changes.
    expect(await cardOf(alone.id)).toBeDefined();
    await addBlock(db(), alone.id, me.id);
    now = await page();
    expect(now.profiles.map((p) => p.id)).not.toContain(alone.id);
    expect(now.liked_by.map((l) => l.id)).not.toContain(alone.id);
    await removeBlock(db(), alone.id, me.id);
    expect(await cardOf(alone.id)).toBeDefined();
    await addBlock(db(), me.id, alone.id);
    expect(await cardOf(alone.id)).toBeUndefined();
    await removeBlock(db(), me.id, alone.id);
    expect(await cardOf(alone.id)).toBeDefined();
  });

  it("leaves out a banned member at once, and shows them again when the ban is lifted", async () => {
    const banned = others[4];
    const { id: operatorId } = await addOperator(db(), "likes-cache-admin@staff.example", "admin", "a long operator passphrase");
    expect(await cardOf(banned.id)).toBeDefined();
    await addRestriction(db(), { memberId: banned.id, operatorId, reason: "test", until: null });
    await hideProfile(db(), banned.id);
    const now = await page();
    expect(now.profiles.map((p) => p.id)).not.toContain(banned.id);
    expect(now.liked_by.map((l) => l.id)).not.toContain(banned.id);
    expect(now.matches.map((l) => l.id)).not.toContain(banned.id);
    await liftRestrictions(db(), banned.id);
    expect(await restoreProfileStatus(db(), banned.id)).toBe(true);
    expect(await cardOf(banned.id)).toBeDefined();
  });

  it("shows a new name, the verified badge, a new main photo, its moderation and its deletion at once", async () => {
    const [renamed, photographed] = [others[5], others[6]];
    await page();
    expect((await renamed.client.put("/api/profile.php", { name: "Renamed" })).status).toBe(200);
    expect((await cardOf(renamed.id))?.name).toBe("Renamed");
    // A moderator's approval of a photo verification: the card's badge.
    expect((await cardOf(renamed.id))?.verified).toBe(false);
    await db().execute(sql`UPDATE profiles SET verified_at = now() WHERE id = ${renamed.id}`);
    expect((await cardOf(renamed.id))?.verified).toBe(true);
    expect((await cardOf(photographed.id))?.main_image).toBeNull();
    expect((await photographed.client.upload("/api/photos.php", "photo", await makeJpeg(), "me.jpg")).status).toBe(200);
    expect((await cardOf(photographed.id))?.main_image).toMatchObject({ filename: expect.stringMatching(/^\/photos\//) });
    await db().execute(sql`UPDATE photos SET status = 'rejected' WHERE profile_id = ${photographed.id}`);
    expect((await cardOf(photographed.id))?.main_image?.status).toBe("rejected");
    await db().execute(sql`DELETE FROM photos WHERE profile_id = ${photographed.id}`);
    expect((await cardOf(photographed.id))?.main_image).toBeNull();
  });

  it("shows the activity as the card tells it: online, today, hidden when invisible or turned off", async () => {
    const active = others[7];
    await db().execute(sql`UPDATE profiles SET last_active_at = now() - interval '3 hours' WHERE id = ${active.id}`);
    expect((await cardOf(active.id))?.activity).toBe("today");
    await db().execute(sql`UPDATE profiles SET last_active_at = now() WHERE id = ${active.id}`);
    expect((await cardOf(active.id))?.activity).toBe("online");
    await db().execute(sql`UPDATE profiles SET invisible = true WHERE id = ${active.id}`);
    expect((await cardOf(active.id))?.activity).toBeNull();
    await db().execute(sql`UPDATE profiles SET invisible = false, show_activity = false WHERE id = ${active.id}`);
    expect((await cardOf(active.id))?.activity).toBeNull();
    await db().execute(sql`UPDATE profiles SET show_activity = true WHERE id = ${active.id}`);
    expect((await cardOf(active.id))?.activity).toBe("online");
  });

  it("tells 'online' no longer once the time has passed, without any write", async () => {
    const active = others[8];
    // Last seen 10 minutes ago less 1.5 seconds: online now, and no longer a moment later.
    await db().execute(sql`UPDATE profiles SET last_active_at = now() - interval '598.5 seconds' WHERE id = ${active.id}`);
    expect((await cardOf(active.id))?.activity).toBe("online");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await cardOf(active.id))?.activity).toBe("today");
  });

  it("follows the distances when the viewer or a member moves", async () => {
    const far = others[9];
    const move = async (client: TestClient, region: string, city: string) =>
      expect((await client.put("/api/profile.php", { country: "NL", region, city })).status).toBe(200);
    await move(far.client, "GR", "Groningen");
    await move(me.client, "NH", "Amsterdam");
    const before = (await cardOf(far.id))?.distance_km ?? 0;
    expect(before).toBeGreaterThan(100);
    await move(me.client, "LI", "Maastricht");
    expect((await cardOf(far.id))?.distance_km).toBeGreaterThan(before + 50);
    await move(far.client, "LI", "Maastricht");
    expect((await cardOf(far.id))?.distance_km).toBeLessThan(10);
  });

  it("shows a change made through another instance at once, and is the answer that instance builds afresh", async () => {
    const liker = await t.loggedIn({ name: "Elsewhere" });
    await page();
    const other = await startTestApp({ testDb: t.testDb, withSite: false });
    try {
      const cookie = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      expect((await new TestClient(other.baseUrl, { cookie: cookie(liker.client) }).post("/api/like.php", { id: me.id })).status).toBe(200);
      const kept = await page();
      expect(kept.liked_by[0]).toMatchObject({ id: liker.id, like_new: true });
      const fresh = await page(new TestClient(other.baseUrl, { cookie: cookie(me.client) }));
      expect(fresh).toEqual(await page());
    } finally {
      await other.close();
    }
  });
});
