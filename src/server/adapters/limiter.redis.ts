import type { Redis } from "ioredis";
import { type KeyedCount, keyHasField, type LimitCount, type Limiter } from "./limiter";

const RELEASE = "local n = tonumber(redis.call('GET', KEYS[1])) if n and n > 0 then return redis.call('DECR', KEYS[1]) end return 0";

/** Sets a count to at least ARGV[1]; a key without an expiry (new) ends at ARGV[2] (ms since 1970). */
const RAISE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
end
if redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return 1`;

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
    for (const [err] of result) if (err) throw err;
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

  /** Counters whose window has passed are gone already (they expire); the others are found by a scan of this limiter's keys. */
  async forget(field: string): Promise<void> {
    const match = `${globEscape(this.prefix)}*${globEscape(field)}*`;
    let cursor = "0";
    do {
      const [next, keys] = await this.redis.scan(cursor, "MATCH", match, "COUNT", 1000);
      const found = keys.filter((k) => keyHasField(k.slice(this.prefix.length), field));
      if (found.length > 0) await this.redis.del(...found);
      cursor = next;
    } while (cursor !== "0");
  }

  async release(key: string): Promise<void> {
    // Only while the window lasts: a DECR after the key expired would start a window at -1.
    await this.redis.eval(RELEASE, 1, this.prefix + key);
  }

  /** Raises a count to at least the one given; a key Redis does not hold takes the given window. */
  async raise({ key, count, resetAt }: KeyedCount): Promise<void> {
    await this.redis.eval(RAISE_SCRIPT, 1, this.prefix + key, count, resetAt.getTime());
  }

  /** Whether the connection is up (a command sent now is not refused at once). */
  available(): boolean {
    return this.redis.status === "ready";
  }

  /** Calls `listener` whenever the connection closes (lost, or a reconnection attempt failed). */
  onLost(listener: () => void): void {
    this.redis.on("close", listener);
  }
}

/** A text matched literally by a Redis glob pattern (SCAN MATCH). */
const globEscape = (text: string) => text.replace(/[*?[\]\\^]/g, "\\$&");
