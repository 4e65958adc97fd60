import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_COOKIE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from "../../../common/constants";
import { setSessionCookie } from "./sessionCookie";
import { authCalls } from "../../../common/schemas/user";
import type { Db } from "../../db/client";
import { memberOf } from "../../plugins/routeAuth";
import { userDto } from "../members/profileDto";
import { findMemberByUserId } from "./auth.repo";
import type { AuthService, RequestInfo } from "./auth.service";

const DAY_SECONDS = 86400;

export interface AuthRoutesOptions {
  auth: AuthService;
  db: Db;
  /** Sends a signup's first message to the member of the landing page (features/signup). */
  sendFirstMessage: (userId: number, request: FastifyRequest, to: number, text: string) => Promise<boolean>;
}

/** Account calls: the documented /api/user.php and /api/logout.php, and the undocumented flows in the same style. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, db, sendFirstMessage }) => {
  const info = (request: FastifyRequest): RequestInfo => ({
    site: request.site,
    lang: request.lang,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    origin: request.origin,
  });

  const userAnswer = async (userId: number) => {
    const record = await findMemberByUserId(db, userId);
    return { user: record ? userDto(record) : null };
  };

  app.get(
    "/api/user.php",
    { config: { auth: "visitor" }, schema: { tags: ["account"], summary: "The current member, or null", ...authCalls["GET /api/user.php"] } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { user: request.member ? userDto(request.member) : null };
    },
  );

  app.post(
    "/api/user.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "Log in (with ?push=1 the same path saves a push subscription: see features/push)",
        ...authCalls["POST /api/user.php"],
      },
    },
    async (request, reply) => {
      const { token, userId } = await auth.login(request.body, info(request));
      setSessionCookie(reply, token);
      return userAnswer(userId);
    },
  );

  app.put(
    "/api/user.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "Save the language (cookie for everyone, account for a member)",
        ...authCalls["PUT /api/user.php"],
      },
    },
    async (request, reply) => {
      if (request.member) await auth.setLanguage(request.member, request.body.language);
      reply.setCookie(LOCALE_COOKIE, request.body.language, { maxAge: LOCALE_COOKIE_DAYS * DAY_SECONDS });
      return { ok: true as const };
    },
  );

  app.get(
    "/api/logout.php",
    { config: { auth: "visitor" }, schema: { tags: ["account"], summary: "Log out", ...authCalls["GET /api/logout.php"] } },
    async (request, reply) => {
      await auth.logout(request.member);
      reply.clearCookie(AUTH_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  );

  app.post(
    "/api/signup.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "Create an account; sends the activation e-mail",
        ...authCalls["POST /api/signup.php"],
      },
    },
    async (request, reply) => {
      const { token, userId } = await auth.signup(request.body, info(request));
      setSessionCookie(reply, token);
      const { member_id: to, signup_message: text } = request.body;
      if (to !== undefined && text) {
        // The account exists whatever happens to the message: a refused or failed send leaves the
        // text with the account (users.signup_message) and the signup answers as usual.
        await sendFirstMessage(userId, request, to, text).catch((err: unknown) => {
          request.log.info({ err, userId, to }, "signup's first message not sent");
        });
      }
      return userAnswer(userId);
    },
  );

  app.post(
    "/api/login-link.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "The token page: log in with a one-time link from a notification e-mail",
        ...authCalls["POST /api/login-link.php"],
      },
    },
    async (request, reply) => {
      const { token, userId } = await auth.loginWithLink(request.body.token, info(request));
      setSessionCookie(reply, token);
      return userAnswer(userId);
    },
  );

  app.get(
    "/api/activate.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "Follow an activation link: redirects to /activate/done or /activate/error",
        querystring: z.object({ token: z.string().max(200) }).strict(),
      },
    },
    async (request, reply) => {
      const ok = /^[A-Za-z0-9_-]{20,100}$/.test(request.query.token) && (await auth.activate(request.query.token));
      return reply.redirect(ok ? "/activate/done" : "/activate/error", 302);
    },
  );

  app.post(
    "/api/activation-mail.php",
    {
      config: { auth: "member" },
      schema: { tags: ["account"], summary: "Send the activation e-mail again", ...authCalls["POST /api/activation-mail.php"] },
    },
    async (request) => {
      await auth.resendActivation(memberOf(request), info(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/reset-password.php",
    {
      config: { auth: "visitor" },
      schema: { tags: ["account"], summary: "Send a password-reset e-mail", ...authCalls["POST /api/reset-password.php"] },
    },
    async (request) => {
      await auth.requestReset(request.body.email, info(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/reset-password-do.php",
    {
      config: { auth: "visitor" },
      schema: {
        tags: ["account"],
        summary: "Set a new password from a reset link and log in",
        ...authCalls["POST /api/reset-password-do.php"],
      },
    },
    async (request, reply) => {
      const { token, userId } = await auth.doReset(request.body, info(request));
      setSessionCookie(reply, token);
      return userAnswer(userId);
    },
  );

  app.post(
    "/api/mail-change.php",
    {
      config: { auth: "member" },
      schema: {
        tags: ["account"],
        summary: "Ask to change the e-mail address (needs the password)",
        ...authCalls["POST /api/mail-change.php"],
      },
    },
    async (request) => {
      await auth.requestMailChange(memberOf(request), request.body, info(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/mail-change-do.php",
    {
      config: { auth: "visitor" },
      schema: { tags: ["account"], summary: "Apply an e-mail change link", ...authCalls["POST /api/mail-change-do.php"] },
    },
    async (request) => {
      await auth.doMailChange(request.body.token, { site: request.site, origin: request.origin });
      return { ok: true as const };
    },
  );
};
