import type { FastifyBaseLogger } from "fastify";
import { type KeyedCount, keyHasField, type LimitCount, type Limiter } from "./limiter";

/** The fast, shared counter (RedisLimiter). */
export interface SharedCounter extends Limiter {
  available(): boolean;
  raise(count: KeyedCount): Promise<void>;
  onLost(listener: () => void): void;
}

/** The counter that outlives the shared one (DbLimiter, whose table holds nothing else then). */
export interface DurableCounter extends Limiter {
  raise(counts: KeyedCount[]): Promise<void>;
  takeAll(): Promise<KeyedCount[]>;
}

export interface FallbackOptions {
  /** After a failed or timed-out command, Redis is left alone this long (no flip-flop between the stores). */
  cooldownMs?: number;
  /** Keys whose last Redis count this instance remembers (the most recently used). */
  maxRemembered?: number;
}

/** Keys passed to Redis per round when it is back. */
const RAISE_BATCH = 500;

/**
 * Counts in Redis while it answers and in the database while it does not, without any count
 * starting over because Redis went away or came back: an address locked before an outage stays
 * locked during it, and tries made during an outage still count after it.
 *
 * The rule:
 * - Redis up: Redis counts. Each instance remembers the last count Redis gave it for each key
 *   (until that key's window ends).
 * - Redis lost (its connection closed, or a command failed or timed out): every instance writes the
 *   counts it remembers into the database, the highest one winning, and counts there from then on.
 *   A try during the outage goes on from the highest count any instance last saw.
 * - Redis back: before this instance asks Redis again, the database counts are taken out of the
 *   database (by one instance only) and each Redis count is raised to at least its database count;
 *   a key cleared during the outage (a successful login) is cleared in Redis too.
 *
 * What it cannot know: a try counted by an instance that has stopped since, and tries in the
 * moments between two instances' reconnections. A count cleared on one instance may come back from
 * another's memory after an outage: that errs towards refusing, never towards letting through.
 */
export class FallbackLimiter implements Limiter {
  private readonly remembered = new Map<string, LimitCount>();
  private readonly clearedWhileDown = new Set<string>();
  /** This instance counted in the database (or wrote its memory there) since Redis last took those counts. */
  private fellBack = false;
  /** Counts this instance's writes to the database, so that a move to Redis sees those made while it ran. */
  private dbWrites = 0;
  private writingMemory: Promise<void> | null = null;
  private movingBack: Promise<void> | null = null;
  private retryAt = 0;
  private stopped = false;
  private readonly cooldownMs: number;
  private readonly maxRemembered: number;

  constructor(
    private readonly redis: SharedCounter,
    private readonly db: DurableCounter,
    private readonly log: Pick<FastifyBaseLogger, "warn" | "info">,
    options: FallbackOptions = {},
  ) {
    this.cooldownMs = options.cooldownMs ?? 1000;
    this.maxRemembered = options.maxRemembered ?? 50_000;
    // Written at once, so that another instance falling back finds this one's counts.
    redis.onLost(() => {
      if (!this.stopped)
        this.fallBack().catch((err: Error) => this.log.warn({ err: err.message }, "limiter: could not write the Redis counts to the database"));
    });
  }

  async hit(key: string, windowSeconds: number): Promise<LimitCount> {
    const fromRedis = await this.tryRedis(async () => this.remember(key, await this.redis.hit(key, windowSeconds)));
    if (fromRedis) return fromRedis.value;
    await this.fallBack();
    const count = await this.db.hit(key, windowSeconds);
    this.dbWrites += 1;
    return count;
  }

  async peek(key: string): Promise<LimitCount | null> {
    const fromRedis = await this.tryRedis(async () => this.remember(key, await this.redis.peek(key)));
    if (fromRedis) return fromRedis.value;
    await this.fallBack();
    return this.db.peek(key);
  }

