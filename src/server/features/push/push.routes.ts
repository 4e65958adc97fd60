import type { SwaggerTransform } from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { documentRoute } from "../../plugins/apiDocs";
import { pushCalls } from "../../../common/schemas/push";
import { memberOf } from "../../plugins/routeAuth";
import type { PushService } from "./push.service";

export interface PushRoutesOptions {
  push: PushService;
  /** Take http://127.0.0.1 endpoints: only the test environment, where a test plays the push service. */
  allowLoopbackEndpoints: boolean;
}

/**
 * Route constraint that tells `POST /api/user.php?push=1` (spec section 7) from the login at the
 * same path: routes constrained to push "1" answer requests whose query has push=1, every other
 * request goes to the unconstrained route. So each feature keeps its own route and schema.
 */
const PUSH_QUERY_CONSTRAINT = "pushQuery";

function addPushQueryConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(PUSH_QUERY_CONSTRAINT)) return;
  app.addConstraintStrategy({
    name: PUSH_QUERY_CONSTRAINT,
    storage<Handler>() {
      const handlers = new Map<unknown, Handler>();
      return {
        get: (value: unknown) => handlers.get(value) ?? null,
        set: (value: unknown, handler: Handler) => void handlers.set(value, handler),
      };
    },
    deriveConstraint(req: { url?: string }) {
      const url = req.url ?? "";
      const start = url.indexOf("?");
      if (start === -1 || !url.includes("push=", start)) return undefined;
      return new URLSearchParams(url.slice(start + 1)).get("push") ?? undefined;
    },
    mustMatchWhenDerived: false,
  });
}

/** Documents a push route under its own path: OpenAPI has one operation per method and path, and login owns the plain one. */
const documentedAs =
  (url: string): SwaggerTransform =>
  (args) => {
    const transformed = documentRoute(args);
    const { querystring: _query, ...schema } = (transformed.schema ?? {}) as Record<string, unknown>;
    return { schema, url };
  };

/** Web Push subscriptions of the logged-in member. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, { push, allowLoopbackEndpoints }) => {
  addPushQueryConstraint(app);
  const constraints = { [PUSH_QUERY_CONSTRAINT]: "1" };

  app.post(
    "/api/user.php",
    {
      constraints,
      config: { auth: "member", swaggerTransform: documentedAs("/api/user.php?push=1") },
      schema: {
        tags: ["account"],
        summary: "Save this browser's push subscription for the member (the browser's PushSubscription JSON)",
        ...pushCalls["POST /api/user.php?push=1"],
      },
    },
    async (request) => {
      await push.subscribe(memberOf(request), request.body, { allowLoopbackHttp: allowLoopbackEndpoints });
      return { ok: true as const };
    },
  );

  app.delete(
    "/api/user.php",
    {
      constraints,
      config: { auth: "member", swaggerTransform: documentedAs("/api/user.php?push=1") },
      schema: {
        tags: ["account"],
        summary: "Forget this browser's push subscription (push turned off, or logout)",
        ...pushCalls["DELETE /api/user.php?push=1"],
      },
    },
    async (request) => {
      await push.unsubscribe(memberOf(request), request.body.endpoint);
      return { ok: true as const };
    },
  );
};
