import sharp from "sharp";
import { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat, type PhotoKind, photoFileOf } from "../../../common/photoSizes";
import type { Storage } from "../../adapters/storage";

// The WebP widths of common/photoSizes.ts, made from the stored JPEGs and kept in storage beside them
// (`photosizes/<id>/<kind>-<width>.webp`), so that every instance serves them as cheaply as the JPEGs.
// A size is made on the first request that asks for it (by whichever instance gets it), not at
// upload: an upload would pay for ten encodings (0.2-0.7 s) of which pages ask for two or three, and
// the photos stored before there were sizes need this path anyway. `npm run photos:sizes` makes them
// all ahead (after the deploy that brings them, or when a width is added). The same file always gives
// the same bytes, so two instances making the same size at once store the same file.

/**
 * The stored JPEG a size is made from. A blurred copy only ever from the blurred file: a size of a
 * locked photo must not show more than the blurred JPEG does. The 4:5 thumbnail from the large photo,
 * which has the pixels for its larger widths (the stored thumbnail is 240 wide).
 */
const SOURCE: Readonly<Record<PhotoKind, "main" | "match" | "blur">> = { main: "main", thumb: "main", match: "match", blur: "blur" };

/** The stored file name of a kind of the photo `id` (photos/<name>). */
export const storedFileName = (id: string, kind: PhotoKind) => `${id}${kind === "main" ? "" : `_${kind}`}.jpg`;

/** Where a size of a photo is kept. */
export const photoSizeKey = (id: string, kind: PhotoKind, width: number, format: PhotoFormat) => `photosizes/${id}/${kind}-${width}.${format}`;

/** Whether the server makes this width of this kind (common/photoSizes.ts). */
export const isPhotoSize = (kind: PhotoKind, width: number) => PHOTO_WIDTHS[kind].includes(width);

/** The stored JPEG a size of `kind` is made from: its name under photos/. */
export const sourceFileName = (id: string, kind: PhotoKind) => storedFileName(id, SOURCE[kind]);

/** Makes one size from the bytes of its source JPEG (sourceFileName). */
export async function makePhotoSize(source: Buffer, kind: PhotoKind, width: number, format: PhotoFormat): Promise<Buffer> {
  if (!isPhotoSize(kind, width)) throw new Error(`no ${width} px size of ${kind} photos`);
  const image = sharp(source, { failOn: "error" });
  const sized =
    kind === "main"
      ? // The large photo keeps its own shape (stored "inside" 1080x1350) and is never enlarged.
        image.resize(width, Math.round(width * 1.25), { fit: "inside", withoutEnlargement: true })
      : kind === "thumb"
        ? image.resize(width, Math.round(width * 1.25), { fit: "cover", position: "attention" })
        : kind === "match"
          ? image.resize(width, width, { fit: "cover" })
          : image.resize(width, Math.round(width * 1.25), { fit: "cover" });
  switch (format) {
    case "webp":
      return sized.webp({ quality: kind === "blur" ? 60 : 76, effort: 4 }).toBuffer();
  }
}

/** Every size a photo has: kind, width and format. */
export function allPhotoSizes(): { kind: PhotoKind; width: number; format: PhotoFormat }[] {
  return (Object.keys(PHOTO_WIDTHS) as PhotoKind[]).flatMap((kind) =>
    PHOTO_WIDTHS[kind].flatMap((width) => PHOTO_FORMATS.map((format) => ({ kind, width, format }))),
  );
}

/** Makes and stores the sizes of the photo `id` that storage does not hold yet, from its stored JPEGs. Returns how many it made. */
export async function makeMissingPhotoSizes(storage: Storage, id: string): Promise<number> {
  const have = new Set<string>();
  for await (const entry of storage.list(`photosizes/${id}/`)) have.add(entry.key);
  const missing = allPhotoSizes().filter((s) => !have.has(photoSizeKey(id, s.kind, s.width, s.format)));
  const loaded = new Map<string, Buffer | null>();
  const sourceOf = async (kind: PhotoKind) => {
    const source = SOURCE[kind];
    if (!loaded.has(source)) loaded.set(source, await storage.get(`photos/${storedFileName(id, source)}`));
    return loaded.get(source) ?? null;
  };
  let made = 0;
  // One at a time: sharp already spreads one image over the CPU's threads.
  for (const { kind, width, format } of missing) {
    const source = await sourceOf(kind);
    if (!source) continue;
    await storage.put(photoSizeKey(id, kind, width, format), await makePhotoSize(source, kind, width, format));
    made++;
  }
  return made;
}

/** The storage keys of every stored size of the photo `id`. */
export async function photoSizeKeysOf(storage: Storage, id: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(`photosizes/${id}/`)) keys.push(entry.key);
  return keys;
}

/** Removes every stored size of the photo `id`. */
export async function removePhotoSizes(storage: Storage, id: string): Promise<void> {
  await Promise.all((await photoSizeKeysOf(storage, id)).map((key) => storage.remove(key)));
}

/**
 * Makes the missing sizes of every stored photo (`AT_ONCE` photos at a time: sharp spreads each image
 * over the CPU's threads already) and removes the sizes whose photo is gone (one made while its photo
 * was being deleted). `progress` hears every hundredth photo.
 */
export async function makeAllPhotoSizes(
  storage: Storage,
  progress: (done: number, of: number) => void = () => {},
): Promise<{ photos: number; made: number; removed: number }> {
  const AT_ONCE = 2;
  const ids = new Set<string>();
  for await (const { key } of storage.list("photos/")) {
    const file = photoFileOf(key);
    if (file?.kind === "main" && key === `photos/${file.id}.jpg`) ids.add(file.id);
  }
  const queue = [...ids];
  let made = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const count = await makeMissingPhotoSizes(storage, id);
        made += count;
        if (++done % 100 === 0) progress(done, ids.size);
      }
    }),
  );
  const orphans = new Set<string>();
  for await (const { key } of storage.list("photosizes/")) {
    const id = key.split("/")[1];
    if (!ids.has(id)) orphans.add(id);
  }
  let removed = 0;
  for (const id of orphans) {
    // Checked again one by one: a photo uploaded since the first listing is no orphan.
    if (await storage.get(`photos/${id}.jpg`)) continue;
    await removePhotoSizes(storage, id);
    removed++;
  }
  return { photos: ids.size, made, removed };
}
