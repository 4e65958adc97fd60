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
}
