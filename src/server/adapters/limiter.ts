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
}
