import { describe, expect, it } from "vitest";
import { InProcessPubSub } from "../../adapters/pubsub";
import type { Db } from "../../db/client";
import { Readiness } from "./readiness";

/** A database whose SELECT 1 is counted and can be made to hang. */
function fakeDb() {
  const state = { calls: 0, hang: false };
  const db = {
    execute: () => {
      state.calls += 1;
      return state.hang ? new Promise(() => {}) : Promise.resolve({ rows: [] });
    },
  } as unknown as Db;
  return { db, state };
}

describe("readiness", () => {
  it("checks the services once for all probes within the cache time, and again after it", async () => {
    const { db, state } = fakeDb();
    const readiness = new Readiness(db, null, new InProcessPubSub(), null, 100, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => readiness.check()));
    expect(state.calls).toBe(1);
    expect(answers.every((a) => a.ok)).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    await readiness.check();
    expect(state.calls).toBe(2);
  });

  it("counts a check that does not answer within its timeout as down", async () => {
    const { db, state } = fakeDb();
    state.hang = true;
    const bucket = { check: () => Promise.reject(new Error("connect ECONNREFUSED")) };
    const started = Date.now();
    const answer = await new Readiness(db, null, new InProcessPubSub(), bucket, 50, 0).check();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer).toEqual({ ok: false, draining: false, checks: { database: "down", redis: "not_configured", bucket: "down" } });
  });

  it("is not ready once draining, though every service answers", async () => {
    const { db } = fakeDb();
    const readiness = new Readiness(db, null, new InProcessPubSub(), { check: async () => {} }, 100, 0);
    expect((await readiness.check()).ok).toBe(true);
    readiness.drain();
    expect(await readiness.check()).toEqual({ ok: false, draining: true, checks: { database: "up", redis: "not_configured", bucket: "up" } });
  });
});
