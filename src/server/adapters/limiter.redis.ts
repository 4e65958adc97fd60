import type { Redis } from "ioredis";
import type { LimitCount, Limiter } from "./limiter";

/** Limiter on Redis: INCR plus an expiry set on the first hit, in one round trip. */
export class RedisLimiter implements Limiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "limit:",
  ) {}

  async hit(key: string, windowSeconds: number): Promise<LimitCount> {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).expire(k, windowSeconds, "NX").pttl(k).exec();
    if (!result) throw new Error("redis transaction aborted");
    const count = Number(result[0][1]);
    const ttl = Number(result[2][1]);
    return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
  }

  async peek(key: string): Promise<LimitCount | null> {
    const k = this.prefix + key;
    const [value, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    if (value === null || ttl < 0) return null;
    return { count: Number(value), resetAt: new Date(Date.now() + ttl) };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
