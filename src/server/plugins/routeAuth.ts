import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { OPERATOR_COOKIE_PATH } from "../../common/constants";
import { OPERATOR_ROLES, type OperatorRole } from "../../common/schemas/console";
import type { Db } from "../db/client";
import { AppError, unauthorized } from "../errors";
import type { MemberRecord } from "../features/auth/auth.repo";
import type { OperatorContext } from "../features/operators/consoleAuth.service";
import { loadOperator } from "../features/operators/operatorAccess";

/**
 * Who may call a route, declared on every route as `config: { auth }` and enforced by one hook
 * before the body is read or anything is validated:
 * - `visitor`: anyone; the member (or, in the console, the operator) is loaded when there is one;
 * - `member`: a signed-in member of the request's site, else 403 authentication_required;
 * - `operator_signing_in`: console only: an operator who gave the password, the second factor perhaps not yet;
 * - a list of operator roles: console only: a complete sign-in of one of them, else 403.
 */
export type RouteAuth = "visitor" | "member" | "operator_signing_in" | readonly OperatorRole[];

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/** The caller a route declares (the generated tests and the API document read it from the route table). */
export function routeAuthOf(config: unknown): RouteAuth | undefined {
  return (config as { auth?: RouteAuth } | undefined)?.auth;
}

export const isOperatorAuth = (auth: RouteAuth | undefined): auth is "operator_signing_in" | readonly OperatorRole[] =>
  auth === "operator_signing_in" || Array.isArray(auth);

/** The console's routes: its cookie is sent to this path only, so only here is an operator known. */
export const isConsoleUrl = (url: string) => url.startsWith(`${OPERATOR_COOKIE_PATH}/`);

/** A request of a route that declares `auth: "member"`: a handler of any other route does not type-check with it. */
export interface MemberRequest {
  member: MemberRecord | null;
  routeOptions: { config: { auth?: "member" } };
}

/** The signed-in member of a route that declares `auth: "member"` (the hook let only members through). */
export function memberOf(request: MemberRequest): MemberRecord {
  if (!request.member) throw new Error(`${request.routeOptions.config.auth} route reached without a member`);
  return request.member;
}

/** The operator of a console route that declares `operator_signing_in` or roles (the hook let only operators through). */
export function operatorOf(request: {
  operator: OperatorContext | null;
  routeOptions: { config: { auth?: "operator_signing_in" | readonly OperatorRole[] } };
}): OperatorContext {
  if (!request.operator) throw new Error("operator route reached without an operator");
  return request.operator;
}

const kDefaultAuth = Symbol("routeAuth.default");

/**
 * Registers a plugin whose routes take no options of ours (static files, the API document's pages)
 * with one declared caller for all of them.
 */
export async function registerWithAuth(app: FastifyInstance, auth: RouteAuth, register: (scope: FastifyInstance) => PromiseLike<unknown>): Promise<void> {
  await app.register(async (scope) => {
    (scope as unknown as Record<symbol, RouteAuth>)[kDefaultAuth] = auth;
    await register(scope);
  });
}

/**
 * The start stops at a route that does not say who may call it, or says it wrongly: operator access
 * outside the console (no operator is ever known there), a member route in the console (a member's
 * session counts for nothing there). Register before anything that copies the route table.
 */
export function requireRouteAuth(app: FastifyInstance): void {
  app.addHook("onRoute", function (this: FastifyInstance, route: RouteOptions) {
    const inherited = (this as unknown as Record<symbol, RouteAuth | undefined>)[kDefaultAuth];
    if (routeAuthOf(route.config) === undefined && inherited !== undefined) route.config = { ...route.config, auth: inherited };
    const auth = routeAuthOf(route.config);
    const where = `${route.method} ${route.url}`;
    if (auth === undefined) throw new Error(`${where}: every route must declare its caller as config.auth (visitor, member or operator roles)`);
    if (Array.isArray(auth) && (auth.length === 0 || auth.some((role) => !OPERATOR_ROLES.includes(role))))
      throw new Error(`${where}: config.auth names no or unknown operator roles`);
    if (!Array.isArray(auth) && !["visitor", "member", "operator_signing_in"].includes(auth as string))
      throw new Error(`${where}: config.auth "${String(auth)}" is no caller`);
    if (isOperatorAuth(auth) && !isConsoleUrl(route.url)) throw new Error(`${where}: operator routes live under ${OPERATOR_COOKIE_PATH}/`);
    if (auth === "member" && isConsoleUrl(route.url)) throw new Error(`${where}: console routes are for operators, not members`);
  });
}

/**
 * The one check of every route's caller, after the request context has loaded the member and before
 * the body is read or validated: a call that needs a login answers 403 whatever its input.
 */
export function registerRouteAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest("operator", null);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const auth = routeAuthOf(request.routeOptions.config);
    // No route matched (the not-found handler): nothing to guard.
    if (auth === undefined) return;
    if (isConsoleUrl(request.routeOptions.url ?? "")) request.operator = await loadOperator(db, request);
    if (auth === "visitor") return;
    if (auth === "member") {
      if (!request.member) throw unauthorized();
      return;
    }
    if (!request.operator) throw unauthorized();
    if (auth === "operator_signing_in") return;
    if (!request.operator.complete) throw unauthorized();
    if (!auth.includes(request.operator.operator.role)) throw new AppError(403, "operator_forbidden");
  });
}
