import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { ReadyResponse } from "../../../common/schemas/health";
import type { PubSub } from "../../adapters/pubsub";
import type { Db } from "../../db/client";

/** A check that does not answer within this counts as down (a load balancer asks every few seconds). */
const CHECK_TIMEOUT_MS = 1000;
/** Answers are reused this long, so that many probes (several balancers, monitoring) cost one round of checks. */
const CACHE_MS = 1000;

/** Resolves true when `check` succeeds within the timeout, else false; never fails. */
async function answers(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The bucket's cheap check (HeadBucket); null without a bucket. */
export interface BucketCheck {
  check(): Promise<void>;
}

type Checks = ReadyResponse["checks"];

/**
 * Checks what this instance depends on. Redis counts: members are still served without it (counts
 * in the database, messages by polling), but without live events; an instance that cannot reach it
 * while others can is better left out. When the shared Redis is down for all, every instance says so
 * and the balancer's own rule for "no instance ready" applies (most keep sending to all).
 */
export class Readiness {
  private draining = false;
  private cached: { at: number; checks: Promise<Checks> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly redis: Redis | null,
    private readonly pubsub: PubSub,
    private readonly bucket: BucketCheck | null,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
    private readonly cacheMs = CACHE_MS,
  ) {}

  /** From now on not ready: the instance is shutting down. */
  drain(): void {
    this.draining = true;
  }

  async check(): Promise<ReadyResponse> {
    const checks = await this.checks();
    const reachable = checks.database === "up" && checks.redis !== "down" && checks.bucket !== "down";
    return { ok: reachable && !this.draining, draining: this.draining, checks };
  }

  /** One round of checks at a time, its answer shared by every probe within the cache time. */
  private checks(): Promise<Checks> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.checks;
    const checks = this.runChecks();
    this.cached = { at: now, checks };
    return checks;
  }

  private async runChecks(): Promise<Checks> {
    const bucket = this.bucket;
    const [database, redis, bucketUp] = await Promise.all([
      answers(() => this.db.execute(sql`SELECT 1`), this.timeoutMs),
      this.redisState(),
      bucket ? answers(() => bucket.check(), this.timeoutMs) : null,
    ]);
    return { database: database ? "up" : "down", redis, bucket: bucketUp === null ? "not_configured" : bucketUp ? "up" : "down" };
  }

  private async redisState(): Promise<Checks["redis"]> {
    const redis = this.redis;
    if (!redis) return "not_configured";
    // Up: commands answer, and this instance hears the others' events.
    const up = this.pubsub.isLive() && (await answers(() => redis.ping(), this.timeoutMs));
    return up ? "up" : "down";
  }
}
