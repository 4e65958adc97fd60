import { describe, expect, it } from "vitest";
import { type KeyedCount, keyHasField, type LimitCount } from "./limiter";
import { type DurableCounter, FallbackLimiter, type SharedCounter } from "./limiter.fallback";

/** A fixed-window counter in memory, playing Redis (which can be taken away) or the database. */
class MemoryCounter implements SharedCounter, DurableCounter {
  readonly counts = new Map<string, LimitCount>();
  down = false;
  commands = 0;
  private readonly lostListeners: (() => void)[] = [];

  private open(key: string): LimitCount | null {
    const count = this.counts.get(key);
    return count && count.resetAt.getTime() > Date.now() ? count : null;
  }

  private use(): void {
    this.commands += 1;
    if (this.down) throw new Error("Connection is closed.");
  }

  async hit(key: string, windowSeconds: number): Promise<LimitCount> {
    this.use();
    const open = this.open(key);
    const next = open ? { count: open.count + 1, resetAt: open.resetAt } : { count: 1, resetAt: new Date(Date.now() + windowSeconds * 1000) };
    this.counts.set(key, next);
    return { ...next };
  }

  async peek(key: string): Promise<LimitCount | null> {
    this.use();
    const open = this.open(key);
    return open ? { ...open } : null;
  }

  async clear(key: string): Promise<void> {
    this.use();
    this.counts.delete(key);
  }

  async release(key: string): Promise<void> {
    this.use();
    const open = this.open(key);
    if (open) this.counts.set(key, { ...open, count: Math.max(open.count - 1, 0) });
  }

  async forget(field: string): Promise<void> {
    this.use();
    for (const key of this.counts.keys()) if (keyHasField(key, field)) this.counts.delete(key);
  }

  async raise(counts: KeyedCount | KeyedCount[]): Promise<void> {
    this.use();
    for (const { key, count, resetAt } of Array.isArray(counts) ? counts : [counts]) {
      const open = this.open(key);
      if (!open || open.count < count) this.counts.set(key, { count, resetAt: open?.resetAt ?? resetAt });
    }
  }

  async takeAll(): Promise<KeyedCount[]> {
    this.use();
    const all = [...this.counts].filter(([key]) => this.open(key)).map(([key, count]) => ({ key, ...count }));
    this.counts.clear();
    return all;
  }

  available(): boolean {
    return !this.down;
  }

  onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }

  /** Redis goes away: the connection closes (and tells its listeners). */
  lose(): void {
    this.down = true;
    for (const listener of this.lostListeners) listener();
  }
}

const quiet = { warn() {}, info() {} };
const WINDOW = 900;

/** Two app instances on one Redis and one database. */
function twoInstances(options = {}) {
  const redis = new MemoryCounter();
  const db = new MemoryCounter();
  return { redis, db, one: new FallbackLimiter(redis, db, quiet, options), two: new FallbackLimiter(redis, db, quiet, options) };
}

/** Lets the writes started by the connection's close event finish. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the fallback limiter", () => {
  it("counts in Redis while it is up and leaves the database alone", async () => {
    const { redis, db, one, two } = twoInstances();
    await one.hit("login:a", WINDOW);
    expect((await two.hit("login:a", WINDOW)).count).toBe(2);
    expect(redis.counts.get("login:a")?.count).toBe(2);
    expect(db.commands).toBe(0);
  });

  it("keeps a count that was reached before Redis went away, on every instance that saw it", async () => {
    const { redis, one, two } = twoInstances();
    for (let i = 0; i < 3; i++) await one.hit("login:a", WINDOW);
    for (let i = 0; i < 2; i++) await two.hit("login:a", WINDOW);
    redis.lose();
    await settle();
    expect((await one.peek("login:a"))?.count).toBe(5);
    expect((await two.hit("login:a", WINDOW)).count).toBe(6);
  });

  it("gives an instance that never saw a key the count another instance last saw", async () => {
    const { redis, one, two } = twoInstances();
    for (let i = 0; i < 5; i++) await one.hit("login:a", WINDOW);
    redis.lose();
    await settle();
    expect((await two.peek("login:a"))?.count).toBe(5);
  });

  it("still counts, once Redis is back, the tries made while it was away", async () => {
    const { redis, db, one, two } = twoInstances();
    await one.hit("login:a", WINDOW);
    redis.lose();
    await settle();
    for (let i = 0; i < 3; i++) await two.hit("login:a", WINDOW);
    redis.down = false;
    expect((await one.hit("login:a", WINDOW)).count).toBe(5);
    expect((await two.peek("login:a"))?.count).toBe(5);
    expect(db.counts.size).toBe(0);
  });

  it("clears in Redis, once it is back, a key cleared while it was away", async () => {
    const { redis, one } = twoInstances();
    for (let i = 0; i < 3; i++) await one.hit("login:a", WINDOW);
    redis.lose();
    await settle();
    await one.clear("login:a");
    expect(await one.peek("login:a")).toBeNull();
    redis.down = false;
    expect(await one.peek("login:a")).toBeNull();
    expect(redis.counts.has("login:a")).toBe(false);
  });

  it("counts in the database when a Redis command fails, and leaves Redis alone for the cooldown", async () => {
    const { redis, db, one } = twoInstances({ cooldownMs: 60_000 });
    await one.hit("swipe:1", WINDOW);
    // Redis looks connected but its commands fail (a timeout).
    const hit = redis.hit.bind(redis);
    redis.hit = async () => {
      throw new Error("Command timed out");
    };
    expect((await one.hit("swipe:1", WINDOW)).count).toBe(2);
    redis.hit = hit;
    const before = redis.commands;
    expect((await one.hit("swipe:1", WINDOW)).count).toBe(3);
    expect(redis.commands).toBe(before);
    expect(db.counts.get("swipe:1")?.count).toBe(3);
  });

  it("fails only when the database fails too", async () => {
    const { redis, db, one } = twoInstances();
    redis.lose();
    db.down = true;
    await expect(one.hit("login:a", WINDOW)).rejects.toThrow();
  });
});

describe("releasing a try and forgetting a member", () => {
  it("gives a try back in Redis, and in the database while Redis is away", async () => {
    const redis = new MemoryCounter();
    const db = new MemoryCounter();
    const limiter = new FallbackLimiter(redis, db, quiet);
    await limiter.hit("login:ip:1", 60);
    await limiter.hit("login:ip:1", 60);
    await limiter.release("login:ip:1");
    expect((await limiter.peek("login:ip:1"))?.count).toBe(1);
    redis.down = true;
    redis.lose();
    await limiter.hit("login:ip:1", 60);
    await limiter.release("login:ip:1");
    expect((await db.peek("login:ip:1"))?.count).toBe(1);
  });

  it("forgets an erased member's counters in both stores, whichever holds them", async () => {
    const redis = new MemoryCounter();
    const db = new MemoryCounter();
    const limiter = new FallbackLimiter(redis, db, quiet);
    await limiter.hit("login:ann@example.com", 900);
    await db.hit("reset:ann@example.com", 86_400);
    await limiter.hit("login:bob@example.com", 900);
    await limiter.forget("ann@example.com");
    expect(await redis.peek("login:ann@example.com")).toBeNull();
    expect(await db.peek("reset:ann@example.com")).toBeNull();
    expect(await redis.peek("login:bob@example.com")).not.toBeNull();
  });
});
