import type { FastifyReply } from "fastify";
import { AUTH_COOKIE, AUTH_COOKIE_DAYS } from "../../../common/constants";

/**
 * Sets the session cookie of a new login: HTTP-only, for AUTH_COOKIE_DAYS. Secure and SameSite come
 * from the cookie plugin's defaults (app.ts): Secure in production whatever the request's protocol.
 */
export function setSessionCookie(reply: FastifyReply, token: string): FastifyReply {
  return reply.setCookie(AUTH_COOKIE, token, { httpOnly: true, maxAge: AUTH_COOKIE_DAYS * 86_400 });
}
