import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client";
import { rowsOf } from "../db/client";

/** What a PostgreSQL pool tells of itself (pg.Pool); PGlite has none. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsSources {
  db: Db;
  pool: PoolStats | null;
  /** Open WebSockets on this instance. */
  sockets: () => number;
  log: FastifyBaseLogger;
}

/**
 * Counts from the database (job queue, payments, bounced addresses) are shared by all instances and
 * cost a query: they are read at most this often, whatever the scrape interval and the number of
 * scrapers.
 */
const DATABASE_COUNTS_MS = 30_000;

type Row = { label: string; n: number };

const JOB_STATES = ["due", "scheduled", "running", "retrying", "dead"] as const;

/**
 * The Prometheus metrics of one app instance, in a registry of its own (several apps run in one test
 * process). Request metrics are labelled by route pattern, never by raw URL, so that their number stays bounded.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<"method" | "route" | "status">;
  readonly duration: Histogram<"method" | "route">;
  readonly serverErrors: Counter<"method" | "route">;
  readonly mailsSent: Counter;
  readonly mailsFailed: Counter;
  private counts: { at: number; reading: Promise<Record<"jobs" | "payments" | "mailDisabled", Row[]>> } | null = null;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.serverErrors = new Counter({
      name: "http_server_errors_total",
      help: "HTTP requests answered with a 5xx status",
      labelNames: ["method", "route"],
      registers,
    });
    this.mailsSent = new Counter({ name: "amoria_mails_sent_total", help: "E-mails handed to the mail server by this instance", registers });
    this.mailsFailed = new Counter({
      name: "amoria_mails_failed_total",
      help: "E-mails the mail server refused or could not take (retried unless permanent)",
      registers,
    });

    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: "db_pool_connections",
        help: "PostgreSQL pool connections of this instance: total, idle, and queries waiting for one",
        labelNames: ["state"],
        registers,
        collect() {
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      });
    }
    new Gauge({
      name: "websocket_connections",
      help: "Open live connections (WebSockets) on this instance",
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    this.databaseGauge("amoria_jobs", "Unfinished jobs in the queue (all instances) by state; dead: given up after the last try", "state", "jobs", JOB_STATES);
    this.databaseGauge("amoria_payments", "Payments (all instances) by status", "status", "payments", []);
    this.databaseGauge("amoria_members_mail_disabled", "Members whose e-mail stopped, by reason (bounce, fbl, list-unsubscribe)", "reason", "mailDisabled", []);
  }

  /** The text Prometheus scrapes. */
  metrics(): Promise<string> {
    return this.registry.metrics();
  }

  /** A gauge read from the database counts; `always` are reported even at 0. */
  private databaseGauge(name: string, help: string, label: string, key: "jobs" | "payments" | "mailDisabled", always: readonly string[]): void {
    const read = () => this.databaseCounts();
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      async collect() {
        const rows = (await read())[key];
        this.reset();
        for (const value of always) this.set({ [label]: value }, 0);
        for (const row of rows) this.set({ [label]: row.label }, row.n);
      },
    });
  }

  private databaseCounts() {
    const now = Date.now();
    if (this.counts && now - this.counts.at < DATABASE_COUNTS_MS) return this.counts.reading;
    const previous = this.counts?.reading;
    const reading = this.readDatabaseCounts().catch(async (err) => {
      // A scrape during a database outage keeps the last figures (readiness reports the outage).
      this.sources.log.warn({ err: (err as Error).message }, "metrics: could not read the counts from the database");
      return (await previous?.catch(() => null)) ?? { jobs: [], payments: [], mailDisabled: [] };
    });
    this.counts = { at: now, reading };
    return reading;
  }

  private async readDatabaseCounts() {
    const { db } = this.sources;
    // Finished jobs are left out: they are kept for days and counting them would read the whole table.
    const [jobs, payments, mailDisabled] = await Promise.all([
      db.execute(sql`
        SELECT CASE WHEN failed_at IS NOT NULL THEN 'dead'
                    WHEN locked_until > now() THEN 'running'
                    WHEN last_error IS NOT NULL THEN 'retrying'
                    WHEN run_at <= now() THEN 'due'
                    ELSE 'scheduled' END AS label,
               count(*)::int AS n
        FROM jobs WHERE done_at IS NULL GROUP BY 1`),
      db.execute(sql`SELECT status AS label, count(*)::int AS n FROM payments GROUP BY 1`),
      db.execute(sql`
        SELECT reason AS label, count(*)::int AS n
        FROM users, jsonb_array_elements_text(notifications_disabled) AS reason GROUP BY 1`),
    ]);
    return { jobs: rowsOf<Row>(jobs), payments: rowsOf<Row>(payments), mailDisabled: rowsOf<Row>(mailDisabled) };
  }
}
