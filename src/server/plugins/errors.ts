import fastifyCookie from "@fastify/cookie";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { LOCALE_COOKIE } from "../../common/constants";
import type { ApiErrorBody, ErrorCode } from "../../common/errors";
import { LANGUAGES, pickLanguage } from "../../common/locales";
import { isDataException } from "../db/client";
import { AppError } from "../errors";
import { translate } from "../i18n";

/** Fastify's own codes (and its plugins') for input it cannot take: all are the client's fault. */
const FASTIFY_INPUT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "invalid_json" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "invalid_json" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payload_too_large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, code: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: "unsupported_media_type" },
  FST_ERR_VALIDATION: { status: 400, code: "validation_failed" },
  FST_ERR_BAD_URL: { status: 400, code: "request_invalid" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, code: "request_invalid" },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: "request_invalid" },
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: "upload_invalid" },
  FST_PROTO_VIOLATION: { status: 400, code: "upload_invalid" },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: "upload_invalid" },
  FST_PARTS_LIMIT: { status: 413, code: "payload_too_large" },
  FST_FILES_LIMIT: { status: 413, code: "payload_too_large" },
  FST_FIELDS_LIMIT: { status: 413, code: "payload_too_large" },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "file_too_large" },
};

/** Any other 4xx a plugin raises keeps its status where the client can act on it; the rest is a 400. */
function clientFault(status: number): { status: number; code: ErrorCode } {
  if (status === 413) return { status, code: "payload_too_large" };
  if (status === 429) return { status, code: "rate_limited" };
  if (status === 404) return { status, code: "not_found" };
  if (status === 415) return { status: 400, code: "unsupported_media_type" };
  return { status: 400, code: "validation_failed" };
}

function lang(request: FastifyRequest) {
  return request.lang ?? "en";
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  extra?: { fields?: Record<string, string>; details?: Record<string, string | number | boolean> },
) {
  const body: ApiErrorBody = {
    error: { code, message: translate(lang(request), `errors.${code}`, extra?.details as Record<string, string | number>), ...extra },
  };
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** Every failure leaves as `{ error: { code, message } }` in the member's language; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header("retry-after", String(err.retryAfterSeconds));
      const fields = err.field ? { [err.field]: translate(lang(request), `errors.${err.code}`, err.details as Record<string, string | number>) } : undefined;
      return sendError(request, reply, err.status, err.code, { fields, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
        const key = issue.message?.startsWith("errors.") ? issue.message : "errors.field_invalid";
        fields[path] ??= translate(lang(request), key);
      }
      const first = Object.values(fields)[0];
      const body: ApiErrorBody = {
        error: { code: "validation_failed", message: first ?? translate(lang(request), "errors.validation_failed"), fields },
      };
      return reply.status(400).send(body);
    }
    const known = err.code ? FASTIFY_INPUT_ERRORS[err.code] : undefined;
    if (known) return sendError(request, reply, known.status, known.code);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const fault = clientFault(err.statusCode);
      return sendError(request, reply, fault.status, fault.code);
    }
    if (isDataException(err)) {
      // Input the checks let through and the database refused (a number out of range, text it cannot
      // take): the request's fault, but a check is missing, so it is logged.
      request.log.warn({ err }, "the database refused a request's data");
      return sendError(request, reply, 400, "field_invalid");
    }
    request.log.error({ err }, "request failed");
    return sendError(request, reply, 500, "internal");
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode or route (bad escapes, an over-long path
 * parameter) is refused before any hook has run, so the language comes from the request's own
 * locale cookie or Accept-Language header.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const cookie = request.headers.cookie ? fastifyCookie.parse(request.headers.cookie)[LOCALE_COOKIE] : undefined;
  request.lang = pickLanguage({ cookie, acceptLanguage: request.headers["accept-language"], offered: ["en", ...LANGUAGES.filter((l) => l !== "en")] });
  const known = (err.code && FASTIFY_INPUT_ERRORS[err.code]) || { status: 400, code: "request_invalid" };
  void sendError(request, reply, known.status, known.code);
}
