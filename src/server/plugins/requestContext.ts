import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_COOKIE, LOCALE_COOKIE } from "../../common/constants";
import { type Country, isLanguage, LANGUAGES, type Language, languagesOf, pickLanguage } from "../../common/locales";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { findSessionMember, type MemberRecord, touchSession } from "../features/auth/auth.repo";
import type { MemberCache } from "../features/auth/memberCache";
import { hashToken } from "../features/auth/tokens";
import { restrictedError, restrictionOfSession } from "../features/members/accessRestrictions";
import type { SiteOrigin } from "../features/settings/siteOrigin";
import type { SiteResolver } from "../features/settings/siteResolver";
import type { SiteRow } from "../features/settings/settings.repo";
import { countryOfIp } from "../geo/geoip";

declare module "fastify" {
  interface FastifyRequest {
    site: SiteRow;
    /** The logged-in member, or null for a visitor. */
    member: MemberRecord | null;
    /** The site's own configured address (links in e-mails, pushes and payment calls), never the request's Host. */
    origin: string;
    /** The language of answers and e-mails for this request. */
    lang: Language;
    /** The visitor's country: GeoIP, or the site's main country where GeoIP cannot place the address. */
    country: string;
  }
}

/**
 * Routes that answer whatever the request's Host: liveness, readiness and metrics are asked by load
 * balancers, orchestrators and Prometheus by address, not by a site's domain. They get no site, member or
 * language, and must not need them.
 */
export const HOST_FREE_PATHS: ReadonlySet<string> = new Set(["/api/health.php", "/api/ready", "/metrics"]);

/** Logging out drops the cookie of an ended session: the way out for a banned member's browser. */
const LOGOUT_PATH = "/api/logout.php";

/** Last-seen is written at most this often per session, so that reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;

/** Every language, English first: for a request that belongs to no site. */
const ANY_LANGUAGE: readonly Language[] = ["en", ...LANGUAGES.filter((l) => l !== "en")];

/** Resolves site, member, country and language for every request except static assets. */
export function registerRequestContext(app: FastifyInstance, deps: { db: Db; sites: SiteResolver; members: MemberCache; siteOrigin: SiteOrigin }): void {
  app.decorateRequest("site", null as unknown as SiteRow);
  app.decorateRequest("member", null);
  app.decorateRequest("lang", "en");
  app.decorateRequest("origin", {
    getter(this: FastifyRequest) {
      return deps.siteOrigin(this.site);
    },
  });
  app.decorateRequest("country", "");

  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/assets/")) return;
    // The matched route, not the raw URL: a query string or an unknown path cannot slip through.
    // Their errors (a refused metrics scrape) in the browser's language, as there is no site's.
    if (HOST_FREE_PATHS.has(request.routeOptions.url ?? "")) {
      request.lang = browserLanguage(request);
      return;
    }
    const site = await deps.sites.resolve(request.host);
    if (!site) {
      // A host that is no site's domain (production): not served as some other site (RFC 9110, 421),
      // told in the browser's language.
      request.lang = browserLanguage(request);
      throw new AppError(421, "misdirected_request");
    }
    request.site = site;
    request.country = visitorCountry(request, site);
    request.member = await loadMember(request, deps.db, deps.members, site);
    request.lang = requestLanguage(request);
    // Not on a socket's upgrade: its refusal reaches no screen, and the app would never hear why.
    if (!request.member && request.url.startsWith("/api/") && !request.headers.upgrade && request.routeOptions.url !== LOGOUT_PATH)
      await refuseRestricted(request, deps.db);
  });
}

const browserLanguage = (request: FastifyRequest) =>
  pickLanguage({ cookie: request.cookies[LOCALE_COOKIE], acceptLanguage: request.headers["accept-language"], offered: ANY_LANGUAGE });

function visitorCountry(request: FastifyRequest, site: SiteRow): string {
  const main = site.settings.countries[0];
  const country = countryOfIp(request.ip);
  return country ?? main;
}

/** The country whose languages the switcher offers: the visitor's, if the site is sold there. */
export function selectedCountry(request: FastifyRequest): string {
  const countries = request.site.settings.countries;
  return countries.includes(request.country) ? request.country : countries[0];
}

async function loadMember(request: FastifyRequest, db: Db, cache: MemberCache, site: SiteRow): Promise<MemberRecord | null> {
  const token = request.cookies[AUTH_COOKIE];
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  let member = cache.get(tokenHash);
  if (!member) {
    const stamp = cache.stamp();
    member = await findSessionMember(db, tokenHash);
    if (member) cache.set(tokenHash, member, stamp);
  }
  if (!member || member.user.siteId !== site.id) return null;
  if (Date.now() - member.sessionLastSeen.getTime() > TOUCH_EVERY_MS) {
    member.sessionLastSeen = new Date();
    await touchSession(db, member.sessionId);
  }
  return member;
}

/**
 * A member whose sessions a ban or suspension ended learns it at every call with the old cookie: 403
 * with the reason (the app shows /pages/ban, then logs out, which drops the cookie and makes them a
 * visitor). Not answered once only: a beacon or a call of a closing page would swallow it unseen.
 */
async function refuseRestricted(request: FastifyRequest, db: Db): Promise<void> {
  const token = request.cookies[AUTH_COOKIE];
  if (!token || token.length > 200) return;
  const restriction = await restrictionOfSession(db, hashToken(token));
  if (restriction) throw restrictedError(restriction);
}

function requestLanguage(request: FastifyRequest): Language {
  if (request.member) return request.member.user.language as Language;
  // An address with ?lang= (the hreflang alternates of public pages) names the language outright.
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) return asked;
  return pickLanguage({
    cookie: request.cookies[LOCALE_COOKIE],
    domainLanguage: request.site.settings.domain_language,
    acceptLanguage: request.headers["accept-language"],
    offered: languagesOf(selectedCountry(request) as Country),
  });
}
