import type { FastifyInstance, FastifyRequest } from "fastify";
import { OPERATOR_COOKIE, OPERATOR_COOKIE_PATH } from "../../../common/constants";
import type { OperatorRole } from "../../../common/schemas/console";
import type { Db } from "../../db/client";
import { AppError, unauthorized } from "../../errors";
import { hashToken } from "../auth/tokens";
import type { OperatorContext } from "./consoleAuth.service";
import { findLiveOperatorSession } from "./operators.repo";

/**
 * Who may call a console route, declared on the route as `config: { operator: ... }`:
 * - `anyone`: also visitors (the sign-in itself); the operator is loaded when there is one;
 * - `signing_in`: an operator with the password given, the second factor perhaps not yet;
 * - a list of roles: a complete sign-in of one of these roles.
 */
export type OperatorAccess = "anyone" | "signing_in" | readonly OperatorRole[];

declare module "fastify" {
  interface FastifyContextConfig {
    operator?: OperatorAccess;
  }
  interface FastifyRequest {
    /** The operator of a console route's request (never set on other routes), or null. */
    operator: OperatorContext | null;
  }
}

/** The access declared on a route (the generated role test reads it from the route table too). */
export function operatorAccessOf(config: unknown): OperatorAccess | undefined {
  return (config as { operator?: OperatorAccess } | undefined)?.operator;
}

/**
 * The one check of every console route, before validation: the console's own cookie (a member's
 * session counts for nothing here) and the role the route declares. A console route without a
 * declaration stops the start.
 */
export function registerOperatorAccess(app: FastifyInstance, db: Db): void {
  app.decorateRequest("operator", null);
  app.addHook("onRoute", (route) => {
    const inConsole = route.url.startsWith(`${OPERATOR_COOKIE_PATH}/`);
    const access = operatorAccessOf(route.config);
    if (inConsole && access === undefined) throw new Error(`${route.method} ${route.url}: a console route must declare config.operator`);
    // The cookie is sent to the console's path only: a route elsewhere would never see an operator.
    if (!inConsole && access !== undefined) throw new Error(`${route.url}: operator routes live under ${OPERATOR_COOKIE_PATH}/`);
  });
  app.addHook("onRequest", async (request) => {
    const access = operatorAccessOf(request.routeOptions.config);
    if (access === undefined) return;
    request.operator = await loadOperator(db, request);
    if (access === "anyone") return;
    if (!request.operator) throw unauthorized();
    if (access === "signing_in") return;
    if (!request.operator.complete) throw unauthorized();
    if (!access.includes(request.operator.operator.role)) throw new AppError(403, "operator_forbidden");
  });
}

async function loadOperator(db: Db, request: FastifyRequest): Promise<OperatorContext | null> {
  const token = request.cookies[OPERATOR_COOKIE];
  if (!token || token.length > 200) return null;
  const row = await findLiveOperatorSession(db, hashToken(token));
  if (!row) return null;
  return { sessionId: row.session.id, complete: row.session.completedAt !== null, operator: row.operator };
}

/** The operator of a route that declared roles or `signing_in` (the hook let the request through). */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw unauthorized();
  return request.operator;
}
