import type { Niche } from "./landers";
import type { LanderResponse } from "./schemas/landers";
import type { ChatsResponse } from "./schemas/chat";
import type { MemberView, SearchResponse } from "./schemas/members";
import type { PhotoNotices } from "./schemas/photoModeration";
import type { CompanyInfo, Settings } from "./schemas/settings";
import type { User } from "./schemas/user";

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
  /**
   * A member's first page: what the app waits for before it renders (GET /api/settings.php, the
   * member of GET /api/user.php, GET /api/photo-notices.php for the top banner), so that it asks for
   * none of them.
   */
  session?: { settings: Settings; user: User; notices: PhotoNotices };
  /** A member's own first search (their home, /members without filters): GET /api/members.php?defaults=1. */
  search?: SearchResponse;
  /** A member's conversations (/chats): GET /api/chats.php. */
  chats?: ChatsResponse;
  /** The operating company, which every page's footer names: GET /api/companyinfo.php. */
  company?: CompanyInfo;
}

/** The id of the JSON block in the page. */
export const FIRST_DATA_ID = "first-data";
