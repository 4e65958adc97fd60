import { describe, expect, it } from "vitest";
import { InProcessPubSub } from "../../adapters/pubsub";
import type { MemberRecord } from "./auth.repo";
import { MemberCache } from "./memberCache";

/** A pub/sub whose connection to the other instances the test can cut and restore. */
class SwitchablePubSub extends InProcessPubSub {
  private live = true;
  private readonly listeners = new Set<(live: boolean) => void>();

  override isLive(): boolean {
    return this.live;
  }

  override onLiveChange(listener: (live: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  switchTo(live: boolean): void {
    this.live = live;
    for (const listener of this.listeners) listener(live);
  }
}

const record = (userId: number) =>
  ({ sessionId: 1, sessionLastSeen: new Date(), user: { id: userId }, profile: {}, mainPhoto: null }) as unknown as MemberRecord;

describe("member cache", () => {
  it("keeps a member for a moment and forgets them when they change, on every instance", async () => {
    const bus = new InProcessPubSub();
    const a = new MemberCache(bus, 60_000);
    const b = new MemberCache(bus, 60_000);
    await a.start();
    await b.start();
    a.set("t1", record(7), a.stamp());
    b.set("t1", record(7), b.stamp());
    expect(a.get("t1")?.user.id).toBe(7);
    await a.changed(7);
    expect(a.get("t1")).toBeNull();
    expect(b.get("t1")).toBeNull();
  });

  it("does not keep a read that started before a change", async () => {
    const cache = new MemberCache(new InProcessPubSub(), 60_000);
    await cache.start();
    const stamp = cache.stamp();
    await cache.changed(7);
    cache.set("t1", record(7), stamp);
    expect(cache.get("t1")).toBeNull();
  });

  it("lets entries run out", async () => {
    const cache = new MemberCache(new InProcessPubSub(), 5);
    cache.set("t1", record(1), cache.stamp());
    await new Promise((r) => setTimeout(r, 20));
    expect(cache.get("t1")).toBeNull();
  });

  it("keeps no member while it cannot hear the other instances, and starts empty when it hears them again", async () => {
    const bus = new SwitchablePubSub();
    const cache = new MemberCache(bus, 60_000);
    await cache.start();
    cache.set("t1", record(1), cache.stamp());
    bus.switchTo(false);
    expect(cache.get("t1")).toBeNull();
    cache.set("t2", record(2), cache.stamp());
    expect(cache.get("t2")).toBeNull();
    // A read that started before the connection came back is not kept either: changes were missed.
    const stamp = cache.stamp();
    bus.switchTo(true);
    cache.set("t2", record(2), stamp);
    expect(cache.get("t2")).toBeNull();
    cache.set("t3", record(3), cache.stamp());
    expect(cache.get("t3")?.user.id).toBe(3);
  });
});
