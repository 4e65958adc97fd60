import { FIRST_DATA_ID, type FirstData } from "../../../common/firstData";
import { isLander, LANDER_PROFILES, landerNiche, type Niche } from "../../../common/landers";
import type { LanderResponse } from "../../../common/schemas/landers";
import type { SearchResponse } from "../../../common/schemas/members";
import { escapeHtml } from "../../escapeHtml";
import type { SiteRow } from "../settings/settings.repo";

/** The profiles of a landing page, as GET /api/lander.php answers them for the request's visitor. */
export type LoadLander = (niche: Niche, limit: number) => Promise<LanderResponse>;

/** The newest members as GET /api/members.php answers a visitor without filters; null where visitors may not search. */
export type LoadHome = (() => Promise<SearchResponse>) | null;

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
    head: photo ? `<link rel="preload" as="image" href="${escapeHtml(photo)}" fetchpriority="high" />` : "",
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
  const image = answer.profiles[0]?.main_image;
  return {
    head: image ? `<link rel="preload" as="image" href="${escapeHtml(site.settings.cdn_prefix + image.thumb_filename)}" fetchpriority="high" />` : "",
    body: dataBlock({ home: answer }),
  };
}
