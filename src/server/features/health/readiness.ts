import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { ReadyResponse } from "../../../common/schemas/health";
import type { PubSub } from "../../adapters/pubsub";
import type { Db } from "../../db/client";

/** A check that does not answer within this counts as down (a load balancer asks every few seconds). */
const CHECK_TIMEOUT_MS = 1000;

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

/** Checks what this instance depends on. */
export class Readiness {
  constructor(
    private readonly db: Db,
    private readonly redis: Redis | null,
    private readonly pubsub: PubSub,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async check(): Promise<ReadyResponse> {
    const [database, redis] = await Promise.all([answers(() => this.db.execute(sql`SELECT 1`), this.timeoutMs), this.redisState()]);
    // Without the database nothing works: not ready. Without Redis members are still served (counts
    // in the database, messages by polling), so the instance stays ready and says it is degraded:
    // taking every instance out of the load balancer because the shared Redis is down would turn a
    // degradation into an outage.
    return {
      ok: database,
      degraded: redis === "down",
      checks: { database: database ? "up" : "down", redis },
    };
  }

  private async redisState(): Promise<ReadyResponse["checks"]["redis"]> {
    const redis = this.redis;
    if (!redis) return "not_configured";
    // Up: commands answer, and this instance hears the others' events.
    const up = this.pubsub.isLive() && (await answers(() => redis.ping(), this.timeoutMs));
    return up ? "up" : "down";
  }
}
