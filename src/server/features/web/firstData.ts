import { FIRST_DATA_ID, type FirstData } from "../../../common/firstData";
import { isLander, LANDER_PROFILES, landerNiche, type Niche } from "../../../common/landers";
import type { PageMatch } from "../../../common/routes";
import { PHOTO_SLOTS, photoSrcSet } from "../../../common/photoSizes";
import { isOwnSearch } from "../../../common/searchDefaults";
import { leadingMembers, leadPhotoIndex } from "../../../common/searchLead";
import type { LanderResponse } from "../../../common/schemas/landers";
import type { ChatsResponse } from "../../../common/schemas/chat";
import type { MemberView, SearchResponse } from "../../../common/schemas/members";
import type { PhotoNotices } from "../../../common/schemas/photoModeration";
import type { Settings } from "../../../common/schemas/settings";
import type { User } from "../../../common/schemas/user";
import { escapeHtml } from "../../escapeHtml";
import type { SiteRow } from "../settings/settings.repo";

/** The profiles of a landing page, as GET /api/lander.php answers them for the request's visitor. */
export type LoadLander = (niche: Niche, limit: number) => Promise<LanderResponse>;

/** The newest members as GET /api/members.php answers a visitor without filters; null where visitors may not search. */
export type LoadHome = (() => Promise<SearchResponse>) | null;

/**
 * A preload of a page's largest photo at high priority: its WebP widths as the page's <picture> offers
 * them (the same `sizes`, so the browser picks the same width and loads it once); a browser without
 * WebP skips it (`type`) and loads the JPEG the page falls back to.
 */
function photoPreload(url: string, sizes: string): string {
  const srcset = photoSrcSet(url);
  const sources = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" type="image/webp"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${sources} fetchpriority="high" />`;
}

/** A page's data: the preload for the head, and the data itself (for the JSON block, dataBlock, and the server's rendering). */
export interface PageFirstData {
  head: string;
  data: FirstData;
}

/** A member as GET /api/member.php answers the request's visitor; it throws where they may not see them. */
export type LoadMember = (id: number) => Promise<MemberView>;

/** The routes of a member's own landing pages (/members/{id}/landing, landing2, landing3) and signup page. */
export const MEMBER_LANDER_ROUTES: readonly string[] = ["members-id-landing", "members-id-landing2", "members-id-landing3", "members-id-signup"];

/**
 * A member's own landing page: the member sent with the HTML. Null for other pages, and where the
 * visitor may not see the member (gone, hidden): the app says so, as it does after a call.
 */
export async function memberLanderFirstData(page: PageMatch, load: LoadMember): Promise<PageFirstData | null> {
  if (!MEMBER_LANDER_ROUTES.includes(page.route.name)) return null;
  // The route's id parameter is a positive int4 (common/routes.ts) once matched.
  const id = Number(page.params.id);
  const view = await load(id).catch(() => null);
  if (!view) return null;
  return { head: "", data: { member: { id, view } } };
}

/** A page the server renders without data of its own (signup: the form, the site's texts). */
export const PAGE_WITHOUT_DATA: PageFirstData = { head: "", data: {} };

/** A page's data as the JSON block of its HTML, which no text in it can close early (`</script>`). */
export function dataBlock(data: FirstData): string {
  return `<script type="application/json" id="${FIRST_DATA_ID}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}

/**
 * A landing page's profiles, sent with its HTML (the page shows without another call), and a preload
 * of the photo that is its largest picture, at high priority (the browser fetches it beside the
 * scripts). Null for other pages.
 */
export async function landerFirstData(page: PageMatch, site: SiteRow, load: LoadLander): Promise<PageFirstData | null> {
  const { name, slug } = page.params;
  const routeName = page.route.name;
  const lander = routeName === "landers-tinderswipe" ? "tinderswipe" : routeName === "landers-name" && name && isLander(name) ? name : null;
  if (!lander) return null;
  const niche = landerNiche(lander === "tinderswipe" ? undefined : slug, site.settings.niche);
  const { count, firstPhoto } = LANDER_PROFILES[lander];
  const answer = await load(niche, count);
  const image = answer.profiles[0]?.main_image;
  const photo = image && firstPhoto ? site.settings.cdn_prefix + (firstPhoto === "large" ? image.filename : image.match) : null;
  return {
    head: photo ? photoPreload(photo, firstPhoto === "large" ? PHOTO_SLOTS.landerCard : PHOTO_SLOTS.swipeCard) : "",
    data: { lander: { niche, limit: count, answer } },
  };
}

/**
 * A visitor's home page: its newest members sent with the HTML, the first one's photo preloaded at high
 * priority (the grid's first card is the page's largest picture). Null where visitors may not search.
 */
export async function homeFirstData(site: SiteRow, load: LoadHome): Promise<PageFirstData | null> {
  if (!load) return null;
  const answer = await load();
  // The first card with a photo (MemberGrid gives the same one high priority).
  const image = answer.profiles[leadPhotoIndex(answer.profiles)]?.main_image;
  return {
    head: image ? photoPreload(site.settings.cdn_prefix + image.thumb_filename, PHOTO_SLOTS.memberCard) : "",
    data: { home: answer },
  };
}

/** What the API answers the request's member, for their first page (see memberFirstData). */
export interface LoadMemberPage {
  settings: Settings;
  user: User;
  notices(): Promise<PhotoNotices>;
  /** GET /api/members.php?defaults=1: the member's own first search. */
  search(): Promise<SearchResponse>;
  /** GET /api/chats.php. */
  chats(): Promise<ChatsResponse>;
}

/** The routes whose first page is the member's own search (the home of a member is the search). */
const OWN_SEARCH_ROUTES = ["index", "members"];

/**
 * A member's first page: the settings, the member and their photo notices, which the app would
 * otherwise ask for one after the other before it renders anything, and the page's own data where it
 * is the search without filters or the conversations; the search's first photo preloaded at high
 * priority, as on a visitor's home. Its HTML is the member's own: never kept by a shared cache.
 */
export async function memberFirstData(page: PageMatch, query: Record<string, unknown>, load: LoadMemberPage): Promise<PageFirstData> {
  // The member's own search only (no filter or order in the address): a search with filters is the app's to make.
  const ownSearch = OWN_SEARCH_ROUTES.includes(page.route.name) && isOwnSearch(Object.keys(query));
  const [notices, search, chats] = await Promise.all([
    load.notices(),
    ownSearch ? load.search() : undefined,
    page.route.name === "chats" ? load.chats() : undefined,
  ]);
  const data: FirstData = { session: { settings: load.settings, user: load.user, notices }, search, chats };
  const lead = search ? leadingMembers(search) : [];
  const image = lead[leadPhotoIndex(lead)]?.main_image;
  return {
    head: image ? photoPreload(load.settings.cdn_prefix + image.thumb_filename, PHOTO_SLOTS.memberCard) : "",
    data,
  };
}
