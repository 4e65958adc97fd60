import fastifySwagger, { type SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { AUTH_COOKIE, OPERATOR_COOKIE } from "../../common/constants";
import type { ErrorCode } from "../../common/errors";
import { type RouteAuth, registerWithAuth, routeAuthOf } from "./routeAuth";

/** Where the document and its pages are served. */
export const API_DOCS_PATH = "/api/docs";

/** The two sessions a call can need: a member's cookie, or the console's own (sent to /api/console only). */
const SECURITY_SCHEMES = {
  memberSession: { type: "apiKey", in: "cookie", name: AUTH_COOKIE, description: "A member's session, set by logging in (POST /api/user.php)" },
  consoleSession: { type: "apiKey", in: "cookie", name: OPERATOR_COOKIE, description: "An operator's console session (POST /api/console/session)" },
} as const;

/** The body of every error answer: `{ error: { code, message, fields? } }`, the message in the caller's language. */
function errorAnswer(code: ErrorCode, description: string) {
  return {
    description,
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string", enum: [code] },
          message: { type: "string", description: "The error's text in the caller's language" },
          fields: { type: "object", additionalProperties: { type: "string" }, description: "A message per field of the input at fault" },
        },
      },
    },
  };
}

/** One line of the operation's description: who may call it. */
function callerLine(auth: RouteAuth): string {
  if (auth === "visitor") return "Who may call: anyone, visitor or member (no session needed).";
  if (auth === "member") return "Who may call: a logged-in member. Without a session: 403 authentication_required, before the input is looked at.";
  if (auth === "operator_signing_in") return "Who may call: a console operator who has given the password (the second factor perhaps not yet); 403 otherwise.";
  return `Who may call: a console operator with the role ${auth.join(" or ")}; 403 otherwise, before the input is looked at.`;
}

/** The OpenAPI form of a route's declared caller: a security requirement, `x-auth`, a line of the description and the 403 answers. */
function documentAuth(auth: RouteAuth | undefined, schema: Record<string, unknown>): Record<string, unknown> {
  if (auth === undefined) return schema;
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  if (schema.querystring || schema.body || schema.params)
    response[400] ??= errorAnswer("validation_failed", "The input does not fit the schema (each field at fault named)");
  let security: Record<string, string[]>[] | undefined;
  if (auth === "member") {
    security = [{ memberSession: [] }];
    response[403] ??= errorAnswer("authentication_required", "No member is logged in (or the member is banned or suspended)");
  } else if (auth !== "visitor") {
    security = [{ consoleSession: [] }];
    response[403] ??= errorAnswer(
      Array.isArray(auth) ? "operator_forbidden" : "authentication_required",
      Array.isArray(auth) ? "No complete console sign-in, or one of another role" : "No console sign-in",
    );
  }
  const description = [schema.description, callerLine(auth)].filter(Boolean).join("\n\n");
  return { ...schema, description, "x-auth": auth, ...(security ? { security } : {}), response };
}

/** The transform of every documented route: zod schemas as JSON Schema, plus the route's caller and error answers. */
export const documentRoute: SwaggerTransform = (args) => {
  const transformed = jsonSchemaTransform(args);
  return { ...transformed, schema: documentAuth(routeAuthOf(args.route.config), transformed.schema as Record<string, unknown>) };
};

/** The OpenAPI document of every route that is not hidden, and its pages at /api/docs (public). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Dating site API", version: "1" }, components: { securitySchemes: SECURITY_SCHEMES } },
    transform: documentRoute,
  });
  await registerWithAuth(app, "visitor", (scope) => scope.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH }));
}
