import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import { makeJpeg } from "../support/factories";
import { collect, startTestBucket, type TestBucket } from "../support/s3Server";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";
import { makeWebm } from "../support/voiceRecordings";

// In production photos live in an S3-compatible bucket (here a real S3-protocol server, s3rver), so
// that every instance behind the load balancer serves every photo. They still go through the app,
// which checks each request (photoCaching.ts): the bucket itself hands nothing to a browser.

/** A file as a browser of `client` gets it: status, headers and the bytes. */
async function download(app: TestApp, client: TestClient, url: string, headers: Record<string, string> = {}) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(app.baseUrl + url, { headers: { cookie, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function uploadPhoto(client: TestClient): Promise<{ id: string; url: string; thumb: string }> {
  const res = await client.upload<{ photo: { id: string; filename: string; thumb_filename: string } }>("/api/photos.php", "photo", await makeJpeg());
  expect(res.status).toBe(200);
  return { id: res.body.photo.id, url: res.body.photo.filename, thumb: res.body.photo.thumb_filename };
}

async function sendChatPhoto(client: TestClient, to: number): Promise<{ url: string; thumb: string }> {
  const sent = await client.upload<SendMessageResponse>(`/api/chatphoto.php?to=${to}`, "photo", await makeJpeg());
  expect(sent.status).toBe(200);
  return sent.body.message.photo as { url: string; thumb: string };
}

const keysIn = async (bucket: TestBucket, prefix: string) => (await collect(bucket.storage.list(prefix))).map((e) => e.key).sort();

describe("photos in an S3 bucket, one instance", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ s3: true });
  });
  afterAll(async () => {
    await t?.close();
  });
  const bucket = () => t.bucket as TestBucket;

  it("keeps an uploaded photo and its copies in the bucket, not on the instance's disk, and serves them with their size", async () => {
    const owner = await t.loggedIn();
    const viewer = await t.loggedIn();
    const photo = await uploadPhoto(owner.client);
    expect(await keysIn(bucket(), `photos/${photo.id}`)).toEqual(["_blur", "", "_match", "_thumb"].map((s) => `photos/${photo.id}${s}.jpg`).sort());
    expect(existsSync(join(t.config.dataDir, "uploads"))).toBe(false);

    for (const client of [owner.client, viewer.client, t.client()]) {
      const got = await download(t, client, photo.url);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("image/jpeg");
      expect(got.bytes.equals((await bucket().storage.get(`photos/${photo.id}.jpg`)) as Buffer)).toBe(true);
      expect(got.headers.get("content-length")).toBe(String(got.bytes.length));
    }
  });

  it("answers 304 without the bytes to a browser whose copy is still good, and 404 once the viewer may no longer see it", async () => {
    const owner = await t.loggedIn();
    const viewer = await t.loggedIn();
    const photo = await uploadPhoto(owner.client);
    const first = await download(t, viewer.client, photo.thumb);
    const etag = first.headers.get("etag") ?? "";
    expect([first.status, etag]).toEqual([200, `"${photo.id}_thumb.jpg"`]);
    const again = await download(t, viewer.client, photo.thumb, { "if-none-match": etag });
    expect([again.status, again.bytes.length]).toEqual([304, 0]);
    expect((await owner.client.post("/api/block.php", { id: viewer.id })).status).toBe(200);
    expect((await download(t, viewer.client, photo.thumb, { "if-none-match": etag })).status).toBe(404);
  });

  it("removes a deleted photo's files from the bucket", async () => {
    const owner = await t.loggedIn();
    const photo = await uploadPhoto(owner.client);
    expect(await keysIn(bucket(), `photos/${photo.id}`)).toHaveLength(4);
    expect((await owner.client.del(`/api/photos.php?id=${photo.id}`)).status).toBe(200);
    expect(await keysIn(bucket(), `photos/${photo.id}`)).toEqual([]);
    expect((await download(t, owner.client, photo.url)).status).toBe(404);
  });

  it("makes a photo's WebP size in the bucket on its first request, serves it from there, and removes the sizes with the photo", async () => {
    const owner = await t.loggedIn();
    const photo = await uploadPhoto(owner.client);
    expect(await keysIn(bucket(), `photosizes/${photo.id}/`)).toEqual([]);
    const got = await download(t, t.client(), `${photo.thumb}?w=480&f=webp`);
    expect([got.status, got.headers.get("content-type")]).toEqual([200, "image/webp"]);
    const key = `photosizes/${photo.id}/thumb-480.webp`;
    expect(await keysIn(bucket(), `photosizes/${photo.id}/`)).toEqual([key]);
    expect(got.bytes.equals((await bucket().storage.get(key)) as Buffer)).toBe(true);
    await download(t, owner.client, `${photo.url}?w=360&f=webp`);
    expect(await keysIn(bucket(), `photosizes/${photo.id}/`)).toHaveLength(2);
    expect((await owner.client.del(`/api/photos.php?id=${photo.id}`)).status).toBe(200);
    expect(await keysIn(bucket(), `photosizes/${photo.id}/`)).toEqual([]);
  });

  it("answers 404, not an error, for a photo whose file is missing from the bucket", async () => {
    const owner = await t.loggedIn();
    const photo = await uploadPhoto(owner.client);
    await bucket().storage.remove(`photos/${photo.id}_thumb.jpg`);
    expect((await download(t, owner.client, photo.thumb)).status).toBe(404);
    expect((await download(t, owner.client, photo.url)).status).toBe(200);
  });

  it("keeps chat photos in the bucket and hands them to the two members of the conversation only", async () => {
    const a = await t.loggedIn({ credits: 100 });
    const b = await t.loggedIn();
    const stranger = await t.loggedIn();
    const photo = await sendChatPhoto(a.client, b.id);
    const id = /([0-9a-f-]{36})\.jpg$/.exec(photo.url)?.[1];
    expect(await keysIn(bucket(), `chatphotos/${id}`)).toEqual([`chatphotos/${id}.jpg`, `chatphotos/${id}_thumb.jpg`]);
    for (const client of [a.client, b.client]) {
      const got = await download(t, client, photo.url);
      expect(got.status).toBe(200);
      expect(got.headers.get("cache-control")).toBe("private, no-store");
      expect(got.bytes.equals((await bucket().storage.get(`chatphotos/${id}.jpg`)) as Buffer)).toBe(true);
    }
    for (const client of [stranger.client, t.client()]) expect((await download(t, client, photo.url)).status).toBe(404);
  });

  it("keeps voice messages in the bucket like chat photos, for the two members of the conversation only", async () => {
    const a = await t.loggedIn({ credits: 100 });
    const b = await t.loggedIn();
    const stranger = await t.loggedIn();
    const recording = makeWebm({ durationMs: 3_000 });
    const sent = await a.client.upload<SendMessageResponse>(`/api/chatvoice.php?to=${b.id}`, "voice", recording, "voice.webm", "audio/webm");
    expect(sent.status).toBe(200);
    const url = sent.body.message.voice?.url ?? "";
    const key = `chatvoice/${url.split("/").pop()}`;
    expect(await keysIn(bucket(), key)).toEqual([key]);
    expect(existsSync(join(t.config.dataDir, "uploads", "chatvoice"))).toBe(false);
    for (const client of [a.client, b.client]) {
      const got = await download(t, client, url);
      expect([got.status, got.headers.get("content-type"), got.headers.get("content-length")]).toEqual([200, "audio/webm", String(recording.length)]);
      expect(got.bytes.equals(recording)).toBe(true);
    }
    for (const client of [stranger.client, t.client()]) expect((await download(t, client, url)).status).toBe(404);
  });
});

