import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { grantCreditsRequestSchema, memberDetailSchema, memberHitSchema, memberSearchQuerySchema, reasonRequestSchema } from "../../../common/schemas/console";
import { okSchema } from "../../../common/schemas/auth";
import { idSchema } from "../../../common/schemas/ids";
import { operatorOf } from "../../plugins/routeAuth";
import type { MemberLookupService } from "./memberLookup.service";

const tags = ["console"];
const params = z.object({ id: idSchema }).strict();
const LOOKUP = ["support", "admin"] as const;

/** Member lookup for support and admins: find, look at, log out, grant goodwill credits. */
export const memberLookupRoutes: FastifyPluginAsyncZod<{ lookup: MemberLookupService }> = async (app, { lookup }) => {
  app.get(
    "/api/console/members",
    {
      config: { auth: LOOKUP },
      schema: {
        tags,
        summary: "Find members by id, e-mail or name",
        querystring: memberSearchQuerySchema,
        response: { 200: z.object({ members: z.array(memberHitSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { members: await lookup.search(request.query.q) };
    },
  );

  app.get(
    "/api/console/members/:id",
    { config: { auth: LOOKUP }, schema: { tags, summary: "A member's account, profile, money and trail", params, response: { 200: memberDetailSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return lookup.detail(request.params.id);
    },
  );

  app.post(
    "/api/console/members/:id/end-sessions",
    {
      config: { auth: LOOKUP },
      schema: { tags, summary: "Log the member out everywhere", params, body: reasonRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await lookup.endSessions(operatorOf(request).operator.id, request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/members/:id/credits",
    {
      config: { auth: LOOKUP },
      schema: { tags, summary: "Grant goodwill credits", params, body: grantCreditsRequestSchema, response: { 200: z.object({ credits: z.number() }) } },
    },
    async (request) => ({ credits: await lookup.grantCredits(operatorOf(request).operator.id, request.params.id, request.body) }),
  );
};
