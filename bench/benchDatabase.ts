import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client";

/** A fresh, migrated PostgreSQL database for one benchmark run, dropped by `drop()`. */
export async function benchDatabase(prefix: string, poolSize = 10): Promise<{ database: Database; name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize });
  await database.migrate();
  return {
    database,
    name,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
