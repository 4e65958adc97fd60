import type { FastifyReply, FastifyRequest } from "fastify";

// Where a visit came from (an ad network or a referrer, named in the address) decides, on sites that
// allow it only then, whether a visitor may search without an account.

/** Cookie set when a visit arrives with a traffic source (network or ref). */
export const TRAFFIC_SOURCE_COOKIE = "ts";

/**
 * Sets the traffic-source cookie when the request's address names a source (a page of the site, or
 * settings.php with the page's query): a visit that arrived from one may search while logged out
 * where the site allows that.
 */
export function rememberTrafficSource(request: FastifyRequest, reply: FastifyReply): void {
  const query = request.query as Record<string, unknown> | undefined;
  if ((query?.network || query?.ref) && !request.cookies[TRAFFIC_SOURCE_COOKIE]) {
    reply.setCookie(TRAFFIC_SOURCE_COOKIE, "1", { path: "/", httpOnly: true, sameSite: "lax" });
  }
}

/** Visitors search only as the site allows: always, or only when they came with a traffic source. */
export function visitorMaySearch(request: FastifyRequest): boolean {
  const { logged_out_search, logged_out_search_trafficsource } = request.site.settings;
  if (logged_out_search) return true;
  return logged_out_search_trafficsource && request.cookies[TRAFFIC_SOURCE_COOKIE] === "1";
}
