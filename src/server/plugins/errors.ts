import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody, ErrorCode } from "../../common/errors";
import { AppError } from "../errors";
import { translate } from "../i18n";

/** Fastify's own codes for input it cannot take; all are the client's fault and answer 400. */
const FASTIFY_INPUT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_json",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_TYPE: "unsupported_media_type",
  FST_ERR_VALIDATION: "validation_failed",
};

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
    const inputCode = err.code ? FASTIFY_INPUT_ERRORS[err.code] : undefined;
    if (inputCode || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      return sendError(request, reply, err.statusCode === 429 ? 429 : 400, inputCode ?? "validation_failed");
    }
    request.log.error({ err }, "request failed");
    return sendError(request, reply, 500, "internal");
  });
}
