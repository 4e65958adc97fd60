import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dateSharesCalls, datePageQuerySchema } from "../../../common/schemas/dateShares";
import { notFound } from "../../errors";
import { memberOf } from "../../plugins/routeAuth";
import type { DateSharesService } from "./dateShares.service";

/** A link's answers are for whoever holds the link only: kept by no cache, sent to no other site as a referrer. */
const privately = (reply: FastifyReply) => reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");

/** Share my date (issue 22): a member's links for a conversation, and what a link shows a friend without a login. */
export const dateSharesRoutes: FastifyPluginAsyncZod<{ dateShares: DateSharesService }> = async (app, { dateShares }) => {
  app.get(
    "/api/dateshares.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "The member's working date links of a conversation", ...dateSharesCalls["GET /api/dateshares.php"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return dateShares.list(memberOf(request), request.site, request.query.conversation);
    },
  );

  app.post(
    "/api/dateshares.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["chat"],
        summary: "Share a date of a conversation (place, time, note) by a link that stops working after the date; the link is answered this once",
        ...dateSharesCalls["POST /api/dateshares.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return dateShares.create(memberOf(request), request.site, request.body, request.origin);
    },
  );

  app.delete(
    "/api/dateshares.php",
    {
      config: { auth: "member" },
      schema: { tags: ["chat"], summary: "Revoke one of the member's date links", ...dateSharesCalls["DELETE /api/dateshares.php"] },
    },
    async (request) => {
      await dateShares.revoke(memberOf(request), request.query.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/datepage.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["chat"],
        summary: "What a date link shows (no login): 404 for an unknown link, 410 for one revoked or past its time",
        ...dateSharesCalls["GET /api/datepage.php"],
      },
    },
    async (request, reply) => {
      privately(reply).header("x-robots-tag", "noindex");
      return dateShares.pageOrGone(request.site, request.query.token);
    },
  );

  app.get("/api/datephoto.php", { config: { auth: "visitor" }, schema: { hide: true, querystring: datePageQuerySchema } }, async (request, reply) => {
    const file = await dateShares.photo(request.site, request.query.token);
    if (!file) throw notFound();
    privately(reply).type("image/jpeg").header("content-length", file.size).header("x-content-type-options", "nosniff");
    return reply.send(file.body);
  });
};
