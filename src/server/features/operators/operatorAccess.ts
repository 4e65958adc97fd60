import type { FastifyRequest } from "fastify";
import { OPERATOR_COOKIE } from "../../../common/constants";
import type { Db } from "../../db/client";
import { hashToken } from "../auth/tokens";
import type { OperatorContext } from "./consoleAuth.service";
import { findLiveOperatorSession } from "./operators.repo";

declare module "fastify" {
  interface FastifyRequest {
    /** The operator of a console route's request (never set on other routes), or null. */
    operator: OperatorContext | null;
  }
}

/**
 * The operator of a request by the console's own cookie (a member's session counts for nothing in the
 * console); the route-auth hook (plugins/routeAuth.ts) loads it for every console route.
 */
export async function loadOperator(db: Db, request: FastifyRequest): Promise<OperatorContext | null> {
  const token = request.cookies[OPERATOR_COOKIE];
  if (!token || token.length > 200) return null;
  const row = await findLiveOperatorSession(db, hashToken(token));
  if (!row) return null;
  return { sessionId: row.session.id, complete: row.session.completedAt !== null, operator: row.operator };
}
