import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchPage, type PageMatch, type PageRoute } from "../../../common/routes";
import { LANGUAGES } from "../../../common/locales";
import { DISMISSALS_COOKIE } from "../../../common/constants";
import { sendCompressed } from "../../plugins/compression";
import { sendError } from "../../plugins/errors";
import { registerWithAuth } from "../../plugins/routeAuth";
import { VISIT_COOKIE } from "../visits/visits.routes";
import { signupsOpen } from "../../../common/signupSteps";
import { rememberTrafficSource } from "../members/trafficSource";
import { escapeHtml } from "../../escapeHtml";
import type { CompanyRow, SiteRow } from "../settings/settings.repo";
import {
  dataBlock,
  homeFirstData,
  type LoadHome,
  type LoadLander,
  type LoadMember,
  type LoadMemberPage,
  landerFirstData,
  memberFirstData,
  memberLanderFirstData,
  PAGE_WITHOUT_DATA,
  type PageFirstData,
} from "./firstData";
import { LANDER_ROUTES, marketingPageHtml } from "./marketingPageHtml";
import { LEGAL_ROUTES, legalPageHtml, PUBLIC_ROUTES } from "./publicPageHtml";
import { canonicalUrl, hreflangLinks, pageDescription, robotsTxt, sitemapXml } from "./seo";
import { PAGE_TITLE_KEYS } from "../../../web/hooks/pageTitleKeys";
import { translate } from "../../i18n";
import type { Settings } from "../../../common/schemas/settings";
import type { FirstData } from "../../../common/firstData";
import { entryWarningVisible } from "../../../web/features/layout/entryWarningVisible";
import type { RenderInput } from "../../../web/ssr";

/**
 * The pages the server renders for a visitor (src/web/ssr.tsx, built into dist/ssr), with the build's
 * modules of their layout and page (their styles go in the head): the pages whose data comes with the
 * HTML. Not the signup: its form keeps a draft in the browser (restored on a reload) that the server
 * cannot show, and what a visitor types before the app is there would not reach the draft. The
 * browser then loads visitor.html's small entry, which fetches the app after the first paint and runs
 * it on the visitor's first touch (src/web/visitor.ts).
 */
const SERVER_RENDERED: Record<string, readonly string[]> = {
  "landers-name": ["layouts/LanderLayout.tsx", "pages/LanderPage.tsx"],
  "landers-tinderswipe": ["layouts/LanderLayout.tsx", "pages/TinderSwipeLanderPage.tsx"],
  index: ["layouts/DefaultLayout.tsx", "pages/HomePage.tsx"],
  signup: ["layouts/DefaultLayout.tsx", "pages/SignupPage.tsx"],
  "members-id-landing": ["layouts/LanderLayout.tsx", "pages/MemberLandingPage.tsx"],
  "members-id-landing2": ["layouts/LanderLayout.tsx", "pages/MemberLandingPage.tsx"],
  "members-id-landing3": ["layouts/LanderLayout.tsx", "pages/MemberLandingPage.tsx"],
  "members-id-signup": ["layouts/LanderLayout.tsx", "pages/MemberSignupPage.tsx"],
};
/** The signup forms: rendered here only where signups are open to every visit (see visitorRendered). */
const SIGNUP_ROUTES = ["signup", "members-id-signup"];

type RenderServerPage = (input: RenderInput) => Promise<string | null>;

/** index.html's and visitor.html's viewport, which the page's photo preload follows. */
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The build's `modules` and every module they import (not what they load later), by manifest key. */
function withImports(manifest: Manifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...seen];
}

/** The stylesheets of the build's `modules` and of what they import. */
function stylesheets(manifest: Manifest, modules: readonly string[], template: string): string {
  const css = new Set(withImports(manifest, modules).flatMap((key) => manifest[key].css ?? []));
  return [...css]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`)
    .join("\n    ");
}

/** Preloads of the scripts of the build's `modules` and of what they import, but those the page already has. */
function modulePreloads(manifest: Manifest, modules: readonly string[], template: string): string {
  return withImports(manifest, modules)
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith(".js") && !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`)
    .join("\n    ");
}