// Two instances need one database they both reach over the network: PostgreSQL.
describe("photos in an S3 bucket, two instances", () => {
  let testDb: TestDatabase;
  let bucket: TestBucket;
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    testDb = await createTestDatabase();
    bucket = await startTestBucket();
  });
  afterAll(async () => {
    await bucket?.close();
    await testDb?.drop();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("serves a photo uploaded through one instance from the other", async () => {
    const one = await startTestApp({ testDb, s3: bucket });
    const two = await startTestApp({ testDb, s3: bucket, withSite: false });
    try {
      const owner = await one.loggedIn({ credits: 100 });
      const viewer = await one.loggedIn();
      const photo = await uploadPhoto(owner.client);
      const chatPhoto = await sendChatPhoto(owner.client, viewer.id);
      // The same browsers, now sent to the other instance by the load balancer.
      const onTwo = (client: TestClient) => {
        const moved = two.client({}, null);
        for (const [name, value] of client.cookies) moved.cookies.set(name, value);
        return moved;
      };
      for (const [client, url] of [
        [owner.client, photo.url],
        [viewer.client, photo.thumb],
        // A WebP width made by the first instance, found in the bucket by the second.
        [viewer.client, `${photo.thumb}?w=480&f=webp`],
        [two.client(), photo.url],
        [viewer.client, chatPhoto.url],
      ] as const) {
        const fromOne = await download(one, client, url);
        const fromTwo = await download(two, onTwo(client), url);
        expect([url, fromTwo.status]).toEqual([url, 200]);
        expect(fromTwo.bytes.equals(fromOne.bytes)).toBe(true);
      }
      // A photo deleted through the second instance is gone from the first as well.
      expect((await onTwo(owner.client).del(`/api/photos.php?id=${photo.id}`)).status).toBe(200);
      expect((await download(one, viewer.client, photo.url)).status).toBe(404);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
