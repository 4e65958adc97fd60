import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_WIDTHS, type PhotoKind } from "../../src/common/photoSizes";
import { photoSizeKey } from "../../src/server/features/photos/photoSizes";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

// Each photo file is also served as WebP in a few widths (`?w=<width>&f=webp`, common/photoSizes.ts)
// for phones. A size is the file it is made from under the same rule (photoCaching.ts): whoever may
// not see a photo gets none of its sizes, and a locked photo's blurred copy stays blurred in every size.

let t: TestApp;
appForFile((app) => (t = app));

/** A photo with detail (black and white bands, 60 px), 1200x1500: big enough for every width. */
async function detailedJpeg(): Promise<Buffer> {
  const [width, height] = [1200, 1500];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.fill((i % width) % 120 < 60 ? 20 : 235, i * 3, i * 3 + 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadPhoto(client: TestClient): Promise<{ id: string; files: Record<PhotoKind, string> }> {
  const res = await client.upload<{ photo: { id: string; filename: string; thumb_filename: string; match: string } }>(
    "/api/photos.php",
    "photo",
    await detailedJpeg(),
  );
  expect(res.status).toBe(200);
  const { id, filename, thumb_filename, match } = res.body.photo;
  return { id, files: { main: filename, thumb: thumb_filename, match, blur: `/photos/${id}_blur.jpg` } };
}

/** A file as a browser of `client` gets it. */
async function download(client: TestClient, url: string, headers: Record<string, string> = {}) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(t.baseUrl + url, { headers: { cookie, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const sized = (url: string, width: number) => `${url}?w=${width}&f=webp`;

async function imageOf(bytes: Buffer) {
  const { format, width, height } = await sharp(bytes).metadata();
  const { channels } = await sharp(bytes).stats();
  return { format, width, height, spread: Math.round(channels[0].stdev) };
}

describe("photo sizes", () => {
  it("serves each file in each of its widths as WebP of that width, with the file's caching rule and a tag of its own", async () => {
    const owner = await t.loggedIn();
    const viewer = await t.loggedIn();
    const { id, files } = await uploadPhoto(owner.client);
    const shapes: Record<PhotoKind, number> = { main: 1.25, thumb: 1.25, match: 1, blur: 1.25 };
    for (const client of [viewer.client, t.client(), owner.client]) {
      for (const kind of Object.keys(files) as PhotoKind[]) {
        for (const width of PHOTO_WIDTHS[kind]) {
          const got = await download(client, sized(files[kind], width));
          expect([kind, width, got.status]).toEqual([kind, width, 200]);
          expect(got.headers.get("content-type")).toBe("image/webp");
          expect(got.headers.get("cache-control")).toBe("private, no-cache");
          expect(got.headers.get("content-length")).toBe(String(got.bytes.length));
          const suffix = kind === "main" ? "" : `_${kind}`;
          expect(got.headers.get("etag")).toBe(`"${id}${suffix}.${width}.webp"`);
          expect(await imageOf(got.bytes)).toMatchObject({ format: "webp", width, height: Math.round(width * shapes[kind]) });
          const again = await download(client, sized(files[kind], width), { "if-none-match": got.headers.get("etag") ?? "" });
          expect([again.status, again.bytes.length]).toEqual([304, 0]);
        }
      }
    }
    // Nothing varies by Accept: the format is in the address.
    const plain = await download(viewer.client, files.thumb, { accept: "image/webp,*/*" });
    expect([plain.status, plain.headers.get("content-type"), plain.headers.get("vary")]).toEqual([200, "image/jpeg", null]);
  });

  it("sends fewer bytes in a card's width than the stored JPEG", async () => {
    const owner = await t.loggedIn();
    const { files } = await uploadPhoto(owner.client);
    const jpeg = await download(t.client(), files.main);
    const webp = await download(t.client(), sized(files.main, 540));
    expect(webp.bytes.length).toBeLessThan(jpeg.bytes.length / 2);
  });

  it("refuses a width it does not make, an unknown format or half of the pair with a 400 in the viewer's language", async () => {
    const owner = await t.loggedIn();
    const { files } = await uploadPhoto(owner.client);
    const de = t.client({}, "de");
    for (const query of ["?w=500&f=webp", "?w=1080&f=avif", "?w=480", "?f=webp", "?w=abc&f=webp", "?w=0&f=webp", "?w=100000&f=webp"]) {
      const res = await de.get<{ error: { code: string; message: string } }>(files.thumb + query);
      expect([query, res.status, res.body.error.code]).toEqual([query, 400, "validation_failed"]);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
    // A width of another file is no width of this one.
    expect((await de.get(sized(files.main, 240))).status).toBe(400);
    expect((await de.get(sized(files.blur, 480))).status).toBe(400);
    const res = await de.get<{ error: { message: string } }>(sized(files.main, 240));
    expect(res.body.error.message).not.toBe((await t.client({}, "en").get<{ error: { message: string } }>(sized(files.main, 240))).body.error.message);
  });

  it("keeps a locked photo locked in every size: its sizes are not found, its blurred copy's sizes are blurred", async () => {
    const owner = await t.loggedIn({ paidUser: true });
    for (let i = 0; i < 3; i++) await uploadPhoto(owner.client);
    const { files } = await uploadPhoto(owner.client);
    const premium = (await t.loggedIn({ paidUser: true })).client;
    for (const viewer of [(await t.loggedIn()).client, t.client()]) {
      for (const kind of ["main", "thumb", "match"] as const) {
        for (const width of PHOTO_WIDTHS[kind]) expect([kind, width, (await download(viewer, sized(files[kind], width))).status]).toEqual([kind, width, 404]);
      }
      const blurred = await download(viewer, sized(files.blur, 240));
      expect(blurred.status).toBe(200);
      // The bands (a spread of about 100 around their mean) are washed out in the blurred copy; the
      // premium viewer's thumbnail of the same width keeps them.
      const clear = await download(premium, sized(files.thumb, 240));
      expect((await imageOf(blurred.bytes)).spread).toBeLessThan(40);
      expect((await imageOf(clear.bytes)).spread).toBeGreaterThan(80);
    }
  });

  it("stops reaching a viewer the owner blocks, the browser's copy included", async () => {
    const owner = await t.loggedIn();
    const viewer = await t.loggedIn();
    const { files } = await uploadPhoto(owner.client);
    const kept = await download(viewer.client, sized(files.thumb, 480));
    expect(kept.status).toBe(200);
    expect((await owner.client.post("/api/block.php", { id: viewer.id })).status).toBe(200);
    expect((await download(viewer.client, sized(files.thumb, 480))).status).toBe(404);
    expect((await download(viewer.client, sized(files.thumb, 480), { "if-none-match": kept.headers.get("etag") ?? "" })).status).toBe(404);
  });

  it("makes a missing size on its first request (a photo stored before sizes), the same for requests at the same time, and keeps it", async () => {
    const owner = await t.loggedIn();
    const { id, files } = await uploadPhoto(owner.client);
    const key = photoSizeKey(id, "thumb", 360, "webp");
    const storage = t.server.storage;
    // Nothing is made at upload.
    expect(await storage.get(key)).toBeNull();
    const answers = await Promise.all(Array.from({ length: 4 }, () => download(t.client(), sized(files.thumb, 360))));
    for (const got of answers) {
      expect(got.status).toBe(200);
      expect(got.bytes.equals(answers[0].bytes)).toBe(true);
    }
    // Kept for the next viewer and the other instances, and served from there (a marked copy proves it).
    const kept = (await storage.get(key)) as Buffer;
    expect(kept.equals(answers[0].bytes)).toBe(true);
    const marked = Buffer.concat([kept, Buffer.from("marked")]);
    await storage.put(key, marked);
    expect((await download(owner.client, sized(files.thumb, 360))).bytes.equals(marked)).toBe(true);
  });

  it("answers 404 for a size whose stored JPEG is gone, and removes the sizes with the photo", async () => {
    const owner = await t.loggedIn();
    const { id, files } = await uploadPhoto(owner.client);
    const storage = t.server.storage;
    const keys = async () => {
      const found: string[] = [];
      for await (const entry of storage.list(`photosizes/${id}/`)) found.push(entry.key);
      return found;
    };
    for (const [kind, width] of [
      ["main", 360],
      ["thumb", 240],
      ["match", 480],
      ["blur", 240],
    ] as const)
      expect((await download(owner.client, sized(files[kind], width))).status).toBe(200);
    expect(await keys()).toHaveLength(4);
    await storage.remove(`photos/${id}_match.jpg`);
    expect((await download(owner.client, sized(files.match, 240))).status).toBe(404);
    expect((await owner.client.del(`/api/photos.php?id=${id}`)).status).toBe(200);
    expect(await keys()).toEqual([]);
    expect((await download(owner.client, sized(files.thumb, 240))).status).toBe(404);
  });
});
