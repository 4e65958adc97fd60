import type { ErrorCode } from "../../common/errors";
import { AppError } from "../errors";

export interface LimitCount {
  count: number;
  resetAt: Date;
}

export interface KeyedCount extends LimitCount {
  key: string;
}

/**
 * Fixed-window counters for login lockouts and e-mail limits. The window starts at the first hit.
 * Lives in the database (embedded default) or in Redis with the database as fallback
 * (FallbackLimiter), so it holds across restarts, instances and Redis outages.
 */
export interface Limiter {
  hit(key: string, windowSeconds: number): Promise<LimitCount>;
  peek(key: string): Promise<LimitCount | null>;
  clear(key: string): Promise<void>;
  /**
   * Forgets every counter with `field` as one of the `:`-separated fields of its key (an erased
   * member's address), and the counters whose window has passed: they count nothing any more.
   */
  forget(field: string): Promise<void>;
  /** Gives one place of the current window back (a try that turned out well); nothing once the window is over. */
  release(key: string): Promise<void>;
}

/** A 429 answer for a limit reached until `resetAt`: the client is told when to try again (Retry-After). */
export function limitReached(code: ErrorCode, resetAt: Date, details?: Record<string, string | number>): AppError {
  const err = new AppError(429, code, details);
  err.retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return err;
}

export interface Limit {
  /** Tries allowed in one window. */
  max: number;
  windowSeconds: number;
  /** The error a try over the limit answers (429). */
  code?: ErrorCode;
}

/**
 * Counts a try before the work it guards (so that parallel tries cannot all slip in), and refuses it
 * with 429 once the window holds more than `max`.
 */
export async function takeTry(limiter: Limiter, key: string, limit: Limit): Promise<LimitCount> {
  const count = await limiter.hit(key, limit.windowSeconds);
  if (count.count > limit.max) throw limitReached(limit.code ?? "rate_limited", count.resetAt);
  return count;
}

/** Whether `field` is one of the `:`-separated fields of a counter's key. */
export const keyHasField = (key: string, field: string) => `:${key}:`.includes(`:${field}:`);
