import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import type { KeyedCount, LimitCount, Limiter } from "./limiter";

/** Rows written at once by raise() (PostgreSQL takes at most 65,535 parameters in one statement). */
const RAISE_CHUNK = 1000;

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

  /** Raises each key's count to at least the one given (a count still running keeps the later end of the two windows). */
  async raise(counts: KeyedCount[]): Promise<void> {
    for (let i = 0; i < counts.length; i += RAISE_CHUNK) {
      const chunk = counts.slice(i, i + RAISE_CHUNK);
      await this.db
        .insert(rateLimits)
        .values(chunk.map(({ key, count, resetAt }) => ({ key, count, resetAt })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.count ELSE greatest(${rateLimits.count}, excluded.count) END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE greatest(${rateLimits.resetAt}, excluded.reset_at) END`,
          },
        });
    }
  }

  /** Removes every counter and answers those still running: whoever takes them passes them on, once. */
  async takeAll(): Promise<KeyedCount[]> {
    const rows = await this.db.delete(rateLimits).returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt });
    const now = Date.now();
    return rows.filter((row) => row.resetAt.getTime() > now);
  }
}
