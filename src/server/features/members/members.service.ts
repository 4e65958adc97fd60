import { SEARCH_PAGE_SIZE, SIMILAR_RESULTS_BELOW } from "../../../common/constants";
import type { AppliedSearchFilters, MemberView, SearchQuery, SearchResponse, ViewerPhoto } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";
import { type OwnSearchFacts, ownSearch } from "../../../common/searchDefaults";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { Coordinates } from "../../geo/places";
import {
  type CardRow,
  cardsByIds,
  countRows,
  type SearchCursor,
  type SearchFilter,
  type SearchOrder,
  searchCount,
  searchNewestPage,
  searchPage,
  UNKNOWN_DISTANCE_KM as UNKNOWN_KM,
} from "./members.repo";
import { memberCardDto, profileDto, shownActivity, shownDistance } from "./profileDto";
import { blockedIds, findVisibleProfile, photoLocked, rankedPhotos, type Viewer } from "./access";
import { likeExists, markLikeSeen } from "./memberView.repo";
import { SearchCounts } from "./searchCounts";

const cards = (rows: CardRow[], from: Coordinates | null = null): MemberCard[] => rows.map((r) => memberCardDto(r.profile, r.mainPhoto, from, r.distanceKm));

/**
 * The filters a search uses: those asked for, and with `defaults=1` the viewer's own settings for
 * every one not asked for. Nearest first only for a viewer with a place.
 */
export function appliedFilters(query: SearchQuery, own: OwnSearchFacts | null, siteCountries: readonly string[], hasPlace: boolean): AppliedSearchFilters {
  const { defaults, cursor: _cursor, sort, ...asked } = query;
  const start: Partial<AppliedSearchFilters> = defaults && own ? ownSearch(own, siteCountries) : {};
  const given = Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));
  const filters: AppliedSearchFilters = { ...start, ...given, sort: sort ?? start.sort ?? "newest" };
  if (filters.sort === "distance" && !hasPlace) filters.sort = "newest";
  if (!filters.country) delete filters.countryregion;
  return filters;
}

/** The page a cursor names for this order: "4711" newest first, "12:4711" nearest first; anything else is refused. */
function cursorOf(cursor: string | undefined, sort: AppliedSearchFilters["sort"]): SearchCursor | null {
  if (!cursor) return null;
  const [first, second] = cursor.split(":");
  if ((sort === "distance") !== (second !== undefined)) throw new AppError(400, "field_invalid", undefined, "cursor");
  return second === undefined ? { id: Number(first) } : { km: Number(first), id: Number(second) };
}

/** YYYY-MM-DD of the day `years` years before today (UTC). */
export function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

