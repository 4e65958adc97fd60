import { ageOn } from "../../../common/dates";
import { isLanguage } from "../../../common/locales";
import { type PhotoRejectionReason, photoModerationOf } from "../../../common/photoModeration";
import type { PhotoNotices, PhotoQueue } from "../../../common/schemas/photoModeration";
import type { OpenedFile, Storage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { translate } from "../../i18n";
import { enqueueMail } from "../../mail/enqueueMail";
import { renderMail } from "../../mail/mailTemplates";
import { recordAudit } from "../audit/audit.repo";
import type { SiteRow } from "../settings/settings.repo";
import type { SiteOrigin } from "../settings/siteOrigin";
import {
  decidePhoto,
  markRejectionSeen,
  photoFiles,
  oldestWaiting,
  type PhotoDecision,
  photoNoticesOf,
  photoOwner,
  photosOf,
  waitingCount,
} from "./photoModeration.repo";

/** How many waiting photos the queue shows at once. */
export const PHOTO_QUEUE_PAGE = 20;

/** The console's address of a photo file (operators have no member session for /photos/). */
export const consolePhotoUrl = (id: string, size: "full" | "thumb" = "full") => `/api/console/photos/${id}/file${size === "thumb" ? "?size=thumb" : ""}`;

/**
 * Photo moderation (issue 16): the queue of undecided photos, oldest first, and the decision on
 * each. A decision, its audit row and the mail to the member commit together.
 */
export class PhotoModerationService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly siteOrigin: SiteOrigin,
    private readonly mailFrom: (site: SiteRow) => string,
    private readonly onMemberChanged: (userId: number) => Promise<void>,
    private readonly onMailQueued: () => void,
  ) {}

  async queue(): Promise<PhotoQueue> {
    const [waiting, rows] = await Promise.all([waitingCount(this.db), oldestWaiting(this.db, PHOTO_QUEUE_PAGE)]);
    const others = await photosOf(this.db, [...new Set(rows.map((r) => r.member.id))]);
    return {
      waiting,
      photos: rows.map(({ photo, member, site }) => ({
        id: photo.id,
        url: consolePhotoUrl(photo.id),
        created_at: photo.createdAt.toISOString(),
        status: photo.status === "pending" ? "pending" : "approved",
        mode: photoModerationOf(site.settings).mode,
        model_flagged: photo.modelFlagged,
        member: {
          id: member.id,
          name: member.name,
          site: site.domain,
          gender: member.gender,
          age: member.dateOfBirth ? ageOn(member.dateOfBirth) : null,
          country: member.country,
          city: member.city,
          personal_text: member.personalText,
          signup_date: member.signupDate.toISOString(),
        },
        other_photos: others
          .filter((o) => o.profileId === member.id && o.id !== photo.id)
          .map((o) => ({ id: o.id, url: consolePhotoUrl(o.id, "thumb"), status: o.status })),
      })),
    };
  }

  /** Approves or rejects a waiting photo; a rejection is mailed to the member in their language. */
  async decide(operatorId: number, photoId: string, decision: PhotoDecision): Promise<void> {
    const memberId = await this.db.transaction(async (tx) => {
      const row = await decidePhoto(tx, photoId, operatorId, decision);
      if (!row) throw notFound();
      await recordAudit(tx, {
        operatorId,
        action: decision.decision === "approve" ? "photo.approve" : "photo.reject",
        memberId: row.profileId,
        reason: decision.decision === "reject" ? decision.reason : null,
        details: { photo_id: row.id },
      });
      if (decision.decision === "reject") await this.queueRejectionMail(tx, row.profileId, decision.reason);
      return row.profileId;
    });
    if (decision.decision === "reject") this.onMailQueued();
    // Cards and pages cached with the old main photo are fetched again.
    await this.onMemberChanged(memberId);
  }

  private async queueRejectionMail(tx: Db, memberId: number, reason: PhotoRejectionReason): Promise<void> {
    const owner = await photoOwner(tx, memberId);
    if (!owner) return;
    const language = isLanguage(owner.language) ? owner.language : "en";
    const content = renderMail({
      template: "photo_rejected",
      language,
      siteName: owner.site.settings.name,
      name: owner.name,
      link: `${this.siteOrigin(owner.site)}/profile`,
      vars: { reason: translate(language, `photos.rejection_reasons.${reason}`) },
    });
    await enqueueMail(tx, { ...content, to: owner.email, from: this.mailFrom(owner.site), userId: owner.id, about: [owner.id] });
  }

  /** A photo file for the moderator: any status, the full photo or its thumbnail. */
  async file(photoId: string, size: "full" | "thumb"): Promise<OpenedFile> {
    const row = await photoFiles(this.db, photoId);
    const body = row ? await this.storage.open(`photos/${size === "thumb" ? row.thumbFilename : row.filename}`) : null;
    if (!body) throw notFound();
    return body;
  }

  async notices(memberId: number): Promise<PhotoNotices> {
    const rows = await photoNoticesOf(this.db, memberId);
    return {
      pending: rows.filter((r) => r.status === "pending").length,
      rejected: rows
        .filter((r) => r.status === "rejected")
        .map((r) => ({ id: r.id, reason: r.reason ?? "other", at: (r.decidedAt ?? new Date()).toISOString() })),
    };
  }

  async noticeSeen(memberId: number, photoId: string): Promise<void> {
    if (!(await markRejectionSeen(this.db, memberId, photoId))) throw new AppError(404, "not_found");
  }
}
