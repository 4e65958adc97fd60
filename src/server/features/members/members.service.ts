import { FREE_VISIBLE_PHOTOS, SEARCH_PAGE_SIZE, SIMILAR_RESULTS_BELOW } from "../../../common/constants";
import type { MemberView, SearchQuery, SearchResponse, ViewerPhoto } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";
import type { Db } from "../../db/client";
import { type CardRow, cardsByIds, type SearchFilter, searchCount, searchPage } from "./members.repo";
import { memberCardDto, profileDto } from "./profileDto";
import { listPhotos, markLikeSeen } from "./memberView.repo";
import { blockedIds, findVisibleProfile, likeExists, type Viewer } from "./visibility";

const cards = (rows: CardRow[]): MemberCard[] => rows.map((r) => memberCardDto(r.profile, r.mainPhoto));

/** YYYY-MM-DD of the day `years` years before today (UTC). */
function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

/** How long a search count is reused: counting a million profiles takes tens of milliseconds. */
const COUNT_TTL_MS = 60_000;

/** Search, the profile view and related members. */
export class MembersService {
  private readonly counts = new Map<string, { total: number; at: number }>();

  constructor(private readonly db: Db) {}

  /**
   * The number of members matching a filter: the count without the viewer's own exclusions is
   * shared by everyone for a minute; the few excluded members (self, blocked) that match are then
   * subtracted exactly.
   */
  private async count(filter: SearchFilter): Promise<number> {
    const key = JSON.stringify({ ...filter, excludeIds: [] });
    let hit = this.counts.get(key);
    if (!hit || Date.now() - hit.at > COUNT_TTL_MS) {
      hit = { total: await searchCount(this.db, { ...filter, excludeIds: [] }), at: Date.now() };
      if (this.counts.size > 10_000) this.counts.clear();
      this.counts.set(key, hit);
    }
    if (filter.excludeIds.length === 0) return hit.total;
    const excludedMatching = await searchCount(this.db, { ...filter, excludeIds: [], onlyIds: filter.excludeIds });
    return Math.max(0, hit.total - excludedMatching);
  }

  async search(viewer: Viewer, query: SearchQuery): Promise<SearchResponse> {
    const excludeIds = [...(await blockedIds(this.db, viewer.id)), ...(viewer.id ? [viewer.id] : [])];
    const filter: SearchFilter = {
      siteId: viewer.siteId,
      excludeIds,
      gender: query.gender,
      country: query.country,
      region: query.country ? query.countryregion : undefined,
      // Aged max_age means born after the day max_age + 1 years ago.
      bornFrom: query.max_age ? yearsAgo(query.max_age + 1, 1) : undefined,
      bornUntil: query.min_age ? yearsAgo(query.min_age) : undefined,
      interests: query.interests,
    };
    const beforeId = query.cursor ? Number(query.cursor) : null;
    const [rows, total] = await Promise.all([searchPage(this.db, filter, beforeId, SEARCH_PAGE_SIZE + 1), this.count(filter)]);
    const page = rows.slice(0, SEARCH_PAGE_SIZE);
    const nextCursor = rows.length > SEARCH_PAGE_SIZE ? String(page[page.length - 1].profile.id) : null;
    let similar: MemberCard[] = [];
    if (!beforeId && total < SIMILAR_RESULTS_BELOW) {
      // Close to what was asked: the whole country instead of the region, five years more either way, any interest.
      const wider: SearchFilter = {
        ...filter,
        excludeIds: [...excludeIds, ...page.map((r) => r.profile.id)],
        region: undefined,
        interests: undefined,
        bornFrom: query.max_age ? yearsAgo(query.max_age + 6, 1) : undefined,
        bornUntil: query.min_age ? yearsAgo(Math.max(18, query.min_age - 5)) : undefined,
      };
      similar = cards(await searchPage(this.db, wider, null, 12));
    }
    return { profiles: cards(page), total, next_cursor: nextCursor, similar };
  }

  /** Another member's page. Opening a member who likes the viewer clears that new-like flag. */
  async view(viewer: Viewer, targetId: number): Promise<MemberView> {
    const target = await findVisibleProfile(this.db, viewer, targetId);
    const isSelf = viewer.id === targetId;
    const [photoRows, liked, likedBy] = await Promise.all([
      listPhotos(this.db, targetId),
      viewer.id && !isSelf ? likeExists(this.db, viewer.id, targetId) : false,
      viewer.id && !isSelf ? likeExists(this.db, targetId, viewer.id) : false,
    ]);
    if (likedBy && viewer.id) await markLikeSeen(this.db, targetId, viewer.id);
    const allUnlocked = isSelf || viewer.paid;
    const ordered = [...photoRows].sort((a, b) => Number(b.id === target.profile.mainPhotoId) - Number(a.id === target.profile.mainPhotoId) || a.position - b.position);
    const photos: ViewerPhoto[] = target.blockedByViewer
      ? []
      : ordered.map((p, index) => {
          const locked = !allUnlocked && index >= FREE_VISIBLE_PHOTOS;
          return {
            id: p.id,
            locked,
            url: `/photos/${locked ? p.blurredFilename : p.filename}`,
            thumb: `/photos/${locked ? p.blurredFilename : p.thumbFilename}`,
          };
        });
    const { date_of_birth: _dob, ...profile } = profileDto(target.profile, target.mainPhoto);
    return {
      profile,
      photos,
      liked,
      liked_by: likedBy,
      match: liked && likedBy,
      blocked: target.blockedByViewer,
      related: target.blockedByViewer ? [] : await this.related(viewer, target.profile),
    };
  }

  /** Members like this one: same gender and country, newest near them first. */
  private async related(viewer: Viewer, profile: { id: number; gender: "male" | "female" | null; country: string | null }): Promise<MemberCard[]> {
    const excludeIds = [...(await blockedIds(this.db, viewer.id)), profile.id, ...(viewer.id ? [viewer.id] : [])];
    const filter: SearchFilter = { siteId: viewer.siteId, excludeIds, gender: profile.gender ?? undefined, country: profile.country ?? undefined };
    const after = await searchPage(this.db, filter, profile.id, 6);
    if (after.length >= 6) return cards(after);
    // Near the newest members there are too few older ones: fill up with the newest, without repeats.
    const newest = await searchPage(this.db, { ...filter, excludeIds: [...excludeIds, ...after.map((r) => r.profile.id)] }, null, 6 - after.length);
    return cards([...after, ...newest]);
  }

  /** Cards of members the viewer knows (likes, blocks, chats), without those blocked either way. */
  async cards(ids: number[], viewerId: number | null = null, keepBlocked = false): Promise<Map<number, MemberCard>> {
    const exclude = keepBlocked ? [] : await blockedIds(this.db, viewerId);
    return new Map(cards(await cardsByIds(this.db, ids, exclude)).map((c) => [c.id, c]));
  }
}

