import { newPhotoStatus, photoModerationOf } from "../../../common/photoModeration";
import { FREE_PHOTOS, PREMIUM_PHOTOS } from "../../../common/constants";
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
import { processPhoto } from "./processPhoto";

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

/** Own photos (upload, delete) and who may fetch which photo file. */
export class PhotosService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
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
    // Pre-moderation: only the owner sees it until a moderator approves it; post: shown at once. Queued either way.
    const row = await addPhoto(this.db, member.profile.id, stored, max, newPhotoStatus(photoModerationOf(site.settings).mode));
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
  }

  /**
   * A photo file for a viewer who may have it now (the rules are in photoCaching.ts), or null. The
   * owner while it is not rejected; others while the photo is approved and its owner visible to them (members/access.ts),
   * and, except the blurred copy, unlocked: one of the first FREE_VISIBLE_PHOTOS, or a premium viewer.
   * `body` is null when the viewer's copy (If-None-Match) is still the file: nothing to send again.
   */
  async file(file: string, viewer: Viewer, ifNoneMatch?: string): Promise<{ etag: string; body: OpenedFile | null } | null> {
    const parsed = parsePhotoFile(file);
    if (!parsed) return null;
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
    const etag = photoEtag(file);
    if (etagMatches(ifNoneMatch, etag)) return { etag, body: null };
    const name = { main: photo.filename, thumb: photo.thumbFilename, match: photo.matchFilename, blur: photo.blurredFilename }[parsed.variant];
    const body = await this.storage.open(`photos/${name}`);
    return body ? { etag, body } : null;
  }
}
