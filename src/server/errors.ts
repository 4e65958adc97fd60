import type { ErrorCode } from "../common/errors";

/** A failure the client is told about: status, code and the catalogue text (translated on the way out). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    /** Values for the text's placeholders and extra data for the client. */
    readonly details?: Record<string, string | number | boolean>,
    /** Field the error belongs to, for forms. */
    readonly field?: string,
  ) {
    super(code);
  }

  /** For a 429: when the client may try again (sent as Retry-After). */
  retryAfterSeconds?: number;
}

export const unauthorized = () => new AppError(403, "authentication_required");
export const notFound = () => new AppError(404, "not_found");
