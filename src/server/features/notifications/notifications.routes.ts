import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailEventsSchema, notificationsCalls } from "../../../common/schemas/notifications";
import { notFound } from "../../errors";
import { memberOf } from "../../plugins/routeAuth";
import type { NotificationsService } from "./notifications.service";

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The member's e-mail choices, one-click unsubscribe (RFC 8058) and the mail provider's bounce and complaint reports. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; mailEventsToken?: string }> = async (
  app,
  { notifications, mailEventsToken },
) => {
  // Mail programs send the one-click unsubscribe as a form ("List-Unsubscribe=One-Click"); only here.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  app.get(
    "/api/notifications.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["notifications"],
        summary: "Which e-mails the member gets, and why they may be disabled",
        ...notificationsCalls["GET /api/notifications.php"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notifications.settings(memberOf(request));
    },
  );

  app.put(
    "/api/notifications.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["notifications"],
        summary: "Choose the e-mails (new message, new like, match); reenable turns them back on after a complaint, bounce or unsubscribe",
        ...notificationsCalls["PUT /api/notifications.php"],
      },
    },
    async (request) => {
      return notifications.update(memberOf(request), request.body);
    },
  );

  app.post(
    "/api/unsubscribe.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["notifications"],
        summary: "One-click unsubscribe (RFC 8058) from every notification e-mail, with the token of the mail's link; no login needed",
        ...notificationsCalls["POST /api/unsubscribe.php"],
      },
    },
    async (request) => {
      await notifications.unsubscribe(request.query.token);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/mail-events.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["notifications"],
        summary: "Bounces and spam complaints from the mail provider (Authorization: Bearer MAIL_EVENTS_TOKEN); their notifications stop",
        body: mailEventsSchema,
        response: { 200: z.object({ updated: z.number().int() }) },
      },
      // Checked before the body: without a configured token the endpoint does not exist, and a wrong token learns nothing more.
      onRequest: async (request) => {
        if (!mailEventsToken || !sameSecret(request.headers.authorization ?? "", `Bearer ${mailEventsToken}`)) throw notFound();
      },
    },
    async (request) => notifications.mailEvents(request.body),
  );
};
