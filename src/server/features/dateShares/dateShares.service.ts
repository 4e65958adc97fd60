import { DATE_SHARE_MAX_DAYS_AHEAD, DATE_SHARE_MAX_HOURS_BEFORE, DATE_SHARES_ACTIVE_MAX, DATE_SHARES_PER_DAY } from "../../../common/constants";
import { dateShareExpiry, dateShareTimeProblem, isDateShareLive } from "../../../common/dateShareRules";
import type { CreateDateShare, CreateDateShareResponse, DatePage, DateShare, DateSharesResponse } from "../../../common/schemas/dateShares";
import type { OpenedFile, Storage } from "../../adapters/storage";
import { type Limiter, takeTry } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import type { DateShareRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { MemberRecord } from "../auth/auth.repo";
import { findConversation, findWriteTarget } from "../chat/chat.repo";
import { assertMayWrite, type Viewer } from "../members/access";
import type { SiteRow } from "../settings/settings.repo";
import { countLiveShares, findShareByTokenHash, insertDateShare, liveSharesOf, photoFileOf, revokeShare } from "./dateShares.repo";
import { dateShareTokenHash, newDateShareToken } from "./dateShareToken";

const DAY_SECONDS = 86_400;

/** A share as its member lists it. */
function shareDto(row: DateShareRow): DateShare {
  return {
    id: row.id,
    conversation: row.conversationId,
    place: row.place,
    starts_at: row.startsAt.toISOString(),
    note: row.note,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** The link of a share: the site's configured address (never the request's Host) and the token. */
export const dateShareUrl = (origin: string, token: string) => `${origin}/date/${token}`;

/** How a link answers: its page, or why it shows nothing. */
export type DatePageLookup = { page: DatePage; photoId: string | null } | { gone: "unknown" | "over" };

/**
 * Share my date (issue 22). A member shares a date of one of their conversations, on the same terms as
 * writing in it (members/access.ts: both in the conversation, neither blocked, the other member
 * reachable). The page behind a link then shows:
 * - nothing (410) once revoked, past its expiry, or when the sharer's own account is closed, banned,
 *   suspended or leaving: a closed account's links must not go on speaking for it;
 * - the place, time and note without the other member when that member can no longer be shown (banned,
 *   suspended, leaving) or when either blocked the other: their photo and name are theirs, and a ban
 *   may be for a stolen photo; the friend still learns where and when, which is what keeps the sharer safe.
 */
export class DateSharesService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly limiter: Limiter,
    /** Hours after the date's time when its link stops working (DATE_SHARE_HOURS_AFTER). */
    private readonly hoursAfter: number,
  ) {}

  private viewer(member: MemberRecord, site: SiteRow): Viewer {
    return { id: member.user.id, siteId: site.id, paid: member.user.paidUser };
  }

  /** The conversation's other member, when the member may still write in it (else 404, or 403 blocked_by). */
  private async partnerToShare(member: MemberRecord, site: SiteRow, conversationId: number): Promise<number> {
    const viewer = this.viewer(member, site);
    const conversation = await findConversation(this.db, conversationId);
    assertMayWrite({ conversation }, viewer);
    const { memberA, memberB } = conversation as NonNullable<typeof conversation>;
    const partner = memberA === member.user.id ? memberB : memberA;
    assertMayWrite({ member: await findWriteTarget(this.db, member.user.id, site.id, partner) }, viewer);
    return partner;
  }

  /** Makes a link for a date; its token is shown this once (only its hash is kept). */
  async create(member: MemberRecord, site: SiteRow, input: CreateDateShare, origin: string, now = new Date()): Promise<CreateDateShareResponse> {
    const partnerId = await this.partnerToShare(member, site, input.conversation);
    const startsAt = new Date(input.starts_at);
    if (dateShareTimeProblem(startsAt, now))
      throw new AppError(400, "date_share_time", { hours: DATE_SHARE_MAX_HOURS_BEFORE, days: DATE_SHARE_MAX_DAYS_AHEAD }, "starts_at");
    const sharerId = member.user.id;
    if ((await countLiveShares(this.db, sharerId, now)) >= DATE_SHARES_ACTIVE_MAX) {
      throw new AppError(429, "date_share_limit");
    }
    // Counted before the link is made, so that parallel requests cannot all slip in.
    await takeTry(this.limiter, `date-share:${sharerId}`, { max: DATE_SHARES_PER_DAY, windowSeconds: DAY_SECONDS, code: "date_share_limit" });
    const token = newDateShareToken();
    const row = await insertDateShare(this.db, {
      siteId: site.id,
      sharerId,
      partnerId,
      conversationId: input.conversation,
      tokenHash: dateShareTokenHash(token),
      place: input.place,
      startsAt,
      note: input.note ?? "",
      expiresAt: dateShareExpiry(startsAt, this.hoursAfter),
    });
    return { share: shareDto(row), url: dateShareUrl(origin, token) };
  }

  /** The member's working links of a conversation they are in. */
  async list(member: MemberRecord, site: SiteRow, conversationId: number, now = new Date()): Promise<DateSharesResponse> {
    const conversation = await findConversation(this.db, conversationId);
    assertMayWrite({ conversation }, this.viewer(member, site));
    return { shares: (await liveSharesOf(this.db, member.user.id, conversationId, now)).map(shareDto), hours_after: this.hoursAfter };
  }

  /** Revokes one of the member's links (404 for anyone else's, or one revoked before). */
  async revoke(member: MemberRecord, id: number): Promise<void> {
    if (!(await revokeShare(this.db, member.user.id, id))) throw new AppError(404, "not_found");
  }

  /** What a link shows on the site it was made on (see the class comment for how much). */
  async page(site: SiteRow, token: string, now = new Date()): Promise<DatePageLookup> {
    const found = await findShareByTokenHash(this.db, dateShareTokenHash(token));
    if (!found || found.share.siteId !== site.id) return { gone: "unknown" };
    if (!isDateShareLive(found.share, now) || !found.sharerInGoodStanding) return { gone: "over" };
    const showPartner = found.partnerInGoodStanding && !found.blockedEitherWay;
    const photoId = showPartner ? found.partnerPhotoId : null;
    const { share } = found;
    return {
      photoId,
      page: {
        site: site.settings.name,
        sharer_name: found.sharerName,
        partner: showPartner ? { name: found.partnerName, photo: photoId ? `/api/datephoto.php?token=${token}` : null } : null,
        place: share.place,
        starts_at: share.startsAt.toISOString(),
        note: share.note,
        expires_at: share.expiresAt.toISOString(),
      },
    };
  }

  /** The page's answer: 404 for an unknown link, 410 for one that no longer works. */
  async pageOrGone(site: SiteRow, token: string): Promise<DatePage> {
    const found = await this.page(site, token);
    if ("gone" in found) throw new AppError(found.gone === "unknown" ? 404 : 410, "date_share_gone");
    return found.page;
  }

  /** The other member's photo on a working link's page, or null. */
  async photo(site: SiteRow, token: string): Promise<OpenedFile | null> {
    const found = await this.page(site, token);
    if ("gone" in found || !found.photoId) return null;
    const file = await photoFileOf(this.db, found.photoId);
    return file ? this.storage.open(`photos/${file}`) : null;
  }
}