  async clear(key: string): Promise<void> {
    this.remembered.delete(key);
    if (await this.tryRedis(() => this.redis.clear(key))) return;
    await this.fallBack();
    if (this.clearedWhileDown.size < this.maxRemembered) this.clearedWhileDown.add(key);
    await this.db.clear(key);
    this.dbWrites += 1;
  }

  async release(key: string): Promise<void> {
    // The remembered count goes down too, else an outage now would write the higher one back.
    const known = this.remembered.get(key);
    if (known) this.remembered.set(key, { ...known, count: Math.max(known.count - 1, 0) });
    if (await this.tryRedis(() => this.redis.release(key))) return;
    await this.fallBack();
    await this.db.release(key);
    this.dbWrites += 1;
  }

  /** An erased member's counters go from both stores and from this instance's memory: wherever they are. */
  async forget(field: string): Promise<void> {
    for (const key of this.remembered.keys()) if (keyHasField(key, field)) this.remembered.delete(key);
    for (const key of this.clearedWhileDown) if (keyHasField(key, field)) this.clearedWhileDown.delete(key);
    await this.tryRedis(() => this.redis.forget(field));
    await this.db.forget(field);
  }

  /** Stops writing to the database when the connection closes (the app is shutting down). */
  stop(): void {
    this.stopped = true;
  }

  /** The Redis answer, or null when Redis is down, failed or did not answer in time. */
  private async tryRedis<T>(op: () => Promise<T>): Promise<{ value: T } | null> {
    if (!this.redis.available() || Date.now() < this.retryAt) return null;
    try {
      await this.moveBack();
      return { value: await op() };
    } catch (err) {
      this.retryAt = Date.now() + this.cooldownMs;
      if (!this.fellBack) this.log.warn({ err: (err as Error).message }, "limiter: a Redis command failed");
      return null;
    }
  }

  /** Enters the database mode: this instance's memory of Redis counts goes to the database first (once). */
  private fallBack(): Promise<void> {
    if (!this.writingMemory) {
      this.fellBack = true;
      this.log.warn("limiter: counting in the database until Redis is back");
      this.writingMemory = this.db.raise(this.openRemembered()).catch((err: unknown) => {
        this.writingMemory = null;
        throw err;
      });
    }
    return this.writingMemory;
  }

  /** Before Redis counts again after this instance fell back: the database counts go to Redis. */
  private moveBack(): Promise<void> {
    if (!this.fellBack) return Promise.resolve();
    this.movingBack ??= this.moveToRedis().finally(() => {
      this.movingBack = null;
    });
    return this.movingBack;
  }

  private async moveToRedis(): Promise<void> {
    await this.writingMemory;
    const writes = this.dbWrites;
    for (const key of this.clearedWhileDown) {
      await this.redis.clear(key);
      this.clearedWhileDown.delete(key);
    }
    const counts = await this.db.takeAll();
    try {
      for (let i = 0; i < counts.length; i += RAISE_BATCH) await Promise.all(counts.slice(i, i + RAISE_BATCH).map((count) => this.redis.raise(count)));
    } catch (err) {
      // Redis went away again: the counts go back where they were (raising twice does no harm).
      await this.db.raise(counts);
      throw err;
    }
    // A database write that finished after the take is moved by the next call.
    if (writes === this.dbWrites) {
      this.fellBack = false;
      this.writingMemory = null;
    }
    if (counts.length > 0) this.log.info(`limiter: Redis is back; ${counts.length} counts from the database moved to it`);
  }

  private remember<T extends LimitCount | null>(key: string, count: T): T {
    this.remembered.delete(key);
    if (!count) return count;
    this.remembered.set(key, count);
    if (this.remembered.size > this.maxRemembered) {
      const oldest = this.remembered.keys().next().value;
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
    return count;
  }

  private openRemembered(): KeyedCount[] {
    const now = Date.now();
    const open: KeyedCount[] = [];
    for (const [key, count] of this.remembered) if (count.resetAt.getTime() > now) open.push({ key, ...count });
    return open;
  }
}
