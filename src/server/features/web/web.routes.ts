import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchPageRoute, type PageRoute } from "../../../common/routes";
import { sendCompressed } from "../../plugins/compression";
import { sendError } from "../../plugins/errors";
import { registerWithAuth } from "../../plugins/routeAuth";
import { VISIT_COOKIE } from "../visits/visits.routes";
import { escapeHtml } from "../../escapeHtml";
import type { CompanyRow } from "../settings/settings.repo";
import { homeFirstData, type LoadHome, type LoadLander, landerFirstData } from "./firstData";
import { LANDER_ROUTES, marketingPageHtml } from "./marketingPageHtml";
import { LEGAL_ROUTES, legalPageHtml, PUBLIC_ROUTES } from "./publicPageHtml";
import { canonicalUrl, hreflangLinks, pageDescription, robotsTxt, sitemapXml } from "./seo";
import { PAGE_TITLE_KEYS } from "../../../web/hooks/pageTitleKeys";
import { translate } from "../../i18n";

/**
 * Serves the built client: hashed assets with long caching, and index.html for every page route of
 * the shared route table. Any other path answers 404 (the client then shows the not-found page).
 */
export async function registerWeb(
  app: FastifyInstance,
  webRoot: string,
  companyOf: (request: FastifyRequest) => Promise<CompanyRow | null>,
  pageData: {
    lander(request: FastifyRequest): LoadLander;
    home(request: FastifyRequest): LoadHome;
    /** The status of a shared date's page (/date/<token>): 200 while its link works, 410 once it is over, 404 for no such link. */
    dateShareStatus(request: FastifyRequest, token: string): Promise<200 | 404 | 410>;
  },
): Promise<void> {
  const indexPath = join(webRoot, "index.html");
  const built = existsSync(indexPath);
  if (built) {
    // The built files are public: a visitor loads the app before anyone signs in.
    await registerWithAuth(app, "visitor", (scope) =>
      scope.register(fastifyStatic, {
        root: webRoot,
        prefix: "/",
        index: false,
        wildcard: false,
        // The .br and .gz copies written at build time (scripts/precompress.mjs), chosen by Accept-Encoding.
        preCompressed: true,
        setHeaders(reply, path) {
          // The service worker keeps its name across versions: browsers must ask for it again each time.
          const cache = path.includes("/assets/") ? "public, max-age=31536000, immutable" : path.endsWith("/sw.js") ? "no-cache" : "public, max-age=3600";
          reply.header("cache-control", cache);
        },
      }),
    );
  }
  const template = built ? readFileSync(indexPath, "utf8") : null;

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, status: number, route: PageRoute | null) => {
    // A shared date's page is opened by someone who is not a member (a member's friend): no visit
    // cookie, nothing kept by a cache, and its address (the link's token) sent to nobody as a referrer.
    const dateShare = route?.name === "date-share";
    if (dateShare) reply.header("referrer-policy", "no-referrer").header("x-robots-tag", "noindex");
    else if (!request.cookies[VISIT_COOKIE]) {
      reply.setCookie(VISIT_COOKIE, randomUUID(), { path: "/", httpOnly: true, sameSite: "lax" });
    }
    reply
      .header("cache-control", dateShare ? "no-store" : "no-cache")
      .status(status)
      .type("text/html; charset=utf-8");
    if (!template) {
      return reply.send("<!doctype html><p>The web client is not built yet: run <code>npm start</code>, which builds it.</p>");
    }
    const settings = request.site?.settings;
    const path = request.url.split("?")[0];
    const isPublic = route !== null && (PUBLIC_ROUTES.includes(route.name) || LANDER_ROUTES.includes(route.name));
    const legal =
      route && request.site && LEGAL_ROUTES.includes(route.name)
        ? legalPageHtml(route.name, request.lang, request.site, (await companyOf(request))?.info ?? null)
        : null;
    // For visitors only: a member's home is the members area, which must not flash the visitor's page first.
    const marketing = route && request.site && !legal && !request.member ? marketingPageHtml(route.name, path, request.lang, request.site) : null;
    const page = legal ?? marketing;
    // Each page its own title and description in its language (the client keeps the title as it is
    // for the page: usePageTitle, the same keys).
    const titleKey = route ? PAGE_TITLE_KEYS[route.name] : undefined;
    // The console's titles come with its own texts, which the server does not have.
    const pageTitle = titleKey ? translate(request.lang, titleKey) : titleKey;
    const name = settings?.name ?? "";
    const title = legal
      ? `${legal.title} – ${name}`
      : (marketing?.title ?? (pageTitle && pageTitle !== titleKey ? `${pageTitle} – ${name}` : (settings?.index_title ?? name)));
    const description = page?.description ?? (route ? pageDescription(route.name, request.lang) : null) ?? settings?.description ?? "";
    let html = template
      .replace('<html lang="en">', `<html lang="${request.lang}">`)
      // Every text goes in through a function: in a replacement string "$&" or "$'" in the data would be read as patterns.
      .replace(/<title>.*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace('<meta name="description" content="" />', () => `<meta name="description" content="${escapeHtml(description)}" />`);
    if (isPublic) {
      const canonical = `<link rel="canonical" href="${escapeHtml(canonicalUrl(request.origin, path, request.query))}" />`;
      html = html.replace("</head>", () => `    ${canonical}\n    ${hreflangLinks(request.origin, path)}\n  </head>`);
    }
    // Members-only pages are not for search engines.
    else html = html.replace("</head>", `    <meta name="robots" content="noindex" />\n  </head>`);
    if (page) html = html.replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
    // The data the first render needs, in the page (a member's home is the search with their own filters: not sent).
    const first =
      route && request.site
        ? ((await landerFirstData(route.name, path, request.site, pageData.lander(request))) ??
          (route.name === "index" && !request.member ? await homeFirstData(request.site, pageData.home(request)) : null))
        : null;
    if (first) html = html.replace("</head>", () => `    ${first.head}\n  </head>`).replace('<div id="root">', () => `${first.body}\n    <div id="root">`);
    // Pages are answered by the not-found handler, which route-level compression does not reach.
    return sendCompressed(request, reply, html);
  };

  // For search engines, per site: its own addresses (request.origin is the configured one).
  app.get("/robots.txt", { config: { auth: "visitor" }, schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return reply.type("text/plain; charset=utf-8").send(robotsTxt(request.origin));
  });
  app.get("/sitemap.xml", { config: { auth: "visitor" }, schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return reply.type("application/xml; charset=utf-8").send(sitemapXml(request.origin));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0];
    const isPage = (request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api/") && !path.startsWith("/assets/");
    if (!isPage) return sendError(request, reply, 404, "not_found");
    const route = matchPageRoute(path);
    if (route?.name === "date-share" && request.site) {
      // Its page, or the page saying that the link no longer works (the client shows which), with the link's status.
      const status = await pageData.dateShareStatus(request, path.split("/")[2]);
      return renderPage(request, reply, status, route);
    }
    return renderPage(request, reply, route ? 200 : 404, route);
  });
}
