import { SWIPE_LIKES_PER_DAY } from "../../../common/constants";
import type { SwipeDeck, SwipeResponse } from "../../../common/schemas/members";
import type { Limiter } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { secondsToUtcMidnight, utcDay } from "../../time";
import type { MemberRecord } from "../auth/auth.repo";
import type { LikesService } from "../likes/likes.service";
import { memberCardDto } from "../members/profileDto";
import { findVisibleProfile, type Viewer } from "../members/access";
import { ownAgeRange, wantedGenders } from "../../../common/searchDefaults";
import { ownSearchFacts, placeOfProfile } from "../members/ownSearch";
import { yearsAgo } from "../members/members.service";
import { recordSwipe, swipeCards } from "./swipe.repo";

const DECK_SIZE = 10;

/** The swipe game: cards of members not swiped before; 4 likes a day, passing is free. */
export class SwipeService {
  constructor(
    private readonly db: Db,
    private readonly likes: LikesService,
    private readonly limiter: Limiter,
  ) {}

  private likesKey(memberId: number): string {
    return `swipe:${memberId}:${utcDay()}`;
  }

  private async likesLeft(memberId: number): Promise<number> {
    const used = (await this.limiter.peek(this.likesKey(memberId)))?.count ?? 0;
    return SWIPE_LIKES_PER_DAY - Math.min(SWIPE_LIKES_PER_DAY, used);
  }

  async deck(member: MemberRecord, siteId: number): Promise<SwipeDeck> {
    const me = member.user.id;
    const own = ownSearchFacts(member.profile);
    const ages = ownAgeRange(own.age);
    const place = placeOfProfile(member.profile);
    const prefer = {
      // Aged max_age means born after the day max_age + 1 years ago (as in search).
      bornFrom: ages ? yearsAgo(ages.max_age + 1, 1) : null,
      bornUntil: ages ? yearsAgo(ages.min_age) : null,
      place,
    };
    const rows = await swipeCards(this.db, siteId, me, wantedGenders(own.gender, own.sexuality), prefer, DECK_SIZE);
    return { profiles: rows.map((r) => memberCardDto(r.profile, r.mainPhoto, place)), likes_left: await this.likesLeft(me) };
  }

  async swipe(viewer: Viewer & { id: number }, targetId: number, action: "like" | "pass", origin: string): Promise<SwipeResponse> {
    await findVisibleProfile(this.db, viewer, targetId);
    let match = false;
    if (action === "like") {
      // Counted atomically (database or Redis), so four tabs at once still get four likes in all.
      const used = await this.limiter.hit(this.likesKey(viewer.id), secondsToUtcMidnight());
      if (used.count > SWIPE_LIKES_PER_DAY) throw new AppError(429, "swipe_limit");
      match = (await this.likes.like(viewer, targetId, origin, "swipe")).match;
    }
    await recordSwipe(this.db, viewer.id, targetId, action);
    return { likes_left: await this.likesLeft(viewer.id), match };
  }
}
