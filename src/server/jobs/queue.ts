import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, rowsOf } from "../db/client";

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** When a job runs and how often it is tried. */
export interface JobOptions {
  /** From when (now when not given). */
  runAt?: Date;
  /** Tries before the job is given up as dead (DEFAULT_MAX_ATTEMPTS: about 17 minutes of retries; see attemptsFor). */
  maxAttempts?: number;
}

/** Tries of a job by default; with the backoff below, the last is about 17 minutes after the first. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/** A failed try waits 2^attempts seconds before the next, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, 3600);

/**
 * The tries that keep a job going for at least `days` of failures (a provider down for days): for a
 * job whose loss would lose money or a mail. 131 for 5 days.
 */
export function attemptsFor(days: number): number {
  let attempts = 1;
  for (let waited = 0; waited < days * 86_400; attempts++) waited += retryDelaySeconds(attempts);
  return attempts;
}

/** Adds a job. Pass the transaction of the change that causes it, so both commit or neither. */
export async function enqueue(db: Db, kind: string, payload: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
  const runAt = options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(
    sql`INSERT INTO jobs (kind, payload, run_at, max_attempts) VALUES (${kind}, ${JSON.stringify(payload)}::jsonb, ${runAt}, ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})`,
  );
}

/** A job added by a WITH part (jobsPart); its fields are SQL expressions, added for each row of `from` where `where` holds. */
export interface JobSql {
  kind: string;
  payload: string;
  /** now() when not given. */
  runAt?: string;
  maxAttempts?: number;
  from: string;
  where?: string;
}

/**
 * The WITH part `name` that adds jobs in the one statement that records their cause (so both commit
 * or neither); it answers for each job added whether it is due now.
 */
export function jobsPart(name: string, jobs: JobSql[]): string {
  const rows = jobs.map(
    (j) =>
      `SELECT '${j.kind}', ${j.payload}, ${j.runAt ?? "now()"}, ${j.maxAttempts ?? DEFAULT_MAX_ATTEMPTS} FROM ${j.from}${j.where ? ` WHERE ${j.where}` : ""}`,
  );
  return `
  ${name} AS (
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
    ${rows.join("\n    UNION ALL\n    ")}
    RETURNING run_at <= now() AS due)`;
}

/**
 * How long finished jobs are kept: their payloads hold what the job needed (a mail's text with its
 * one-time link, a recipient's address), which must not outlive its use. Done jobs go after a week
 * (enough to look into what was sent), dead ones after 30 days (an operator looks into them first).
 */
export const DONE_JOB_KEEP_DAYS = 7;
export const DEAD_JOB_KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

/** A claimed job is retried by any instance once its lock has run out (the process died mid-job). */
const LOCK_SECONDS = 60;
const BATCH = 10;

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** Runs due jobs: polls, and wakes at once when this instance enqueued something. */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** stop() was called: the scheduled run hands back what it has not started (drain() by hand still runs everything). */
  private stopping = false;
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    /** More clearing up that runs with the prune (hourly), such as expired sign-ins; each answers how many rows went. */
    private readonly housekeeping: ReadonlyArray<() => Promise<number>> = [],
  ) {}

  start(): void {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Run soon, without waiting for the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runDue(true)
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, "job worker failed"))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.again ? 0 : this.pollMs);
          this.again = false;
        });
    }, ms);
  }

  /** Deletes the finished jobs older than their keeping time (see DONE_JOB_KEEP_DAYS). Returns how many went. */
  async prune(): Promise<number> {
    this.prunedAt = Date.now();
    const result = await this.db.execute(sql`
      DELETE FROM jobs WHERE done_at < now() - make_interval(days => ${DONE_JOB_KEEP_DAYS})
        OR failed_at < now() - make_interval(days => ${DEAD_JOB_KEEP_DAYS})
      RETURNING id`);
    let removed = rowsOf(result).length;
    for (const task of this.housekeeping) removed += await task();
    return removed;
  }

  /** Runs due jobs until none is left, also on a stopped worker (tests and commands drive it by hand). Returns how many ran. */
  drain(): Promise<number> {
    return this.runDue(false);
  }

  private async runDue(scheduled: boolean): Promise<number> {
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS)
      await this.prune().catch((err) => this.log.warn({ err: (err as Error).message }, "could not prune old jobs"));
    let total = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return total;
      for (const [index, job] of batch.entries()) {
        // Stopping (shutdown): the job running is finished, the rest of the batch is given back at once
        // instead of waiting out its lock, so that another instance takes it now.
        if (scheduled && this.stopping) {
          await this.release(batch.slice(index));
          return total;
        }
        await this.run(job);
        total += 1;
      }
      if (this.stopped) return total;
    }
  }

  private async claim(): Promise<ClaimedJob[]> {
    const result = await this.db.execute(sql`
      UPDATE jobs SET locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`);
    return rowsOf<ClaimedJob>(result).map((r) => ({ ...r, id: Number(r.id) }));
  }

  private async release(jobs: ClaimedJob[]): Promise<void> {
    const ids = jobs.map((job) => job.id);
    await this.db.execute(
      sql`UPDATE jobs SET locked_until = NULL, attempts = attempts - 1 WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await this.db.execute(sql`UPDATE jobs SET done_at = now(), locked_until = NULL WHERE id = ${job.id}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const dead = job.attempts >= job.max_attempts;
      // A dead job needs an operator (its row keeps the last error); a failed try is retried.
      if (dead) this.log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, "job dead: given up after its last try");
      else this.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, "job failed, will retry");
      const delay = retryDelaySeconds(job.attempts);
      await this.db.execute(sql`
        UPDATE jobs SET locked_until = NULL, last_error = ${message.slice(0, 2000)},
          failed_at = ${dead ? sql`now()` : null},
          run_at = now() + make_interval(secs => ${delay})
        WHERE id = ${job.id}`);
    }
  }
}
