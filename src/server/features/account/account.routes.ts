import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_COOKIE } from "../../../common/constants";
import { setSessionCookie } from "../auth/sessionCookie";
import { accountCalls } from "../../../common/schemas/account";
import { z } from "zod";
import type { Limiter } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { memberOf } from "../../plugins/routeAuth";
import type { AccountDeletionService } from "./accountDeletion.service";
import { collectMyData } from "./myData.repo";
import type { SecurityAlerts } from "./securityAlerts";
import type { SessionsService } from "./sessions.service";

const noQuery = z.object({}).strict();

/** Downloads of the whole file a few times an hour: enough for a member, too few to load the database. */
const DOWNLOADS_PER_HOUR = 5;

/** GET /api/my-data.php: everything the site holds about the member, as one JSON file, at once. */
export interface AccountRoutesOptions {
  db: Db;
  limiter: Limiter;
  deletion: AccountDeletionService;
  sessions: SessionsService;
  alerts: SecurityAlerts;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { db, limiter, deletion, sessions, alerts }) => {
  app.get(
    "/api/sessions.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Where the member is logged in (this device marked current)",
        ...accountCalls["GET /api/sessions.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sessions.list(memberOf(request));
    },
  );

  app.delete(
    "/api/sessions.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Log out one of the member's devices (?id=) or all others (?others=1)",
        ...accountCalls["DELETE /api/sessions.php"],
      },
    },
    async (request) => {
      await sessions.end(memberOf(request), { id: request.query.id, others: request.query.others === "1" });
      return { ok: true as const };
    },
  );

  app.post(
    "/api/password.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Change the password: the current one first ('Please check your old password.'); optionally log out the other devices",
        ...accountCalls["POST /api/password.php"],
      },
    },
    async (request) => {
      await sessions.changePassword(memberOf(request), request.body, { site: request.site, origin: request.origin }, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/secure-account.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary:
          "\"This wasn't me\" with the token of a password or e-mail change alert: every device logged out, the e-mail change undone, the password void, and a link to choose a new one sent to the alert's address",
        ...accountCalls["POST /api/secure-account.php"],
      },
    },
    async (request, reply) => {
      const { emailRestored } = await alerts.secure(request.body.token, { site: request.site, origin: request.origin });
      reply.clearCookie(AUTH_COOKIE, { path: "/" });
      return { ok: true as const, email_restored: emailRestored };
    },
  );

  const requestInfo = (request: FastifyRequest) => ({ origin: request.origin, ip: request.ip, userAgent: request.headers["user-agent"] });

  app.post(
    "/api/delete-offer.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Instead of leaving: a personal discount code worth the company's delete_discount, valid for a week",
        ...accountCalls["POST /api/delete-offer.php"],
      },
    },
    async (request) => deletion.stayOffer(memberOf(request), request.site),
  );

  app.post(
    "/api/account-delete.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Delete the account (reason and password): hidden and logged out at once, reactivatable for 14 days by the e-mailed link, then erased",
        ...accountCalls["POST /api/account-delete.php"],
      },
    },
    async (request, reply) => {
      await deletion.requestDeletion(memberOf(request), request.site, request.body, requestInfo(request));
      reply.clearCookie(AUTH_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  );

  app.post(
    "/api/reactivate.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "Reactivate a deleted account with the e-mailed link's token (within 14 days): everything comes back, and the member is logged in",
        ...accountCalls["POST /api/reactivate.php"],
      },
    },
    async (request, reply) => {
      const done = await deletion.reactivate(request.body.token, requestInfo(request));
      if (!done) throw new AppError(400, "link_invalid");
      setSessionCookie(reply, done.token);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/my-data.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary:
          "Download everything the site holds about the member (account, profile, photos, likes, messages, credit ledger, payments, sessions) as a JSON file",
        querystring: noQuery,
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const { count } = await limiter.hit(`my-data:${me.user.id}`, 3600);
      if (count > DOWNLOADS_PER_HOUR) throw new AppError(429, "rate_limited");
      const data = await collectMyData(db, me.user.id);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="my-data-${request.site.settings.name.replace(/[^\w-]/g, "")}-${date}.json"`)
        .header("cache-control", "no-store")
        .send(JSON.stringify({ site: request.site.domain, exported_at: new Date().toISOString(), ...data }, null, 2));
    },
  );
};
