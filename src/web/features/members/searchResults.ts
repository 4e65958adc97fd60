import type { SearchResponse } from "../../../common/schemas/members";
import type { MemberCard } from "../../../common/schemas/user";

export interface SearchResultView {
  total: number;
  profiles: MemberCard[];
  similar: MemberCard[];
}

/**
 * The loaded pages of a search as one list. A member who moved between two page loads could come
 * twice, and a similar result may also be an exact one on a later page: each member is shown once.
 * Similar results come with the first page, as they fill a short first page (spec section 3).
 */
export function searchResultView(pages: readonly SearchResponse[]): SearchResultView {
  const seen = new Set<number>();
  const once = (member: MemberCard) => !seen.has(member.id) && Boolean(seen.add(member.id));
  const profiles = pages.flatMap((page) => page.profiles).filter(once);
  const similar = (pages[0]?.similar ?? []).filter(once);
  return { total: pages[0]?.total ?? 0, profiles, similar };
}
