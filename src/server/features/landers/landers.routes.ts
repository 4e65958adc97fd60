import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NICHE_FILTERS, type Niche, nicheOfSetting } from "../../../common/landers";
import { type LanderResponse, landersCalls } from "../../../common/schemas/landers";
import type { Db } from "../../db/client";
import { memberCardDto } from "../members/profileDto";
import { visitorMaySearch } from "../members/trafficSource";
import { landerProfiles, type LanderRow } from "./landers.repo";

/** Below this many profiles of a niche, a lander fills up with others of the niche's gender. */
const LANDER_MIN_PROFILES = 6;
const DEFAULT_LIMIT = 12;

/**
 * GET /api/lander.php: public. Real members appear only where the site shows members to visitors
 * (logged_out_search, or with a traffic source); the profiles the site operates (demo and fictional,
 * which cannot log in) always may. A member's privacy does not depend on which page a visitor lands on.
 */
/** The profiles of a landing page for this request's visitor or member (the route's answer, and the page's HTML). */
export async function landerAnswer(db: Db, request: FastifyRequest, niche: Niche, limit: number): Promise<LanderResponse> {
  const base = { siteId: request.site.id, includeMembers: Boolean(request.member) || visitorMaySearch(request), country: request.country, limit };
  const filter = NICHE_FILTERS[niche];
  const ofNiche = await landerProfiles(db, { ...base, filter });
  let rows: LanderRow[] = ofNiche.rows;
  if (rows.length < Math.min(limit, LANDER_MIN_PROFILES)) {
    const seen = new Set(rows.map((r) => r.profile.id));
    const more = (await landerProfiles(db, { ...base, filter: { gender: filter.gender } })).rows;
    rows = [...rows, ...more.filter((r) => !seen.has(r.profile.id))].slice(0, limit);
  }
  return {
    niche,
    total: ofNiche.total,
    profiles: rows.map((r) => ({ ...memberCardDto(r.profile, r.mainPhoto), personal_text: r.personalText, interests: r.interests })),
  };
}

export const landersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/lander.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["landers"],
        summary: "Profiles for a landing page of a niche (the site's niche by default), the visitor's country first",
        ...landersCalls["GET /api/lander.php"],
      },
    },
    async (request, reply) => {
      const niche = request.query.niche ?? nicheOfSetting(request.site.settings.niche);
      // Public and the same for every visitor of a country for a while: cacheable by the browser.
      reply.header("cache-control", request.member ? "private, no-store" : "private, max-age=300");
      return landerAnswer(db, request, niche, request.query.limit ?? DEFAULT_LIMIT);
    },
  );
};
