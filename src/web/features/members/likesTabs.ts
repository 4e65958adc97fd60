import { LIKES_TYPES } from "../../../common/routes";
import type { LikesResponse } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";
import type { LikedByEntry } from "../../stores/chatStore";

/** The tabs of the likes page (spec section 2, the route table's /likes/{type}): /likes is the received tab. */
export const LIKES_TABS = LIKES_TYPES;
export type LikesTab = (typeof LIKES_TABS)[number];

/** The tab of /likes/:type, or null for a type the page does not have (a 404). */
export function likesTabOf(type: string | undefined): LikesTab | null {
  if (type === undefined) return "received";
  return (LIKES_TABS as readonly string[]).includes(type) ? (type as LikesTab) : null;
}

export interface LikesTabEntry {
  member: MemberCard;
  isNew: boolean;
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => Date.parse(b.created_at) - Date.parse(a.created_at);

/** The cards of one tab. Received likes put new ones first (spec section 4), then newest first. */
export function likesTabEntries(data: LikesResponse, tab: LikesTab): LikesTabEntry[] {
  const cards = new Map(data.profiles.map((p) => [p.id, p]));
  const rows =
    tab === "received"
      ? data.liked_by.map((l) => ({ ...l, isNew: l.like_new })).sort((a, b) => Number(b.isNew) - Number(a.isNew) || newestFirst(a, b))
      : (tab === "sent" ? data.likes : data.matches).map((l) => ({ ...l, isNew: false })).sort(newestFirst);
  const entries: LikesTabEntry[] = [];
  for (const row of rows) {
    const member = cards.get(row.id);
    // A member who left or blocked the viewer since may be missing from `profiles`: no card then.
    if (member) entries.push({ member, isNew: row.isNew });
  }
  return entries;
}

export function likesTabCounts(data: LikesResponse): Record<LikesTab, number> & { newLikes: number } {
  return {
    received: data.liked_by.length,
    sent: data.likes.length,
    matches: data.matches.length,
    newLikes: data.liked_by.filter((l) => l.like_new).length,
  };
}

/**
 * The liked-by list after the viewer opened `id`'s profile: the server clears that like's "new" flag
 * then (spec section 4), so the badge can drop at once. Null when nothing changes.
 */
export function likedByAfterViewing(likedBy: readonly LikedByEntry[], id: number): LikedByEntry[] | null {
  if (!likedBy.some((l) => l.id === id && l.like_new)) return null;
  return likedBy.map((l) => (l.id === id ? { ...l, like_new: false } : l));
}
