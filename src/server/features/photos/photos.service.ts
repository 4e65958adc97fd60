import { newPhotoStatus, photoModerationOf } from "../../../common/photoModeration";
import { FREE_PHOTOS, PREMIUM_PHOTOS } from "../../../common/constants";
import { PHOTO_MIME, PHOTO_WIDTHS, type PhotoFormat, type PhotoKind } from "../../../common/photoSizes";
import type { OwnPhoto } from "../../../common/schemas/members";
import type { OpenedFile, Storage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import type { SiteRow } from "../settings/settings.repo";
import { detectImageType } from "./detectImageType";
import { assertMayWrite, isVisible, photoLocked, type Viewer } from "../members/access";
import { etagMatches, photoEtag } from "./photoCaching";
import { addPhoto, type PhotoRow, photoForServing, removePhoto } from "./photos.repo";
import { makePhotoSize, photoSizeKey, removePhotoSizes, sourceFileName } from "./photoSizes";
import { processPhoto } from "./processPhoto";
import { isFlaggedPhoto } from "../../../common/photoSafety";
import type { PhotoClassifier } from "../photoSafety/photoClassifier";

export function ownPhotoDto(photo: PhotoRow, mainPhotoId: string | null): OwnPhoto {
  return {
    id: photo.id,
    filename: `/photos/${photo.filename}`,
    thumb_filename: `/photos/${photo.thumbFilename}`,
    match: `/photos/${photo.matchFilename}`,
    status: photo.status,
    is_main: photo.id === mainPhotoId,
  };
}

export const maxPhotos = (paid: boolean) => (paid ? PREMIUM_PHOTOS : FREE_PHOTOS);

/** A photo file as requested: which photo and which variant. */
export function parsePhotoFile(file: string): { id: string; variant: "main" | "thumb" | "match" | "blur" } | null {
  const m = /^([0-9a-f-]{36})(?:_(thumb|match|blur))?\.jpg$/.exec(file);
  if (!m) return null;
  return { id: m[1], variant: (m[2] as "thumb" | "match" | "blur" | undefined) ?? "main" };
}

/** A WebP (or later other) width of a photo file, as `?w=&f=` ask for it. */
export interface PhotoSize {
  width: number;
  format: PhotoFormat;
}

/** Own photos (upload, delete) and who may fetch which photo file. */
export class PhotosService {
  /** Sizes being made on this instance, by storage key: a second request for one waits for the first. */
  private readonly making = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    /** Scores new photos for nudity (photo safety, issue 22). */
    private readonly classifier: PhotoClassifier,
  ) {}

  /** Checks the file by content, re-encodes it (dropping metadata) and stores it with its variants. */
  async upload(member: MemberRecord, site: SiteRow, file: Buffer): Promise<OwnPhoto> {
    const max = maxPhotos(member.user.paidUser);
    if (!detectImageType(file)) throw new AppError(400, "not_an_image");
    let stored: Awaited<ReturnType<typeof processPhoto>>;
    try {
      stored = await processPhoto(file, this.storage);
    } catch {
      throw new AppError(400, "image_corrupt");
    }
    let flagged: boolean;
    try {
      flagged = isFlaggedPhoto(await this.classifier.classify(file));
    } catch (err) {
      await this.removeFiles(stored);
      throw err;
    }
    // Pre-moderation: only the owner sees it until a moderator approves it; post: shown at once. Queued
    // either way. A photo the nudity model flagged waits for a moderator whatever the site's mode.
    const status = flagged ? "pending" : newPhotoStatus(photoModerationOf(site.settings).mode);
    const row = await addPhoto(this.db, member.profile.id, stored, max, status, flagged);
    if (!row) {
      await this.removeFiles(stored);
      throw new AppError(400, member.user.paidUser ? "photo_limit_premium" : "photo_limit_free", { max });
    }
    return ownPhotoDto(row, member.profile.mainPhotoId ?? (row.status === "approved" ? row.id : null));
  }

  async remove(member: MemberRecord, photoId: string): Promise<void> {
    const viewer = { id: member.user.id, siteId: member.user.siteId, paid: member.user.paidUser };
    const row = await removePhoto(this.db, photoId, (photo) => assertMayWrite({ photo }, viewer));
    await this.removeFiles(row);
  }

  private async removeFiles(photo: { filename: string; thumbFilename: string; matchFilename: string; blurredFilename: string }) {
    await Promise.all([photo.filename, photo.thumbFilename, photo.matchFilename, photo.blurredFilename].map((f) => this.storage.remove(`photos/${f}`)));
    const id = parsePhotoFile(photo.filename)?.id;
    if (id) await removePhotoSizes(this.storage, id);
  }

  /**
   * A photo file for a viewer who may have it now (the rules are in photoCaching.ts), or null. The
   * owner while it is not rejected; others while the photo is approved and its owner visible to them (members/access.ts),
   * and, except the blurred copy, unlocked: one of the first FREE_VISIBLE_PHOTOS, or a premium viewer.
   * `body` is null when the viewer's copy (If-None-Match) is still the file: nothing to send again.
   * With `size`, the same file in that width and format (common/photoSizes.ts), under the same rule:
   * a size is decided as the file it is made from.
   */
  async file(file: string, viewer: Viewer, ifNoneMatch?: string, size?: PhotoSize): Promise<{ etag: string; type: string; body: OpenedFile | null } | null> {
    const parsed = parsePhotoFile(file);
    if (!parsed) return null;
    if (size && !PHOTO_WIDTHS[parsed.variant].includes(size.width)) throw new AppError(400, "validation_failed", undefined, "w");
    const found = await photoForServing(this.db, parsed.id, viewer.id);
    if (!found || found.siteId !== viewer.siteId) return null;
    const { photo } = found;
    // A rejected photo is gone for everyone, its owner too (they are told why: photoModeration).
    if (photo.status === "rejected") return null;
    // Photo moderation: a photo still waiting (pre-moderation) is its owner's only.
    if (viewer.id !== photo.profileId) {
      if (photo.status !== "approved" || !isVisible(found.owner, viewer)) return null;
      if (parsed.variant !== "blur" && photoLocked(found.rank, photo.profileId, viewer)) return null;
    }
    if (size) {
      const etag = photoEtag(`${file.slice(0, -".jpg".length)}.${size.width}.${size.format}`);
      const type = PHOTO_MIME[size.format];
      if (etagMatches(ifNoneMatch, etag)) return { etag, type, body: null };
      const body = await this.sizeOf(parsed.id, parsed.variant, size);
      return body ? { etag, type, body } : null;
    }
    const etag = photoEtag(file);
    if (etagMatches(ifNoneMatch, etag)) return { etag, type: "image/jpeg", body: null };
    const name = { main: photo.filename, thumb: photo.thumbFilename, match: photo.matchFilename, blur: photo.blurredFilename }[parsed.variant];
    const body = await this.storage.open(`photos/${name}`);
    return body ? { etag, type: "image/jpeg", body } : null;
  }

  /** A stored size, or, for a photo stored before it had one, the size made and stored now. */
  private async sizeOf(id: string, kind: PhotoKind, { width, format }: PhotoSize): Promise<OpenedFile | null> {
    const key = photoSizeKey(id, kind, width, format);
    const stored = await this.storage.open(key);
    if (stored) return stored;
    let making = this.making.get(key);
    if (!making) {
      making = (async () => {
        const source = await this.storage.get(`photos/${sourceFileName(id, kind)}`);
        if (!source) return null;
        const body = await makePhotoSize(source, kind, width, format);
        await this.storage.put(key, body);
        return body;
      })().finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    const body = await making;
    return body ? { body, size: body.length } : null;
  }
}
