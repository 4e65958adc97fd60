import { LANDERS } from "../../../common/landers";
import { isLanguage, LANGUAGES, type Language } from "../../../common/locales";
import { PAGE_ROUTES } from "../../../common/routes";
import { escapeHtml } from "../../escapeHtml";
import { translate } from "../../i18n";
import { LANDER_ROUTES } from "./marketingPageHtml";
import { PUBLIC_ROUTES } from "./publicPageHtml";

// What search engines read besides a page's text (issue 19): its address of record, its language
// versions, robots.txt and the sitemap. Every absolute address is the site's own (request.origin, from
// configuration), never a request's Host header.

/** Public pages whose description is a sentence of the page itself (the home page, legal pages and landers bring their own). */
const DESCRIPTION_KEYS: Readonly<Record<string, string>> = {
  signup: "home.hero_text",
  login: "signup.intro",
  pricing: "pricing.intro",
  complaints: "complaints.intro",
};

/** A description in the page's language, or null for the site's own (settings.description). */
export function pageDescription(routeName: string, language: Language): string | null {
  const key = DESCRIPTION_KEYS[routeName];
  return key ? translate(language, key) : null;
}

/**
 * The address of record of a public page: the language version asked for by ?lang= (each is an
 * hreflang alternate of the others), else the page itself (the x-default).
 */
export function canonicalUrl(origin: string, path: string, query: unknown): string {
  const lang = (query as Record<string, unknown> | undefined)?.lang;
  return isLanguage(lang) ? `${origin}${path}?lang=${lang}` : origin + path;
}

/** `<link rel="alternate" hreflang>` for every language, each its own URL (?lang=), and x-default. */
export function hreflangLinks(origin: string, path: string): string {
  const e = escapeHtml;
  const links = LANGUAGES.map((lng) => `<link rel="alternate" hreflang="${lng}" href="${e(`${origin}${path}?lang=${lng}`)}" />`);
  links.push(`<link rel="alternate" hreflang="x-default" href="${e(origin + path)}" />`);
  return links.join("\n    ");
}

/** Pages not worth a search engine's visit, though public: why an account was banned. */
const NOT_LISTED: readonly string[] = ["pages-ban"];

/** The paths of the public pages and the landers (without a niche slug: each lander on the site's own niche). */
export function sitemapPaths(): string[] {
  const pages = PAGE_ROUTES.filter((r) => PUBLIC_ROUTES.includes(r.name) && !NOT_LISTED.includes(r.name)).map((r) => r.path);
  const landers = PAGE_ROUTES.filter((r) => LANDER_ROUTES.includes(r.name) && !r.path.includes(":")).map((r) => r.path);
  return [...pages, ...landers, ...LANDERS.map((name) => `/landers/${name}`)];
}

/** sitemap.xml (sitemaps.org 0.9), each page with its language versions (Google's xhtml:link alternates). */
export function sitemapXml(origin: string): string {
  const e = escapeHtml;
  const urls = sitemapPaths().map((path) => {
    const alternates = LANGUAGES.map((lng) => `<xhtml:link rel="alternate" hreflang="${lng}" href="${e(`${origin}${path}?lang=${lng}`)}"/>`);
    alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${e(origin + path)}"/>`);
    return `  <url>\n    <loc>${e(origin + path)}</loc>\n    ${alternates.join("\n    ")}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything but the API and the operators' console, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Disallow: /api/", "Disallow: /console", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
