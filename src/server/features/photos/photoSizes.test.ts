import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PHOTO_WIDTHS } from "../../../common/photoSizes";
import { LocalStorage } from "../../adapters/storage";
import { makeAllPhotoSizes, makeMissingPhotoSizes, makePhotoSize, photoSizeKey, removePhotoSizes } from "./photoSizes";

const id = "0b6f3c1e-8d2a-4d3b-9a51-3f1c2e4d5a6b";

/** A JPEG of black and white stripes (40 px): edges that a blur would wash out, wide enough to survive a downscale. */
const stripes = (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.fill((i % width) % 80 < 40 ? 0 : 255, i * 3, i * 3 + 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#808080" } })
    .jpeg()
    .toBuffer();

async function describeImage(bytes: Buffer) {
  const { format, width, height } = await sharp(bytes).metadata();
  const { channels } = await sharp(bytes).stats();
  return { format, width, height, spread: channels[0].stdev };
}

describe("the WebP sizes of a photo", () => {
  it("makes each width of the large photo as WebP of that width, in the photo's own shape", async () => {
    const large = await stripes(1080, 1350);
    for (const width of PHOTO_WIDTHS.main) {
      expect(await describeImage(await makePhotoSize(large, "main", width, "webp"))).toMatchObject({ format: "webp", width, height: width * 1.25 });
    }
    const landscape = await stripes(1080, 720);
    expect(await describeImage(await makePhotoSize(landscape, "main", 540, "webp"))).toMatchObject({ width: 540, height: 360 });
  });

  it("never enlarges a large photo stored smaller than the width asked", async () => {
    expect(await describeImage(await makePhotoSize(await stripes(720, 900), "main", 1080, "webp"))).toMatchObject({ width: 720, height: 900 });
  });

  it("crops thumbnails to 4:5 and match photos to a square", async () => {
    const large = await stripes(1080, 720);
    expect(await describeImage(await makePhotoSize(large, "thumb", 480, "webp"))).toMatchObject({ width: 480, height: 600 });
    expect(await describeImage(await makePhotoSize(await stripes(480, 480), "match", 240, "webp"))).toMatchObject({ width: 240, height: 240 });
  });

  it("is smaller than the stored JPEG of the same width", async () => {
    const photo = await sharp(await stripes(480, 600))
      .modulate({ hue: 40 })
      .blur(1.2)
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    expect((await makePhotoSize(photo, "main", 360, "webp")).length).toBeLessThan(photo.length);
  });

  it("refuses a width it does not make", async () => {
    await expect(makePhotoSize(await flat(240, 300), "thumb", 1080, "webp")).rejects.toThrow(/no 1080 px size/);
    await expect(makePhotoSize(await flat(240, 300), "blur", 480, "webp")).rejects.toThrow();
  });
});

describe("stored sizes", () => {
  let dir: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "photosizes-"));
    storage = new LocalStorage(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("makes the blurred copy's sizes from the blurred file, never from the clear photo", async () => {
    await storage.put(`photos/${id}.jpg`, await stripes(1080, 1350));
    await storage.put(`photos/${id}_match.jpg`, await stripes(480, 480));
    await storage.put(`photos/${id}_blur.jpg`, await flat(240, 300));
    await makeMissingPhotoSizes(storage, id);
    const blurred = await describeImage((await storage.get(photoSizeKey(id, "blur", 240, "webp"))) as Buffer);
    const clear = await describeImage((await storage.get(photoSizeKey(id, "thumb", 240, "webp"))) as Buffer);
    expect(blurred.spread).toBeLessThan(5);
    expect(clear.spread).toBeGreaterThan(60);
  });

  it("makes every missing size once, and removes them all with the photo", async () => {
    await storage.put(`photos/${id}.jpg`, await stripes(1080, 1350));
    await storage.put(`photos/${id}_match.jpg`, await stripes(480, 480));
    await storage.put(`photos/${id}_blur.jpg`, await flat(240, 300));
    const all = Object.values(PHOTO_WIDTHS).flat().length;
    expect(await makeMissingPhotoSizes(storage, id)).toBe(all);
    await storage.remove(photoSizeKey(id, "main", 720, "webp"));
    expect(await makeMissingPhotoSizes(storage, id)).toBe(1);
    await removePhotoSizes(storage, id);
    const left: string[] = [];
    for await (const entry of storage.list("photosizes/")) left.push(entry.key);
    expect(left).toEqual([]);
  });

  it("makes every photo's missing sizes in one pass and removes the sizes of photos that are gone", async () => {
    const other = "1c7e4d2f-9e3b-4e4c-8b62-4a2d3f5e6b7c";
    const gone = "2d8f5e3a-af4c-4f5d-9c73-5b3e4a6f7c8d";
    for (const photo of [id, other]) {
      await storage.put(`photos/${photo}.jpg`, await stripes(720, 900));
      await storage.put(`photos/${photo}_match.jpg`, await stripes(480, 480));
      await storage.put(`photos/${photo}_blur.jpg`, await flat(240, 300));
    }
    await storage.put(photoSizeKey(gone, "thumb", 240, "webp"), await flat(240, 300));
    const all = Object.values(PHOTO_WIDTHS).flat().length;
    expect(await makeAllPhotoSizes(storage)).toEqual({ photos: 2, made: 2 * all, removed: 1 });
    expect(await storage.get(photoSizeKey(gone, "thumb", 240, "webp"))).toBeNull();
    expect(await makeAllPhotoSizes(storage)).toEqual({ photos: 2, made: 0, removed: 0 });
  });
});
