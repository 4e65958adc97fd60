import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FREE_VISIBLE_PHOTOS } from "../../src/common/constants";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import type { MemberView, OwnProfileResponse } from "../../src/common/schemas/members";
import { makeJpeg } from "../support/factories";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Photos are private data: a viewer gets a photo file only while they may see it at the time they
// ask, and no browser or proxy keeps serving it after that right is gone (the table of rules is in
// src/server/features/photos/photoCaching.ts).

let t: TestApp;
appForFile((app) => (t = app));

const loggedIn = (options?: Parameters<TestApp["loggedIn"]>[0]) => t.loggedIn(options);

/** The four files of an uploaded profile photo. */
async function uploadPhoto(client: TestClient): Promise<{ id: string; files: Record<"original" | "thumb" | "match" | "blur", string> }> {
  const res = await client.upload<{ photo: { id: string; filename: string; thumb_filename: string; match: string } }>(
    "/api/photos.php",
    "photo",
    await makeJpeg(),
  );
  expect(res.status).toBe(200);
  const { id, filename, thumb_filename, match } = res.body.photo;
  return { id, files: { original: filename, thumb: thumb_filename, match, blur: `/photos/${id}_blur.jpg` } };
}

/** What each file answers a client: the status, and the caching headers. */
async function answers(client: TestClient, files: Record<string, string>, headers: Record<string, string> = {}) {
  const out: Record<string, { status: number; cache: string | null; etag: string | null; bytes: number }> = {};
  for (const [kind, url] of Object.entries(files)) {
    const res = await client.get(url, headers);
    out[kind] = { status: res.status, cache: res.headers.get("cache-control"), etag: res.headers.get("etag"), bytes: res.text.length };
  }
  return out;
}

const statuses = async (client: TestClient, files: Record<string, string>, headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(await answers(client, files, headers)).map(([kind, a]) => [kind, a.status]));
const all = (files: Record<string, string>, status: number) => Object.fromEntries(Object.keys(files).map((kind) => [kind, status]));

