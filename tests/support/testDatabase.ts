import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/client";

// Every test file gets a fresh database cloned from a migrated template: a PGlite data-dir dump, or a
// PostgreSQL database created with TEMPLATE when TEST_DATABASE_URL is set.

export const TEST_DIR = join(process.cwd(), ".test-data");
const PGLITE_TEMPLATE = join(TEST_DIR, "pglite-template.tar.gz");
// Names carry the checkout's folder, so that test runs of two checkouts on one PostgreSQL (git
// worktrees) do not drop each other's databases as stale.
const CHECKOUT = createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8);
const PG_TEMPLATE = `dating_template_${CHECKOUT}`;
const PG_PREFIX = `dating_t_${CHECKOUT}_`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Vitest global setup: migrate the template once per run. */
export async function prepareTemplate(): Promise<void> {
  mkdirSync(TEST_DIR, { recursive: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // Databases left by an earlier run that was killed.
      const stale = await admin.query("SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2", [PG_PREFIX, PG_TEMPLATE]);
      for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${PG_TEMPLATE}"`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, PG_TEMPLATE), poolSize: 1 });
    await database.migrate();
    await database.close();
    return;
  }
  const database = await openDatabase({});
  await database.migrate();
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await pglite.dumpDataDir("gzip");
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export interface TestDatabase {
  database: Database;
  /** Unique per database: instances on one database share Redis keys under it. */
  id: string;
  /** A URL for a second app instance on the same database (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `${PG_PREFIX}${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${PG_TEMPLATE}"`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return {
      database,
      id: name,
      url,
      async drop() {
        // A test may have closed it already (to see the app without its database).
        await database.close().catch(() => {});
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const blob = new Blob([readFileSync(PGLITE_TEMPLATE)]);
  const database = await openDatabase({ loadDataDir: blob });
  return { database, id: randomUUID(), drop: () => database.close().catch(() => {}) };
}
