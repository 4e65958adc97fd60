import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersCalls } from "../../../common/schemas/members";
import { unauthorized } from "../../errors";
import { type MemberRequest, memberOf } from "../../plugins/routeAuth";
import type { MembersService } from "./members.service";
import { ownSearchFacts, placeOfProfile } from "./ownSearch";
import type { Viewer } from "./access";
import { visitorMaySearch } from "./trafficSource";

export function viewerOf(request: FastifyRequest): Viewer {
  const member = request.member;
  return { id: member?.user.id ?? null, siteId: request.site.id, paid: member?.user.paidUser ?? false, place: member ? placeOfProfile(member.profile) : null };
}

/** The viewer of a members-only route: always a member (the route declares `auth: "member"`). */
export function memberViewerOf(request: FastifyRequest & MemberRequest): Viewer & { id: number } {
  const member = memberOf(request);
  return { ...viewerOf(request), id: member.user.id };
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
