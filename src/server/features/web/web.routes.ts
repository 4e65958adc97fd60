import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchPageRoute } from "../../../common/routes";
import { sendCompressed } from "../../plugins/compression";
import { sendError } from "../../plugins/errors";
import { registerWithAuth } from "../../plugins/routeAuth";
import { VISIT_COOKIE } from "../visits/visits.routes";
import { escapeHtml } from "../../escapeHtml";
import type { CompanyRow } from "../settings/settings.repo";
import { LANDER_ROUTES, marketingPageHtml } from "./marketingPageHtml";
import { hreflangLinks, LEGAL_ROUTES, legalPageHtml, PUBLIC_ROUTES } from "./publicPageHtml";

/**
 * Serves the built client: hashed assets with long caching, and index.html for every page route of
 * the shared route table. Any other path answers 404 (the client then shows the not-found page).
 */
export async function registerWeb(app: FastifyInstance, webRoot: string, companyOf: (request: FastifyRequest) => Promise<CompanyRow | null>): Promise<void> {
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

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!request.cookies[VISIT_COOKIE]) {
      reply.setCookie(VISIT_COOKIE, randomUUID(), { path: "/", httpOnly: true, sameSite: "lax" });
    }
    reply.header("cache-control", "no-cache").status(status).type("text/html; charset=utf-8");
    if (!template) {
      return reply.send("<!doctype html><p>The web client is not built yet: run <code>npm start</code>, which builds it.</p>");
    }
    const settings = request.site?.settings;
    const path = request.url.split("?")[0];
    const route = status === 200 ? matchPageRoute(path) : null;
    const isPublic = route !== null && (PUBLIC_ROUTES.includes(route.name) || LANDER_ROUTES.includes(route.name));
    const legal =
      route && request.site && LEGAL_ROUTES.includes(route.name)
        ? legalPageHtml(route.name, request.lang, request.site, (await companyOf(request))?.info ?? null)
        : null;
    // For visitors only: a member's home is the members area, which must not flash the visitor's page first.
    const marketing = route && request.site && !legal && !request.member ? marketingPageHtml(route.name, path, request.lang, request.site) : null;
    const page = legal ?? marketing;
    const title = legal ? `${legal.title} – ${settings?.name ?? ""}` : (marketing?.title ?? settings?.index_title ?? settings?.name ?? "");
    let html = template
      .replace('<html lang="en">', `<html lang="${request.lang}">`)
      .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('<meta name="description" content="" />', `<meta name="description" content="${escapeHtml(settings?.description ?? "")}" />`);
    if (isPublic) html = html.replace("</head>", `    ${hreflangLinks(request.origin, path)}\n  </head>`);
    // Members-only pages are not for search engines.
    else html = html.replace("</head>", `    <meta name="robots" content="noindex" />\n  </head>`);
    if (page) html = html.replace('<div id="root"></div>', `<div id="root">${page.body}</div>`);
    // Pages are answered by the not-found handler, which route-level compression does not reach.
    return sendCompressed(request, reply, html);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const isPage = (request.method === "GET" || request.method === "HEAD") && !path.startsWith("/api/") && !path.startsWith("/assets/");
    if (!isPage) return sendError(request, reply, 404, "not_found");
    return renderPage(request, reply, matchPageRoute(path) ? 200 : 404);
  });
}
