import type { Niche } from "./landers";
import type { LanderResponse } from "./schemas/landers";
import type { MemberView, SearchResponse } from "./schemas/members";

/**
 * What a first page's HTML brings for the client (a JSON block, id="first-data"), so that the page
 * shows without calling for it: written by the server (features/web/firstData.ts), read once by the
 * client (web/api/pageData.ts).
 */
export interface FirstData {
  /** A landing page's profiles: GET /api/lander.php?niche&limit. */
  lander?: { niche: Niche; limit: number; answer: LanderResponse };
  /** The newest members on a visitor's home page: GET /api/members.php without filters. */
  home?: SearchResponse;
  /** The member of a member's own landing page, as a visitor may see them: GET /api/member.php?id. */
  member?: { id: number; view: MemberView };
}

/** The id of the JSON block in the page. */
export const FIRST_DATA_ID = "first-data";
