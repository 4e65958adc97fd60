import type { Gender, Sexuality } from "../../../common/profileOptions";
import { AUTO_LIKES_PER_DAY, LIKE_NOTICE_WINDOW_HOURS } from "../../../common/constants";
import type { AutoLikeResponse, LikeResponse, LikesResponse } from "../../../common/schemas/members";
import type { Limiter } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { secondsToUtcMidnight, utcDay } from "../../time";
import { LikesListCache } from "./likesListCache";
import { cardRowOf } from "../members/members.repo";
import { mainImageDto, memberCardDto } from "../members/profileDto";
import { findVisibleProfile, type Viewer } from "../members/access";
import type { EventPublisher } from "../chat/chat.service";
import { enqueueNotification } from "../notifications/notify";
import { pickAutoLiker } from "./autoLike.repo";
import { deleteLike, insertLike, likesStamp, listLikesWithCards } from "./likes.repo";

/** Likes, matches and the automatic like. */
export class LikesService {
  private readonly listCache = new LikesListCache();

  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly events: EventPublisher,
    private readonly mailDelayMs: number,
    /** Called after notifications were queued (wakes the job worker). */
    private readonly onQueued: () => void,
  ) {}

  /**
   * Likes a member; a new like (or the match it makes) is announced to them by push and e-mail, at
   * most once per pair in LIKE_NOTICE_WINDOW_HOURS: liking, unliking and liking again sends no more.
   */
  async like(viewer: Viewer & { id: number }, targetId: number, origin: string, source: "member" | "swipe" = "member"): Promise<LikeResponse> {
    if (targetId === viewer.id) throw new AppError(400, "cannot_like_self");
    const target = await findVisibleProfile(this.db, viewer, targetId);
    if (target.blockedByViewer) throw new AppError(404, "not_found");
    const { created, match } = await insertLike(this.db, viewer.id, targetId, source);
    if (created && (await this.firstNoticeOfPair(viewer.id, targetId))) {
      await enqueueNotification(this.db, { kind: match ? "match" : "like", to: targetId, from: viewer.id, origin }, this.mailDelayMs);
      this.onQueued();
    }
    await this.events.publish(targetId, { type: "like", from: viewer.id, match });
    return { liked: true, match };
  }

  /**
   * Whether the liked member is still to hear of this liker in the window. When the counter cannot be
   * reached the like stands and goes without its notice (it shows on the likes page): better one
   * notice lost than a mail on every click.
   */
  private async firstNoticeOfPair(likerId: number, likedId: number): Promise<boolean> {
    const notices = await this.limiter.hit(`like-notice:${likerId}:${likedId}`, LIKE_NOTICE_WINDOW_HOURS * 3600).catch(() => null);
    return notices?.count === 1;
  }

  async unlike(viewer: Viewer & { id: number }, targetId: number): Promise<LikeResponse> {
    await deleteLike(this.db, viewer.id, targetId);
    return { liked: false, match: false };
  }

  /**
   * GET /api/likes.php's answer as JSON (UTF-8): the stamp of what it is made of first, then the
   * answer kept on this instance for that stamp, or a new one (LikesListCache).
   */
  async listJson(viewer: Viewer & { id: number }): Promise<Buffer> {
    const now = new Date();
    const stamp = await likesStamp(this.db, viewer.id, now);
    const place = viewer.place ? `${viewer.place.latitude},${viewer.place.longitude}` : "";
    return this.listCache.answer(viewer.id, `${utcDay(now)}|${place}|${stamp}`, async () => Buffer.from(JSON.stringify(await this.list(viewer, now))));
  }

  /** Likes received (new first), given and mutual, among members the viewer may see; activity as at `now`. */
  async list(viewer: Viewer & { id: number }, now = new Date()): Promise<LikesResponse> {
    const { likes, cards } = await listLikesWithCards(this.db, viewer.id);
    const profiles = cards.map((raw) => {
      const card = cardRowOf(raw);
      return memberCardDto(card.profile, card.mainPhoto, viewer.place, undefined, now);
    });
    const visible = new Set(profiles.map((p) => p.id));
    const shown = likes.filter((l) => visible.has(l.other));
    const received = shown.filter((r) => r.dir === "r").sort((a, b) => Number(a.seen) - Number(b.seen));
    const given = shown.filter((r) => r.dir === "g");
    const givenIds = new Set(given.map((g) => g.other));
    return {
      profiles,
      liked_by: received.map((r) => ({ id: r.other, like_new: !r.seen, created_at: r.created_at })),
      likes: given.map((g) => ({ id: g.other, created_at: g.created_at })),
      matches: received.filter((r) => givenIds.has(r.other)).map((m) => ({ id: m.other, created_at: m.created_at })),
    };
  }

  /**
   * A member who now likes the viewer, for the "New like!" modal. Only profiles the site operates
   * (demo and fictional members) like automatically: a real member's like is never made up.
   */
  async autoLike(viewer: Viewer & { id: number }, wanted: { gender: Gender | null; sexuality: Sexuality | null }): Promise<AutoLikeResponse> {
    const key = `autolike:${viewer.id}:${utcDay()}`;
    const used = await this.limiter.peek(key);
    if (used && used.count >= AUTO_LIKES_PER_DAY) return { profile: null };
    const liker = await pickAutoLiker(this.db, viewer, wanted);
    if (!liker) return { profile: null };
    await this.limiter.hit(key, secondsToUtcMidnight());
    await insertLike(this.db, liker.profile.id, viewer.id, "auto");
    return { profile: { id: liker.profile.id, name: liker.profile.name, main_image: mainImageDto(liker.mainPhoto) } };
  }
}
