import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import type { LimitCount, Limiter } from "./limiter";

/** Limiter on the rate_limits table: one upsert per hit. */
export class DbLimiter implements Limiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number): Promise<LimitCount> {
    const resetAt = sql`now() + make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`${resetAt}` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return row;
  }

  async peek(key: string): Promise<LimitCount | null> {
    const [row] = await this.db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
    return row ?? null;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async forget(field: string): Promise<void> {
    await this.db.delete(rateLimits).where(or(lte(rateLimits.resetAt, sql`now()`), sql`strpos(':' || ${rateLimits.key} || ':', ${`:${field}:`}) > 0`));
  }

  async release(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  }
}
