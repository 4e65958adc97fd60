import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rowsOf } from "../db/client";
import { attemptsFor, DEAD_JOB_KEEP_DAYS, DEFAULT_MAX_ATTEMPTS, DONE_JOB_KEEP_DAYS, enqueue, JobWorker, retryDelaySeconds } from "./queue";

const silent = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;
let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
}, 60_000);
afterAll(async () => {
  await database.close();
});

describe("durable job queue", () => {
  it("keeps a job that fails, retries it later, and marks it done once it works", async () => {
    const { db } = database;
    let calls = 0;
    const worker = new JobWorker(
      db,
      {
        flaky: async () => {
          calls += 1;
          if (calls === 1) throw new Error("smtp down");
        },
      },
      silent,
      50,
    );
    await enqueue(db, "flaky", { n: 1 });
    expect(await worker.drain()).toBe(1);
    const [failed] = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT attempts, last_error, done_at FROM jobs WHERE kind = 'flaky'`));
    expect(failed).toMatchObject({ attempts: 1, last_error: "smtp down", done_at: null });
    // Due again at once, as if the backoff had passed.
    await db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'flaky'`);
    expect(await worker.drain()).toBe(1);
    const [done] = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT attempts, done_at FROM jobs WHERE kind = 'flaky'`));
    expect(done.attempts).toBe(2);
    expect(done.done_at).not.toBeNull();
    expect(calls).toBe(2);
  });

  it("does not add a job when the transaction that enqueued it rolls back", async () => {
    const { db } = database;
    await db
      .transaction(async (tx) => {
        await enqueue(tx, "ghost", {});
        throw new Error("rollback");
      })
      .catch(() => {});
    const rows = rowsOf(await db.execute(sql`SELECT id FROM jobs WHERE kind = 'ghost'`));
    expect(rows).toHaveLength(0);
  });

  it("on stop, finishes the job that runs and hands the rest of its batch back at once, untried", async () => {
    const { db } = database;
    for (let n = 0; n < 3; n++) await enqueue(db, "slow", { n });
    let release: () => void = () => {};
    const started: number[] = [];
    const finished: number[] = [];
    const worker = new JobWorker(
      db,
      {
        slow: async (payload) => {
          started.push(Number(payload.n));
          await new Promise<void>((r) => {
            release = r;
          });
          finished.push(Number(payload.n));
        },
      },
      silent,
      10_000,
    );
    worker.start();
    while (started.length === 0) await new Promise((r) => setTimeout(r, 5));
    const stopped = worker.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(finished).toEqual([]);
    release();
    await stopped;
    expect(finished).toEqual(started);
    const rows = rowsOf<{ done: boolean; locked: boolean; attempts: number }>(
      await db.execute(sql`SELECT done_at IS NOT NULL AS done, locked_until IS NOT NULL AS locked, attempts FROM jobs WHERE kind = 'slow' ORDER BY id`),
    );
    expect(rows).toEqual([
      { done: true, locked: false, attempts: 1 },
      { done: false, locked: false, attempts: 0 },
      { done: false, locked: false, attempts: 0 },
    ]);
  });

  it("picks up a job whose worker died while holding it once the lock runs out", async () => {
    const { db } = database;
    await enqueue(db, "orphan", {});
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second', attempts = 1 WHERE kind = 'orphan'`);
    let ran = 0;
    const worker = new JobWorker(
      db,
      {
        orphan: async () => {
          ran += 1;
        },
      },
      silent,
      50,
    );
    await worker.drain();
    expect(ran).toBe(1);
  });

  it("gives a job up as dead after its tries, the default ones or more when it asked, and logs that as an error", async () => {
    const { db } = database;
    const errors: string[] = [];
    const log = { ...silent, error: (_: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
    const worker = new JobWorker(
      db,
      {
        down: async () => {
          throw new Error("provider down");
        },
      },
      log,
      50,
    );
    await enqueue(db, "down", { n: "default" });
    await enqueue(db, "down", { n: "more" }, { maxAttempts: DEFAULT_MAX_ATTEMPTS + 3 });
    const state = async () =>
      rowsOf<{ n: string; attempts: number; dead: boolean }>(
        await db.execute(sql`SELECT payload->>'n' AS n, attempts, failed_at IS NOT NULL AS dead FROM jobs WHERE kind = 'down' ORDER BY id`),
      );
    for (let i = 0; i < DEFAULT_MAX_ATTEMPTS + 5; i++) {
      await worker.drain();
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'down'`);
    }
    expect(await state()).toEqual([
      { n: "default", attempts: DEFAULT_MAX_ATTEMPTS, dead: true },
      { n: "more", attempts: DEFAULT_MAX_ATTEMPTS + 3, dead: true },
    ]);
    expect(errors).toHaveLength(2);
  });

  it("counts the tries that span a number of days of failures", () => {
    const span = (attempts: number) => Array.from({ length: attempts - 1 }, (_, k) => retryDelaySeconds(k + 1)).reduce((a, b) => a + b, 0);
    for (const days of [1 / 24, 1, 5, 7]) {
      const attempts = attemptsFor(days);
      // The last try comes at least that long after the first, and one try fewer would not.
      expect(span(attempts)).toBeGreaterThanOrEqual(days * 86_400);
      expect(span(attempts - 1)).toBeLessThan(days * 86_400);
    }
    expect(attemptsFor(5)).toBe(131);
    // The default gives up after about 17 minutes.
    expect(span(DEFAULT_MAX_ATTEMPTS)).toBe(1022);
  });

  it("forgets finished jobs after their keeping time, so a sent mail's link does not stay in the database", async () => {
    const { db } = database;
    const at = (days: number) => sql`now() - make_interval(days => ${days})`;
    const add = (label: string, done: ReturnType<typeof sql> | null, failed: ReturnType<typeof sql> | null) =>
      db.execute(sql`INSERT INTO jobs (kind, payload, done_at, failed_at) VALUES ('prune-test', ${JSON.stringify({ label })}::jsonb, ${done}, ${failed})`);
    await add("sent long ago", at(DONE_JOB_KEEP_DAYS + 1), null);
    await add("sent lately", at(DONE_JOB_KEEP_DAYS - 1), null);
    await add("dead long ago", null, at(DEAD_JOB_KEEP_DAYS + 1));
    await add("dead lately", null, at(DEAD_JOB_KEEP_DAYS - 1));
    await add("waiting", null, null);
    const worker = new JobWorker(db, {}, silent, 60_000);
    expect(await worker.prune()).toBe(2);
    const left = rowsOf<{ label: string }>(await db.execute(sql`SELECT payload->>'label' AS label FROM jobs WHERE kind = 'prune-test' ORDER BY id`));
    expect(left.map((r) => r.label)).toEqual(["sent lately", "dead lately", "waiting"]);
  });
});
