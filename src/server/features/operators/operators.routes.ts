import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OPERATOR_COOKIE, OPERATOR_COOKIE_PATH } from "../../../common/constants";
import { consoleCalls } from "../../../common/schemas/console";
import type { ConsoleAuthService } from "./consoleAuth.service";
import { operatorOf } from "../../plugins/routeAuth";

const tags = ["console"];

/**
 * The console's own cookie: sent only to /api/console, never readable by scripts, never sent along
 * from another site (Strict), Secure in production (the cookie plugin's default, app.ts).
 */
function setOperatorCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(OPERATOR_COOKIE, token, { path: OPERATOR_COOKIE_PATH, httpOnly: true, sameSite: "strict", maxAge: maxAgeSeconds });
}

/** Sign-in to the console: password, then the TOTP code (and its enrolment). */
export const operatorsRoutes: FastifyPluginAsyncZod<{ consoleAuth: ConsoleAuthService }> = async (app, { consoleAuth }) => {
  app.get(
    "/api/console/session",
    { config: { auth: "visitor" }, schema: { tags, summary: "Where the operator's sign-in stands", ...consoleCalls["GET /api/console/session"] } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return consoleAuth.session(request.operator);
    },
  );

  app.post(
    "/api/console/session",
    {
      config: { auth: "visitor" },
      schema: { tags, summary: "Sign in with e-mail and password", ...consoleCalls["POST /api/console/session"] },
    },
    async (request, reply) => {
      await consoleAuth.signOut(request.operator);
      const { token, session, maxAgeSeconds } = await consoleAuth.signIn(request.body, request.ip);
      setOperatorCookie(reply, token, maxAgeSeconds);
      return session;
    },
  );

  app.delete(
    "/api/console/session",
    { config: { auth: "visitor" }, schema: { tags, summary: "Sign out", ...consoleCalls["DELETE /api/console/session"] } },
    async (request, reply) => {
      await consoleAuth.signOut(request.operator);
      reply.clearCookie(OPERATOR_COOKIE, { path: OPERATOR_COOKIE_PATH });
      return { ok: true as const };
    },
  );

  app.post(
    "/api/console/code",
    {
      config: { auth: "operator_signing_in" },
      schema: { tags, summary: "Give the TOTP code of the sign-in", ...consoleCalls["POST /api/console/code"] },
    },
    async (request) => consoleAuth.verifyCode(operatorOf(request), request.body.code, request.ip),
  );

  app.post(
    "/api/console/totp",
    {
      config: { auth: "operator_signing_in" },
      schema: { tags, summary: "Start setting up the second factor: a QR code", ...consoleCalls["POST /api/console/totp"] },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return consoleAuth.startEnrolment(operatorOf(request), `${request.site.settings.mail_name} console`);
    },
  );

  app.post(
    "/api/console/totp/activate",
    {
      config: { auth: "operator_signing_in" },
      schema: { tags, summary: "Turn the second factor on with one valid code", ...consoleCalls["POST /api/console/totp/activate"] },
    },
    async (request) => consoleAuth.activateEnrolment(operatorOf(request), request.body.code, request.ip),
  );
};