/**
 * The modules a member's first page loads after the app's entry, one after the other (the layout, its
 * members' parts, the page and what the page loads at once): preloaded with the HTML, so that the
 * browser fetches them beside the entry instead of in turn. The page's language comes on top. These
 * pages are also rendered on the server when their HTML brings their data (memberRendered), with the
 * stylesheets of these modules in the head.
 */
const MEMBER_FIRST_MODULES: Record<string, readonly string[]> = {
  index: ["layouts/DefaultLayout.tsx", "layouts/MemberParts.tsx", "pages/HomePage.tsx", "pages/MembersPage.tsx"],
  members: ["layouts/DefaultLayout.tsx", "layouts/MemberParts.tsx", "pages/MembersPage.tsx"],
  chats: ["layouts/DefaultLayout.tsx", "layouts/MemberParts.tsx", "pages/ChatsPage.tsx"],
};

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
    member(request: FastifyRequest): LoadMember;
    /** The status of a shared date's page (/date/<token>): 200 while its link works, 410 once it is over, 404 for no such link. */
    dateShareStatus(request: FastifyRequest, token: string): Promise<200 | 404 | 410>;
    /** What GET /api/settings.php answers the request (a page rendered on the server shows with them). */
    settings(request: FastifyRequest): Settings;
    /** What the API answers the request's member (their first page brings it); null for a visitor. */
    memberPage(request: FastifyRequest): LoadMemberPage | null;
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
  // The server's rendering of visitors' first pages, when the build made it (vite build does).
  const visitorPath = join(webRoot, "visitor.html");
  const ssrPath = join(webRoot, "../ssr/ssr.js");
  const visitorTemplate = built && existsSync(visitorPath) && existsSync(ssrPath) ? readFileSync(visitorPath, "utf8") : null;
  const renderServerPage = built && existsSync(ssrPath) ? ((await import(pathToFileURL(ssrPath).href)) as { renderPage: RenderServerPage }).renderPage : null;
  // What visitor.ts fetches after the first paint and runs on the first touch: index.html's entry, then the modules it preloads.
  const appFiles = template
    ? [...template.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1] ?? m[2],
      )
    : [];
  // Which chunks each module needs (vite build writes it); a client built without it gets no preloads.
  const manifestPath = join(webRoot, ".vite/manifest.json");
  const manifest: Manifest = built && existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : {};
  const styles = new Map(
    visitorTemplate ? Object.entries(SERVER_RENDERED).map(([name, modules]) => [name, stylesheets(manifest, modules, visitorTemplate)] as const) : [],
  );
  const memberStyles = new Map(
    visitorTemplate ? Object.entries(MEMBER_FIRST_MODULES).map(([name, modules]) => [name, stylesheets(manifest, modules, visitorTemplate)] as const) : [],
  );
  // A member's page rendered here comes in visitor.html, whose entry holds what is tapped or typed
  // until the app stands on the page (visitor.ts), with index.html's stylesheet. The app's files
  // (index.html's entry and modules, the page's own modules and its language) are fetched once the
  // page has loaded, and run then (data-start="loaded"): they no longer share the connection with
  // the page's photos.
  const appStyles =
    template && visitorTemplate
      ? [...template.matchAll(/<link rel="stylesheet" crossorigin href="[^"]+">/g)]
          .map((m) => m[0])
          .filter((tag) => !visitorTemplate.includes(tag))
          .join("\n    ")
      : "";
  const memberAppFiles = new Map(
    Object.entries(MEMBER_FIRST_MODULES).flatMap(([name, modules]) =>
      LANGUAGES.map((lang) => {
        const own = withImports(manifest, [...modules, `i18n/locales/${lang}.json`]).map((key) => `/${manifest[key].file}`);
        return [`${name} ${lang}`, [...new Set([...appFiles, ...own.filter((file) => file.endsWith(".js"))])]] as const;
      }),
    ),
  );
  const memberPreloads = new Map(
    template
      ? Object.entries(MEMBER_FIRST_MODULES).flatMap(([name, modules]) =>
          LANGUAGES.map((lang) => [`${name} ${lang}`, modulePreloads(manifest, [...modules, `i18n/locales/${lang}.json`], template)] as const),
        )
      : [],
  );

  /** The page's markup, or null where the app renders it in the browser (no server build, a part that failed). */
  const renderOnServer = async (request: FastifyRequest, route: PageRoute, input: RenderInput): Promise<string | null> => {
    if (!renderServerPage) return null;
    try {
      return await renderServerPage(input);
    } catch (error) {
      // The app renders the page in the browser as it does for every other page.
      request.log.error({ err: error, route: route.name }, "server rendering failed");
      return null;
    }
  };

  /**
   * A member's home, search or conversations rendered with the data their HTML brings (their own
   * search, their conversations), so that the page and its lead photo show with the HTML; null for
   * their other pages (a search with filters is the app's to make).
   */
  const memberRendered = (request: FastifyRequest, route: PageRoute, data: RenderInput["data"]): Promise<string | null> | null => {
    const { session } = data;
    if (!session || !visitorTemplate || !MEMBER_FIRST_MODULES[route.name] || !(data.search || data.chats)) return null;
    return renderOnServer(request, route, {
      url: `${request.origin}${request.url}`,
      language: session.settings.language,
      settings: session.settings,
      data,
      dismissals: request.cookies[DISMISSALS_COOKIE],
    });
  };

  /** The page rendered for a visitor with the data it brings, or null (the entry warning to show, another page). */
  const visitorRendered = async (request: FastifyRequest, route: PageRoute, data: RenderInput["data"]): Promise<string | null> => {
    if (!visitorTemplate || !SERVER_RENDERED[route.name]) return null;
    const settings = pageData.settings(request);
    // The warning's dialog is the app's: a visitor who may see it gets the app as before.
    const warning = entryWarningVisible({
      loggedIn: false,
      installedApp: false,
      dismissed: false,
      enableSiteEntryPopup: settings.enable_site_entry_popup,
      country: settings.geoip_country,
      allowedCountries: settings.entry_warning_countries,
      layout: route.layout,
      routeName: route.name,
    });
    if (warning) return null;
    // Signups open only to visits with a traffic source: the browser knows the visit's source (kept
    // from its first page), the server does not, so the app decides whether the form shows (the
    // shared rule, asked without a source: open to every visit or not).
    if (SIGNUP_ROUTES.includes(route.name) && !signupsOpen(settings.signups, undefined)) return null;
    return renderOnServer(request, route, { url: `${request.origin}${request.url}`, language: request.lang, settings, data });
  };

  /** The data a page's first render needs, sent with its HTML (features/web/firstData.ts), or null. */
  const firstDataOf = async (request: FastifyRequest, page: PageMatch, site: SiteRow): Promise<PageFirstData | null> => {
    const lander = await landerFirstData(page, site, pageData.lander(request));
    if (lander) return lander;
    const memberPage = pageData.memberPage(request);
    if (memberPage) return memberFirstData(page, request.query as Record<string, unknown>, memberPage);
    // A visitor's pages.
    if (page.route.name === "index") return homeFirstData(site, pageData.home(request));
    if (page.route.name === "signup") return PAGE_WITHOUT_DATA;
    return memberLanderFirstData(page, pageData.member(request));
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, status: number, matched: PageMatch | null) => {
    const route = matched?.route ?? null;
    // A shared date's page is opened by someone who is not a member (a member's friend): no visit
    // cookie, nothing kept by a cache, and its address (the link's token) sent to nobody as a referrer.
    const dateShare = route?.name === "date-share";
    if (dateShare) reply.header("referrer-policy", "no-referrer").header("x-robots-tag", "noindex");
    else {
      if (!request.cookies[VISIT_COOKIE]) reply.setCookie(VISIT_COOKIE, randomUUID(), { path: "/", httpOnly: true, sameSite: "lax" });
      // Also here, not only in settings.php: a lander's app starts on the visitor's first touch.
      rememberTrafficSource(request, reply);
    }
    reply
      // A member's page brings their own data (memberFirstData): for their browser only.
      .header("cache-control", dateShare ? "no-store" : request.member ? "private, no-cache" : "no-cache")
      .status(status)
      .type("text/html; charset=utf-8");
    if (!template) {
      return reply.send("<!doctype html><p>The web client is not built yet: run <code>npm start</code>, which builds it.</p>");
    }
    const settings = request.site?.settings;
    const path = request.url.split("?")[0];
    const isPublic = route !== null && (PUBLIC_ROUTES.includes(route.name) || LANDER_ROUTES.includes(route.name));
    // The company, read once for the request: a member's legal page names it and brings it in its data.
    let companyRead: Promise<CompanyRow | null> | undefined;
    const company = () => (companyRead ??= companyOf(request));
    const legal =
      route && request.site && LEGAL_ROUTES.includes(route.name)
        ? legalPageHtml(route.name, request.lang, request.site, (await company())?.info ?? null)
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
    // The data the first render needs, in the page. A fault getting it (the database) costs the page
    // its data, not the page: the app then asks for it itself and says what failed.
    const first =
      matched && request.site
        ? await firstDataOf(request, matched, request.site).catch((error: unknown) => {
            request.log.error({ err: error, route: matched.route.name }, "first data failed");
            return null;
          })
        : null;
    // The operating company, which the footer names, comes with every page that brings data: the
    // footer the server renders is the app's, and the app does not ask for it as it starts.
    const operator = first ? await company().catch(() => null) : null;
    const data: FirstData | null = first && (operator ? { ...first.data, company: operator.info } : first.data);
    const rendered = data && route ? await (request.member ? memberRendered(request, route, data) : visitorRendered(request, route, data)) : null;
    let html = (rendered !== null && visitorTemplate ? visitorTemplate : template)
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
    if (rendered !== null && route) {
      // The app's files, fetched after the first paint: a member's page runs them once it has loaded
      // (memberAppFiles), a visitor's on the first touch (visitor.ts).
      const app = request.member
        ? ` data-app="${escapeHtml((memberAppFiles.get(`${route.name} ${request.lang}`) ?? appFiles).join(" "))}" data-start="loaded"`
        : ` data-app="${escapeHtml(appFiles.join(" "))}"`;
      html = html
        .replace(
          "</head>",
          () => `    ${request.member ? `${appStyles}\n    ${memberStyles.get(route.name) ?? ""}` : (styles.get(route.name) ?? "")}\n  </head>`,
        )
        .replace('<div id="root"></div>', () => `<div id="root" data-ssr=""${app}>${rendered}</div>`);
    } else if (page) html = html.replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
    // A member's page the app renders names its modules up front (one wave instead of four).
    const preloads = request.member && route && rendered === null ? memberPreloads.get(`${route.name} ${request.lang}`) : undefined;
    if (preloads) html = html.replace("</head>", () => `    ${preloads}\n  </head>`);
    // The page's largest photo is asked for first, before the stylesheets and scripts: over HTTP/1.1 the
    // browser opens six connections to a host, and the photo waited behind a dozen of a member's scripts.
    // After the viewport's width, which its `imagesizes` are read against (before it, a phone's browser
    // reads them against 980 pixels, picks a larger width than the page's picture, and loads both).
    if (first) html = html.replace(VIEWPORT, () => `${VIEWPORT}\n    ${first.head}`);
    if (data && Object.keys(data).length > 0) html = html.replace('<div id="root"', () => `${dataBlock(data)}\n    <div id="root"`);
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
    const matched = matchPage(path);
    if (matched?.route.name === "date-share" && request.site) {
      // Its page, or the page saying that the link no longer works (the client shows which), with the link's status.
      const status = await pageData.dateShareStatus(request, matched.params.token ?? "");
      return renderPage(request, reply, status, matched);
    }
    return renderPage(request, reply, matched ? 200 : 404, matched);
  });
}
