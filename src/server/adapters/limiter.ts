export interface LimitCount {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters for login lockouts and e-mail limits. The window starts at the first hit.
 * Lives in the database (embedded default) or in Redis, so it holds across restarts and instances.
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
}

/** Whether `field` is one of the `:`-separated fields of a counter's key. */
export const keyHasField = (key: string, field: string) => `:${key}:`.includes(`:${field}:`);
