import { FIRST_DATA_ID, type FirstData } from "../../../common/firstData";
import { isLander, LANDER_PROFILES, landerNiche, type Niche } from "../../../common/landers";
import { PHOTO_SLOTS, photoSrcSet } from "../../../common/photoSizes";
import type { LanderResponse } from "../../../common/schemas/landers";
import type { SearchResponse } from "../../../common/schemas/members";
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

/** A JSON data block that no text in it can close early (`</script>`). */
function dataBlock(data: FirstData): string {
  return `<script type="application/json" id="${FIRST_DATA_ID}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}

/**
 * A landing page's profiles, sent with its HTML (the page shows without another call), and a preload
 * of the photo that is its largest picture, at high priority (the browser fetches it beside the
 * scripts). Null for other pages.
 */
export async function landerFirstData(routeName: string, path: string, site: SiteRow, load: LoadLander): Promise<{ head: string; body: string } | null> {
  const [, , name, slug] = path.split("/");
  const lander = routeName === "landers-tinderswipe" ? "tinderswipe" : routeName === "landers-name" && isLander(name) ? name : null;
  if (!lander) return null;
  const niche = landerNiche(lander === "tinderswipe" ? undefined : slug, site.settings.niche);
  const { count, firstPhoto } = LANDER_PROFILES[lander];
  const answer = await load(niche, count);
  const image = answer.profiles[0]?.main_image;
  const photo = image && firstPhoto ? site.settings.cdn_prefix + (firstPhoto === "large" ? image.filename : image.match) : null;
  return {
    head: photo ? photoPreload(photo, firstPhoto === "large" ? PHOTO_SLOTS.landerCard : PHOTO_SLOTS.swipeCard) : "",
    body: dataBlock({ lander: { niche, limit: count, answer } }),
  };
}

/**
 * A visitor's home page: its newest members sent with the HTML, the first one's photo preloaded at high
 * priority (the grid's first card is the page's largest picture). Null where visitors may not search.
 */
export async function homeFirstData(site: SiteRow, load: LoadHome): Promise<{ head: string; body: string } | null> {
  if (!load) return null;
  const answer = await load();
  // The first card with a photo (MemberGrid gives the same one high priority).
  const image = answer.profiles.find((p) => p.main_image)?.main_image;
  return {
    head: image ? photoPreload(site.settings.cdn_prefix + image.thumb_filename, PHOTO_SLOTS.memberCard) : "",
    body: dataBlock({ home: answer }),
  };
}
