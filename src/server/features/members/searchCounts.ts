import type { Redis } from "ioredis";

/**
 * How long a search count is reused. Most counts are sums of tallies (searchTallies.ts), a few
 * milliseconds; one with a region or interests counts profiles, up to a whole site's.
 */
export const COUNT_TTL_MS = 60_000;
/** With Redis, how long an instance keeps a count it read from there before asking again. */
export const COUNT_LOCAL_MS = 2_000;

/**
 * Counts of search filters (without any viewer's exclusions), shared by every viewer: in Redis for
 * COUNT_TTL_MS, so that all instances share one count per filter, and kept COUNT_LOCAL_MS by each
 * instance (a count is at most COUNT_TTL_MS + COUNT_LOCAL_MS old). Without Redis, or while it does
 * not answer, each instance keeps its own counts for COUNT_TTL_MS. Simultaneous misses of one filter
 * on an instance share one count.
 */
export class SearchCounts {
  private readonly local = new Map<string, { total: number; until: number }>();
  private readonly pending = new Map<string, Promise<number>>();

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.local.get(key);
    if (hit && hit.until > Date.now()) return hit.total;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.fetch(key, count).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async fetch(key: string, count: () => Promise<number>): Promise<number> {
    const redisKey = `${this.prefix}search-count:${key}`;
    let shared: string | null | undefined;
    if (this.redis) shared = await this.redis.get(redisKey).catch(() => undefined);
    if (typeof shared === "string") {
      this.keep(key, Number(shared), COUNT_LOCAL_MS);
      return Number(shared);
    }
    const total = await count();
    // Redis answered (with no count): share this one; otherwise keep it here for the whole TTL.
    if (shared === null) this.redis?.set(redisKey, String(total), "PX", COUNT_TTL_MS).catch(() => {});
    this.keep(key, total, shared === null ? COUNT_LOCAL_MS : COUNT_TTL_MS);
    return total;
  }

  private keep(key: string, total: number, ms: number): void {
    if (this.local.size > 10_000) this.local.clear();
    this.local.set(key, { total, until: Date.now() + ms });
  }
}
