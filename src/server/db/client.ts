import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./dataDirLock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database of either mode; a transaction has the same type, so repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL pool (its use is a metric); none for PGlite. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), "migrations");

// node-postgres answers bigint and numeric as strings; counts and ids we keep below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite files live in `${dataDir}/pglite`; without it PGlite runs in memory. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  onIdleError?: (err: Error) => void;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that PostgreSQL closes (restart, failover) must not take the process down;
    // the pool replaces it and the next query reports any real outage.
    pool.on("error", (err) => options.onIdleError?.(err));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pool,
      async migrate() {
        // Several instances may start at once: one migrates while the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock(727274)");
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  let release = () => {};
  if (options.dataDir) {
    dataDir = join(options.dataDir, "pglite");
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  } catch (err) {
    release();
    throw err;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** A cheap liveness query (health checks, tests). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Whether a statement failed on a unique index (PostgreSQL's 23505), and on `constraint` when named:
 * the driver's error, or drizzle's wrapping it as its cause.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const cause = e?.code ? e : e?.cause;
  return cause?.code === "23505" && (constraint === undefined || cause.constraint === constraint);
}

/**
 * Whether the database refused the data of a statement (SQLSTATE class 22: a number out of range,
 * text it cannot take), the driver's error or drizzle's wrapping it: input that passed the checks.
 */
export function isDataException(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === "string" ? e.code : e?.cause?.code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL: parsed and planned once per
 * connection instead of on every call (planning the conversation list cost 3.3 ms, more than running
 * it). Works on the pool and inside a transaction (on its connection). `name` must stay unique to
 * `text`. On PGlite the same outside a transaction (pgliteExecute); inside one it runs the text as it is.
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  // Drizzle keeps the driver's client on its session: the pool, or a transaction's pool client.
  const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient | PGlite } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) return (await client.query({ name, text, values })).rows as T[];
  if (client instanceof PGlite) return pgliteExecute<T>(client, name, text, values);
  return (await (client as PGlite).query<T>(text, values)).rows;
}

/** The statements prepared on each PGlite database, as they are being prepared (its one session keeps them until it closes). */
const pglitePrepared = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * A named prepared statement on PGlite: `PREPARE` once, then `EXECUTE` with the values written as
 * literals (`EXECUTE` takes no bound parameters; `pg.escapeLiteral` quotes them) in one simple-protocol
 * message. Parsing and planning the search page cost 1.3 ms of its 3.2 ms, and PGlite runs one
 * statement at a time, so that was every member's wait (bench/README.md).
 */
async function pgliteExecute<T>(client: PGlite, name: string, text: string, values: unknown[]): Promise<T[]> {
  const prepared = pglitePrepared.get(client) ?? new Map<string, Promise<unknown>>();
  pglitePrepared.set(client, prepared);
  let preparing = prepared.get(name);
  if (!preparing) {
    preparing = client.exec(`PREPARE ${name} AS ${text}`);
    prepared.set(name, preparing);
    preparing.catch(() => prepared.delete(name));
  }
  await preparing;
  const args = values.map(literalOf);
  const [result] = await client.exec(`EXECUTE ${name}${args.length ? `(${args.join(", ")})` : ""}`);
  return result.rows as T[];
}

/** A value of a prepared statement as SQL text: quoted by pg's own `escapeLiteral`, typed by the statement. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return pg.escapeLiteral(String(value));
  throw new TypeError(`a prepared statement's value must be text, a number, a boolean, a date or null, not ${typeof value}`);
}
