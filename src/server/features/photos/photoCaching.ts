import type { FastifyReply } from "fastify";
import type { OpenedFile } from "../../adapters/storage";

/**
 * How long a browser or a proxy may keep a stored photo. The rule: a file may be cached as
 * `public, max-age=31536000, immutable` only if anyone at all may see those bytes at any time. No
 * member's photo passes it: every member may at any moment turn invisible, block a viewer, delete the
 * photo or leave (and be erased 14 days later), and a kept copy would go on being shown after the
 * right is gone. So every photo is checked on each request (PhotosService.file, ChatService.photoFile):
 *
 * | file                                      | who gets it, decided at the time of the request                   | Cache-Control      |
 * |-------------------------------------------|-------------------------------------------------------------------|--------------------|
 * | profile photo `<id>.jpg` (the original),  | the owner; anyone else on the site while the photo is approved,   | private, no-cache  |
 * | thumbnail `<id>_thumb.jpg`,               | the owner may be seen by them (enabled, not leaving, not          | + ETag             |
 * | square crop `<id>_match.jpg`              | invisible unless they liked the viewer, not blocking the viewer)  |                    |
 * |                                           | and the photo is unlocked for them (one of the first              |                    |
 * |                                           | FREE_VISIBLE_PHOTOS, or a premium viewer)                          |                    |
 * | blurred copy `<id>_blur.jpg`              | as above, but never locked (it stands in for a locked photo)      | private, no-cache  |
 * |                                           |                                                                   | + ETag             |
 * | a WebP width of any of the four above,    | as the file it is made from (a blurred copy's widths are made     | private, no-cache  |
 * | `<file>?w=<width>&f=webp`                 | from the blurred file only: photoSizes.ts)                        | + ETag of its own  |
 * | chat photo `/chatphotos/<id>.jpg`         | the two members of its conversation, while the viewer may open    | private, no-store  |
 * | and its `<id>_thumb.jpg`                  | it (the partner visible to them, neither blocking the other)       |                    |
 * | voice message `/chatvoice/<id>.webm`      | as a chat photo (and `<id>.mp4`)                                  | private, no-store  |
 *
 * `private` keeps the file out of shared caches (a CDN, a company proxy). `no-cache` lets the browser
 * keep its copy but ask each time: the bytes of a file name never change (a new upload gets a new
 * random id), so its name is its ETag (a width's: `<name>.<width>.webp`), and a viewer who may still
 * see it gets a 304 without the bytes; one who may not gets a 404. Chat photos are private between two people: `no-store` keeps them out
 * of the browser's disk cache as well.
 */
export const PROFILE_PHOTO_CACHE = "private, no-cache";
export const CHAT_PHOTO_CACHE = "private, no-store";

/**
 * Sends a file only operators see (a photo waiting for moderation, a verification selfie): a JPEG kept
 * in no cache at all, browser included.
 */
export function sendUncachedJpeg(reply: FastifyReply, file: OpenedFile): FastifyReply {
  return reply
    .type("image/jpeg")
    .header("cache-control", CHAT_PHOTO_CACHE)
    .header("x-content-type-options", "nosniff")
    .header("content-length", file.size)
    .send(file.body);
}

/** The ETag of a stored photo file: its name, whose bytes never change. */
export const photoEtag = (file: string) => `"${file}"`;

/** Whether an If-None-Match header names this ETag (a list, weak tags and `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
