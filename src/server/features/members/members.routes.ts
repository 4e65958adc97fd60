import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersQuerySchema, membersResponseSchema } from "../../../common/schemas/user";
import type { Db } from "../../db/client";
import { listMembers } from "./members.repo";
import { memberCardDto } from "./profileDto";

const PER_PAGE = 24;

/** The member list: newest first. Filters, blocking and keyset paging come with the members issue. */
export const membersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/members.php",
    { schema: { tags: ["members"], summary: "Members of the site, newest first, paged", querystring: membersQuerySchema, response: { 200: membersResponseSchema } } },
    async (request) => {
      const { page } = request.query;
      const { rows, total } = await listMembers(db, request.site.id, request.member?.user.id ?? null, page, PER_PAGE);
      return { profiles: rows.map((r) => memberCardDto(r.profile, r.mainPhoto)), page, total, per_page: PER_PAGE };
    },
  );
};