describe("profile photos", () => {
  it("are kept by the browser only (never a shared cache) and asked for again each time: a 304 without the bytes while still allowed", async () => {
    const owner = await loggedIn();
    const viewer = await loggedIn();
    const { files } = await uploadPhoto(owner.client);
    for (const client of [viewer.client, t.client(), owner.client]) {
      const first = await answers(client, files);
      for (const [kind, answer] of Object.entries(first)) {
        expect(answer.status, kind).toBe(200);
        expect(answer.cache, kind).toBe("private, no-cache");
        expect(answer.etag, kind).toMatch(/^"[0-9a-f-]{36}(_thumb|_match|_blur)?\.jpg"$/);
      }
      for (const [kind, url] of Object.entries(files)) {
        const again = await client.get(url, { "if-none-match": first[kind].etag ?? "" });
        expect(again.status, kind).toBe(304);
        expect(again.text, kind).toBe("");
        expect(again.headers.get("cache-control"), kind).toBe("private, no-cache");
      }
    }
  });

  it("stop reaching a viewer the owner blocks, and come back when the owner unblocks them", async () => {
    const owner = await loggedIn();
    const viewer = await loggedIn();
    const { files } = await uploadPhoto(owner.client);
    const kept = await answers(viewer.client, files);
    expect((await owner.client.post("/api/block.php", { id: viewer.id })).status).toBe(200);
    expect(await statuses(viewer.client, files)).toEqual(all(files, 404));
    // The browser's copy is not confirmed either.
    for (const [kind, url] of Object.entries(files)) expect((await viewer.client.get(url, { "if-none-match": kept[kind].etag ?? "" })).status, kind).toBe(404);
    // Others still see them.
    expect(await statuses(t.client(), files)).toEqual(all(files, 200));
    expect((await owner.client.del(`/api/block.php?id=${viewer.id}`)).status).toBe(200);
    expect(await statuses(viewer.client, files)).toEqual(all(files, 200));
  });

  it("stop reaching members and visitors when the owner turns invisible, except a member the owner liked", async () => {
    const owner = await loggedIn();
    const viewer = await loggedIn();
    const liked = await loggedIn();
    const { files } = await uploadPhoto(owner.client);
    expect((await owner.client.put("/api/profile.php", { invisible: true })).status).toBe(200);
    expect(await statuses(viewer.client, files)).toEqual(all(files, 404));
    expect(await statuses(t.client(), files)).toEqual(all(files, 404));
    expect(await statuses(owner.client, files)).toEqual(all(files, 200));
    expect((await owner.client.post("/api/like.php", { id: liked.id })).status).toBe(200);
    expect(await statuses(liked.client, files)).toEqual(all(files, 200));
    expect((await owner.client.put("/api/profile.php", { invisible: false })).status).toBe(200);
    expect(await statuses(viewer.client, files)).toEqual(all(files, 200));
  });

  it("are gone for everyone, the owner too, once deleted, and for everyone else once the owner deletes the account", async () => {
    const owner = await loggedIn({ password: "owner-secret-1" });
    const viewer = await loggedIn();
    const deleted = await uploadPhoto(owner.client);
    const kept = await uploadPhoto(owner.client);
    const tag = (await answers(viewer.client, deleted.files)).original.etag ?? "";
    expect((await owner.client.del(`/api/photos.php?id=${deleted.id}`)).status).toBe(200);
    for (const client of [owner.client, viewer.client, t.client()]) expect(await statuses(client, deleted.files)).toEqual(all(deleted.files, 404));
    expect((await viewer.client.get(deleted.files.original, { "if-none-match": tag })).status).toBe(404);

    expect((await owner.client.post("/api/account-delete.php", { reason: "other", password: "owner-secret-1" })).status).toBe(200);
    for (const client of [viewer.client, t.client()]) expect(await statuses(client, kept.files)).toEqual(all(kept.files, 404));
  });

  it("beyond the free ones are locked for free viewers and visitors (only the blurred copy), and checked each time for premium viewers too", async () => {
    const owner = await loggedIn({ paidUser: true });
    for (let i = 0; i < 3; i++) await uploadPhoto(owner.client);
    const { files } = await uploadPhoto(owner.client);
    const locked = { original: 404, thumb: 404, match: 404, blur: 200 };
    expect(await statuses((await loggedIn()).client, files)).toEqual(locked);
    expect(await statuses(t.client(), files)).toEqual(locked);
    const premium = await answers((await loggedIn({ paidUser: true })).client, files);
    for (const [kind, answer] of Object.entries(premium)) expect([kind, answer.status, answer.cache]).toEqual([kind, 200, "private, no-cache"]);
  });

  it("are locked by one order on the profile page and at the file: the main photo, then position, upload time and id", async () => {
    const owner = await loggedIn({ paidUser: true });
    const uploaded = [];
    for (let i = 0; i < 5; i++) uploaded.push((await uploadPhoto(owner.client)).id);
    const [first, second, third, fourth] = uploaded;
    // The cases the two former rankings (page and file) told apart: a main photo still in review
    // (listed on the page, counted at the file), and two photos with the same position and time.
    const db = t.testDb.database.db;
    await db.execute(sql`UPDATE photos SET status = 'pending' WHERE id = ${third}`);
    await db.execute(sql`UPDATE profiles SET main_photo_id = ${third} WHERE id = ${owner.id}`);
    await db.execute(sql`UPDATE photos SET (position, created_at) = (SELECT position, created_at FROM photos WHERE id = ${second}) WHERE id = ${fourth}`);
    const viewers = [
      { viewer: (await loggedIn()).client, unlocked: FREE_VISIBLE_PHOTOS },
      { viewer: t.client(), unlocked: FREE_VISIBLE_PHOTOS },
      { viewer: (await loggedIn({ paidUser: true })).client, unlocked: 4 },
    ];
    for (const { viewer, unlocked } of viewers) {
      const page = (await viewer.get<MemberView>(`/api/member.php?id=${owner.id}`)).body;
      expect(page.photos.map((p) => p.id).sort()).toEqual([first, second, fourth, uploaded[4]].sort());
      for (const photo of page.photos) {
        expect((await viewer.get(`/photos/${photo.id}.jpg`)).status, photo.id).toBe(photo.locked ? 404 : 200);
        expect((await viewer.get(`/photos/${photo.id}_blur.jpg`)).status, photo.id).toBe(200);
      }
      expect((await viewer.get(`/photos/${third}.jpg`)).status).toBe(404);
      expect(page.photos.filter((p) => !p.locked).length).toBe(unlocked);
    }
  });

  it("are deleted by their owner only: another member's try is not found and leaves the photo", async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const { id, files } = await uploadPhoto(owner.client);
    expect((await other.client.del(`/api/photos.php?id=${id}`)).status).toBe(404);
    expect((await other.client.del("/api/photos.php?id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await statuses(t.client(), files)).toEqual(all(files, 200));
    const own = (await owner.client.get<OwnProfileResponse>("/api/profile.php")).body;
    expect(own.photos.map((p) => [p.id, p.is_main])).toEqual([[id, true]]);
    expect((await owner.client.del(`/api/photos.php?id=${id}`)).status).toBe(200);
    expect(await statuses(t.client(), files)).toEqual(all(files, 404));
  });

  it("are served by no other path than /photos/ (no static folder of uploads)", async () => {
    const owner = await loggedIn();
    const { id } = await uploadPhoto(owner.client);
    const own = (await owner.client.get<OwnProfileResponse>("/api/profile.php")).body.photos;
    expect(own.map((p) => p.id)).toEqual([id]);
    for (const path of [`/uploads/photos/${id}.jpg`, `/data/uploads/photos/${id}.jpg`, `/photos/..%2Fphotos%2F${id}.jpg`, `/photos/photos%2F${id}.jpg`]) {
      const res = await owner.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).not.toContain("image/");
    }
  });
});

describe("chat photos", () => {
  async function sendPhoto(from: TestClient, to: number) {
    const sent = await from.upload<SendMessageResponse>(`/api/chatphoto.php?to=${to}`, "photo", await makeJpeg());
    expect(sent.status).toBe(200);
    const photo = sent.body.message.photo;
    if (!photo) throw new Error("no photo in the answer");
    return { full: photo.url, thumb: photo.thumb };
  }

  it("are stored by no cache, and reach only the two members", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    const files = await sendPhoto(a.client, b.id);
    for (const client of [a.client, b.client]) {
      for (const [kind, answer] of Object.entries(await answers(client, files))) {
        expect([kind, answer.status, answer.cache, answer.etag]).toEqual([kind, 200, "private, no-store", null]);
      }
    }
    expect(await statuses((await loggedIn()).client, files)).toEqual(all(files, 404));
    expect(await statuses(t.client(), files)).toEqual(all(files, 404));
  });

  it("stop reaching both members while either blocks the other, and the partner of a member who turns invisible or leaves", async () => {
    const a = await loggedIn({ credits: 50, password: "sender-secret-1" });
    const b = await loggedIn();
    const files = await sendPhoto(a.client, b.id);

    expect((await b.client.post("/api/block.php", { id: a.id })).status).toBe(200);
    expect(await statuses(a.client, files)).toEqual(all(files, 404));
    expect(await statuses(b.client, files)).toEqual(all(files, 404));
    expect((await b.client.del(`/api/block.php?id=${a.id}`)).status).toBe(200);
    expect(await statuses(b.client, files)).toEqual(all(files, 200));

    expect((await a.client.put("/api/profile.php", { invisible: true })).status).toBe(200);
    expect(await statuses(b.client, files)).toEqual(all(files, 404));
    expect(await statuses(a.client, files)).toEqual(all(files, 200));
    expect((await a.client.put("/api/profile.php", { invisible: false })).status).toBe(200);
    expect(await statuses(b.client, files)).toEqual(all(files, 200));

    expect((await a.client.post("/api/account-delete.php", { reason: "other", password: "sender-secret-1" })).status).toBe(200);
    expect(await statuses(b.client, files)).toEqual(all(files, 404));
  });
});

