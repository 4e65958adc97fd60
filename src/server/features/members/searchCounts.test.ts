import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { SearchCounts } from "./searchCounts";

/** A Redis that keeps values in a map (one store for several instances), or one that is down. */
function fakeRedis(store: Map<string, string>, down = { now: false }): Redis {
  return {
    get: async (key: string) => {
      if (down.now) throw new Error("Connection is closed.");
      return store.get(key) ?? null;
    },
    set: async (key: string, value: string) => {
      if (down.now) throw new Error("Connection is closed.");
      store.set(key, value);
      return "OK";
    },
  } as unknown as Redis;
}

describe("SearchCounts", () => {
  it("shares a count between instances through Redis: the second instance does not count", async () => {
    const store = new Map<string, string>();
    const a = new SearchCounts(fakeRedis(store), "p:");
    const b = new SearchCounts(fakeRedis(store), "p:");
    let counted = 0;
    const count = async () => {
      counted += 1;
      return 42;
    };
    expect(await a.get("f", count)).toBe(42);
    expect(await b.get("f", count)).toBe(42);
    expect(counted).toBe(1);
    expect(store.get("p:search-count:f")).toBe("42");
  });

  it("counts once for simultaneous misses of one filter", async () => {
    const counts = new SearchCounts(null, "");
    let counted = 0;
    const count = async () => {
      counted += 1;
      await new Promise((r) => setTimeout(r, 10));
      return 7;
    };
    expect(await Promise.all([counts.get("f", count), counts.get("f", count), counts.get("f", count)])).toEqual([7, 7, 7]);
    expect(counted).toBe(1);
  });

  it("counts from the database while Redis is down, and keeps that count on the instance", async () => {
    const down = { now: true };
    const counts = new SearchCounts(fakeRedis(new Map(), down), "");
    let counted = 0;
    const count = async () => {
      counted += 1;
      return 5;
    };
    expect(await counts.get("f", count)).toBe(5);
    expect(await counts.get("f", count)).toBe(5);
    expect(counted).toBe(1);
  });
});
