import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersCalls } from "../../../common/schemas/members";
import { unauthorized } from "../../errors";
import { type MemberRequest, memberOf } from "../../plugins/routeAuth";
import type { MembersService } from "./members.service";
import { ownSearchFacts, placeOfProfile } from "./ownSearch";
import type { Viewer } from "./access";

/** Cookie set when a visit arrives with a traffic source (network or ref). */
export const TRAFFIC_SOURCE_COOKIE = "ts";

export function viewerOf(request: FastifyRequest): Viewer {
  const member = request.member;
  return { id: member?.user.id ?? null, siteId: request.site.id, paid: member?.user.paidUser ?? false, place: member ? placeOfProfile(member.profile) : null };
}

/** The viewer of a members-only route: always a member (the route declares `auth: "member"`). */
export function memberViewerOf(request: FastifyRequest & MemberRequest): Viewer & { id: number } {
  const member = memberOf(request);
  return { ...viewerOf(request), id: member.user.id };
}

/** Visitors search only as the site allows: always, or only when they came with a traffic source. */
export function visitorMaySearch(request: FastifyRequest): boolean {
  const { logged_out_search, logged_out_search_trafficsource } = request.site.settings;
  if (logged_out_search) return true;
  return logged_out_search_trafficsource && request.cookies[TRAFFIC_SOURCE_COOKIE] === "1";
}

export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  app.get(
    "/api/members.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["members"],
        summary:
          "Search members: newest or nearest first, keyset paged with `cursor`, with the total and similar members when few match; `defaults=1` starts from the viewer's own settings",
        ...membersCalls["GET /api/members.php"],
      },
    },
    async (request) => {
      if (!request.member && !visitorMaySearch(request)) throw unauthorized();
      const own = request.member ? ownSearchFacts(request.member.profile) : null;
      return members.search(viewerOf(request), request.query, own, request.site.settings.countries);
    },
  );

  app.get(
    "/api/member.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["members"],
        summary: "Another member's profile as the viewer may see it",
        ...membersCalls["GET /api/member.php"],
      },
    },
    async (request) => members.view(viewerOf(request), request.query.id),
  );
};