describe("post-moderation (this file's site)", () => {
  it("shows a new photo at once and still puts it in the moderators' queue", async () => {
    const owner = await loggedIn();
    const viewer = await loggedIn();
    const { id, files } = await uploadPhoto(owner.client);
    expect(await statuses(viewer.client, files)).toEqual(all(files, 200));
    const moderator = await signedInOperator(t, "moderator");
    const queue = await moderator.client.get<{ photos: Array<{ id: string; status: string; mode: string }> }>("/api/console/photos");
    expect(queue.body.photos.find((p) => p.id === id)).toMatchObject({ status: "approved", mode: "post" });
    // Rejected after it was shown: gone at once, for the viewer and the owner.
    expect((await moderator.client.post(`/api/console/photos/${id}/reject`, { reason: "not_you" })).status).toBe(200);
    expect(await statuses(viewer.client, files)).toEqual(all(files, 404));
    expect(await statuses(owner.client, files)).toEqual(all(files, 404));
  });

  it("passes the main photo on when a moderator rejects it", async () => {
    const owner = await loggedIn();
    const first = await uploadPhoto(owner.client);
    const second = await uploadPhoto(owner.client);
    const mainOf = async () =>
      (await owner.client.get<{ user: { profile: { main_image: { id: string } | null } } }>("/api/user.php")).body.user.profile.main_image?.id;
    expect(await mainOf()).toBe(first.id);
    const admin = await signedInOperator(t, "admin");
    expect((await admin.client.post(`/api/console/photos/${first.id}/reject`, { reason: "child" })).status).toBe(200);
    expect(await mainOf()).toBe(second.id);
    expect((await owner.client.get<OwnProfileResponse>("/api/profile.php")).body.photos.map((p) => [p.id, p.is_main])).toEqual([[second.id, true]]);
  });
});
