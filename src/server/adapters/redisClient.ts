import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** How long the app waits for Redis; small, because every caller has a way on without it. */
export interface RedisTimeouts {
  /** A command without an answer within this fails (then the caller falls back or logs). */
  commandTimeoutMs?: number;
  /** A connection attempt without an answer within this fails, and the next one is tried. */
  connectTimeoutMs?: number;
  /** The longest pause between reconnection attempts (they start at 50 ms and grow by 50 ms). */
  reconnectMaxMs?: number;
}

export const REDIS_DEFAULTS: Required<RedisTimeouts> = { commandTimeoutMs: 500, connectTimeoutMs: 2000, reconnectMaxMs: 2000 };

/**
 * A Redis client that fails fast while Redis is away instead of holding requests: a command sent
 * while the connection is down fails at once (no offline queue), one in flight when it drops fails
 * at the first reconnection attempt (no retries), and one that Redis does not answer fails after
 * the command timeout. The client reconnects by itself for as long as the app runs.
 */
export function openRedis(url: string, timeouts: RedisTimeouts, log: FastifyBaseLogger): Redis {
  const t = { ...REDIS_DEFAULTS, ...timeouts };
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: t.commandTimeoutMs,
    connectTimeout: t.connectTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 50, t.reconnectMaxMs),
    // Auto-pipelining: the commands issued in one tick (a sent message publishes to both members and
    // renews the sender's cache entry) go to Redis in one write instead of one system call each.
    enableAutoPipelining: true,
  });
  watchConnection(redis, log, "redis");
  return redis;
}

/** Logs when a connection is lost and when it is back (once each, not every reconnection attempt). */
export function watchConnection(redis: Redis, log: FastifyBaseLogger, name: string): void {
  let lost = false;
  redis.on("error", (err: Error) => {
    if (!lost) log.warn({ err: err.message }, `${name}: ${err.message}`);
    lost = true;
  });
  redis.on("close", () => {
    if (!lost) log.warn(`${name}: connection lost; reconnecting`);
    lost = true;
  });
  redis.on("ready", () => {
    if (lost) log.info(`${name}: connection back`);
    lost = false;
  });
}

/** Resolves when the connection is ready, or after `ms` (the app then starts without Redis and catches up). */
export function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once("ready", done);
  });
}
