import { landerNiche } from "../../../common/landers";
import type { Language } from "../../../common/locales";
import { escapeHtml } from "../../escapeHtml";
import { translate } from "../../i18n";
import type { SiteRow } from "../settings/settings.repo";

// The home page and the landing pages as plain HTML inside the app's root, for crawlers and a first
// paint (React replaces it): their headline, text and the way to sign up, in the page's language.
// No member appears in it: a crawler gets the words, visitors get the faces.

/** Landing pages a search engine may index: the landers (a member's own landing pages are not). */
export const LANDER_ROUTES: readonly string[] = ["landers-name", "landers-tinderswipe"];

export function marketingPageHtml(
  routeName: string,
  path: string,
  language: Language,
  site: SiteRow,
): { title: string; description: string; body: string } | null {
  const t = (key: string, vars?: Record<string, string | number>) => escapeHtml(translate(language, key, vars));
  const name = site.settings.name;
  if (routeName === "index") {
    const why = ["free", "safe", "real"].map((k) => `<h2>${t(`home.why_${k}`)}</h2><p>${t(`home.why_${k}_text`)}</p>`).join("");
    return {
      title: site.settings.index_title || name,
      description: translate(language, "home.hero_text"),
      body: `<main class="container py-4"><h1>${t("home.hero_title")}</h1><p>${t("home.hero_text")}</p><p><a href="/signup">${t("home.cta")}</a></p><section><h2>${t("home.why_title", { site: name })}</h2>${why}</section></main>`,
    };
  }
  if (!LANDER_ROUTES.includes(routeName)) return null;
  const [, , lander, slug] = path.split("/");
  const niche = landerNiche(slug, site.settings.niche);
  const headline = translate(language, `landers.niche.${niche}.headline`);
  const intro = routeName === "landers-tinderswipe" ? `<p>${t("landers.tinderswipe.intro", { count: 3 })}</p>` : "";
  const own = lander === "alonetonight" ? `<h2>${t("landers.alonetonight.title")}</h2>` : "";
  return {
    title: `${headline} – ${name}`,
    description: translate(language, `landers.niche.${niche}.subline`),
    body: `<main class="container py-4"><h1>${escapeHtml(headline)}</h1><p>${t(`landers.niche.${niche}.subline`)}</p>${own}${intro}<p><a href="/signup">${t("landers.cta")}</a></p><p>${t("landers.free_note")}</p></main>`,
  };
}
