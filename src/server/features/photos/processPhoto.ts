import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "../../adapters/storage";

export interface StoredPhoto {
  id: string;
  filename: string;
  thumbFilename: string;
  matchFilename: string;
  blurredFilename: string;
}

/**
 * A photo sent in chat: the same checks and re-encoding as a profile photo, but only the photo and a
 * thumbnail, kept apart (`chatphotos/`) because only the two members of the conversation may fetch them.
 */
export async function processChatPhoto(input: Buffer, storage: Storage): Promise<{ id: string }> {
  const id = randomUUID();
  const base = sharp(input, { failOn: "error", limitInputPixels: 40_000_000 }).rotate();
  const [main, thumb] = await Promise.all([
    base.clone().resize(1080, 1350, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    base.clone().resize(320, 320, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer(),
  ]);
  await Promise.all([storage.put(`chatphotos/${id}.jpg`, main), storage.put(`chatphotos/${id}_thumb.jpg`, thumb)]);
  return { id };
}

/**
 * Re-encodes an image (which drops EXIF and any payload hidden in it) into the four variants the
 * site shows: the photo, a thumbnail, a square match crop and a blurred copy for locked photos.
 */
export async function processPhoto(input: Buffer, storage: Storage): Promise<StoredPhoto> {
  const id = randomUUID();
  const base = sharp(input, { failOn: "error", limitInputPixels: 40_000_000 }).rotate();
  const [main, thumb, match, blurred] = await Promise.all([
    base.clone().resize(1080, 1350, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    base.clone().resize(240, 300, { fit: "cover", position: "attention" }).jpeg({ quality: 78 }).toBuffer(),
    base.clone().resize(480, 480, { fit: "cover", position: "attention" }).jpeg({ quality: 80 }).toBuffer(),
    base.clone().resize(240, 300, { fit: "cover" }).blur(18).jpeg({ quality: 60 }).toBuffer(),
  ]);
  const photo: StoredPhoto = {
    id,
    filename: `${id}.jpg`,
    thumbFilename: `${id}_thumb.jpg`,
    matchFilename: `${id}_match.jpg`,
    blurredFilename: `${id}_blur.jpg`,
  };
  await Promise.all([
    storage.put(`photos/${photo.filename}`, main),
    storage.put(`photos/${photo.thumbFilename}`, thumb),
    storage.put(`photos/${photo.matchFilename}`, match),
    storage.put(`photos/${photo.blurredFilename}`, blurred),
  ]);
  return photo;
}

/**
 * A verification selfie (features/verification): the same checks and re-encoding, one size, kept
 * apart (`verifications/`) because only moderators may see it. Returns its storage key.
 */
export async function processSelfie(input: Buffer, storage: Storage): Promise<string> {
  const key = `verifications/${randomUUID()}.jpg`;
  const body = await sharp(input, { failOn: "error", limitInputPixels: 40_000_000 })
    .rotate()
    .resize(1080, 1350, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  await storage.put(key, body);
  return key;
}