/** Search, the profile view and related members. */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly counts: SearchCounts = new SearchCounts(null, ""),
  ) {}

  /** The number of members matching a filter, without the viewer's exclusions (shared by everyone, see SearchCounts). */
  private sharedCount(filter: SearchFilter): Promise<number> {
    const shared = { ...filter, excludeIds: [] };
    return this.counts.get(JSON.stringify(shared), () => searchCount(this.db, shared));
  }

  /**
   * The number of members matching a filter: the count without the viewer's own exclusions is
   * shared by everyone for a minute; the few excluded members (self, blocked) that match are then
   * subtracted exactly.
   */
  private async count(filter: SearchFilter): Promise<number> {
    const total = await this.sharedCount(filter);
    if (filter.excludeIds.length === 0) return total;
    const excludedMatching = await countRows(this.db, { ...filter, excludeIds: [], onlyIds: filter.excludeIds });
    return Math.max(0, total - excludedMatching);
  }

  async search(viewer: Viewer, query: SearchQuery, own: OwnSearchFacts | null = null, siteCountries: readonly string[] = []): Promise<SearchResponse> {
    const applied = appliedFilters(query, own, siteCountries, Boolean(viewer.place));
    const filter: SearchFilter = {
      siteId: viewer.siteId,
      excludeIds: [],
      gender: applied.gender,
      country: applied.country,
      region: applied.country ? applied.countryregion : undefined,
      // Aged max_age means born after the day max_age + 1 years ago.
      bornFrom: applied.max_age ? yearsAgo(applied.max_age + 1, 1) : undefined,
      bornUntil: applied.min_age ? yearsAgo(applied.min_age) : undefined,
      interests: applied.interests,
      verified: applied.verified === "1" || undefined,
    };
    const order: SearchOrder = applied.sort === "distance" && viewer.place ? { by: "distance", from: viewer.place } : { by: "newest" };
    const cursor = cursorOf(query.cursor, order.by);
    let rows: CardRow[];
    let total: number;
    // The viewer's exclusions (self, blocked either way): newest first, one prepared statement reads
    // the page and how many excluded members the filter matches, and the shared count does the rest;
    // nearest first reads them first.
    let excludeIds: number[] | null = null;
    const viewerExcludes = async () => {
      excludeIds ??= [...(await blockedIds(this.db, viewer.id)), ...(viewer.id ? [viewer.id] : [])];
      return excludeIds;
    };
    if (order.by === "newest") {
      const [page, shared] = await Promise.all([
        searchNewestPage(this.db, filter, viewer.id, cursor?.id ?? null, SEARCH_PAGE_SIZE + 1),
        this.sharedCount(filter),
      ]);
      rows = page.rows;
      total = Math.max(0, shared - page.excludedMatching);
    } else {
      filter.excludeIds = await viewerExcludes();
      [rows, total] = await Promise.all([searchPage(this.db, filter, order, cursor, SEARCH_PAGE_SIZE + 1), this.count(filter)]);
    }
    const page = rows.slice(0, SEARCH_PAGE_SIZE);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > SEARCH_PAGE_SIZE ? (order.by === "distance" ? `${last.distanceKm ?? UNKNOWN_KM}:${last.profile.id}` : String(last.profile.id)) : null;
    const from = viewer.place ?? null;
    let similar: MemberCard[] = [];
    if (!cursor && total < SIMILAR_RESULTS_BELOW) {
      // Close to what was asked: the whole country instead of the region, five years more either way, any
      // interest; and any country when the country was the member's own (a first search from their
      // settings), nearest first, so that a member in a country with few members still sees people near them.
      const ownCountryOnly = Boolean(query.defaults) && query.country === undefined;
      const wider: SearchFilter = {
        ...filter,
        country: ownCountryOnly ? undefined : filter.country,
        excludeIds: [...(await viewerExcludes()), ...page.map((r) => r.profile.id)],
        region: undefined,
        interests: undefined,
        bornFrom: applied.max_age ? yearsAgo(applied.max_age + 6, 1) : undefined,
        bornUntil: applied.min_age ? yearsAgo(Math.max(18, applied.min_age - 5)) : undefined,
      };
      similar = cards(await searchPage(this.db, wider, order, null, 12), from);
    }
    return { profiles: cards(page, from), total, next_cursor: nextCursor, similar, filters: applied };
  }

  /** Another member's page. Opening a member who likes the viewer clears that new-like flag. */
  async view(viewer: Viewer, targetId: number): Promise<MemberView> {
    const target = await findVisibleProfile(this.db, viewer, targetId);
    const isSelf = viewer.id === targetId;
    const [photoRows, liked, likedBy] = await Promise.all([
      target.blockedByViewer ? [] : rankedPhotos(this.db, targetId, target.profile.mainPhotoId),
      viewer.id && !isSelf ? likeExists(this.db, viewer.id, targetId) : false,
      viewer.id && !isSelf ? likeExists(this.db, targetId, viewer.id) : false,
    ]);
    if (likedBy && viewer.id) await markLikeSeen(this.db, targetId, viewer.id);
    const photos: ViewerPhoto[] = photoRows.map((p, rank) => {
      const locked = photoLocked(rank, targetId, viewer);
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
      distance_km: shownDistance(viewer.place, target.profile),
      activity: shownActivity(target.profile),
    };
  }

  /** Members like this one: same gender and country, newest near them first. */
  private async related(viewer: Viewer, profile: { id: number; gender: "male" | "female" | null; country: string | null }): Promise<MemberCard[]> {
    const excludeIds = [...(await blockedIds(this.db, viewer.id)), profile.id, ...(viewer.id ? [viewer.id] : [])];
    const filter: SearchFilter = { siteId: viewer.siteId, excludeIds, gender: profile.gender ?? undefined, country: profile.country ?? undefined };
    const after = await searchPage(this.db, filter, { by: "newest" }, { id: profile.id }, 6);
    const from = viewer.place ?? null;
    if (after.length >= 6) return cards(after, from);
    // Near the newest members there are too few older ones: fill up with the newest, without repeats.
    const newest = await searchPage(
      this.db,
      { ...filter, excludeIds: [...excludeIds, ...after.map((r) => r.profile.id)] },
      { by: "newest" },
      null,
      6 - after.length,
    );
    return cards([...after, ...newest], from);
  }

  /** Cards of members the viewer knows (likes, blocks, chats), without those blocked either way. */
  async cards(ids: number[], viewerId: number | null = null, keepBlocked = false): Promise<Map<number, MemberCard>> {
    const exclude = keepBlocked ? [] : await blockedIds(this.db, viewerId);
    return new Map(cards(await cardsByIds(this.db, ids, exclude)).map((c) => [c.id, c]));
  }
}
