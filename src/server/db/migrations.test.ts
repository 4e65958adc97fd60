import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

// The Drizzle schema and the committed migrations agree: a schema change without its migration
// (npm run db:generate) fails here, offline and in a moment, before it reaches a database.

// drizzle-kit's CommonJS build loads in a fifth of the time of its ES module one.
const { generateDrizzleJson, generateMigration } = createRequire(import.meta.url)("drizzle-kit/api") as typeof import("drizzle-kit/api");

const dir = join(import.meta.dirname, "migrations");
const journal = JSON.parse(readFileSync(join(dir, "meta/_journal.json"), "utf8")) as { entries: Array<{ idx: number; tag: string }> };
const snapshotOf = (idx: number) => JSON.parse(readFileSync(join(dir, `meta/${String(idx).padStart(4, "0")}_snapshot.json`), "utf8"));
const last = journal.entries[journal.entries.length - 1];

/** The SQL a new migration would hold for these tables (empty: nothing to migrate). */
const pending = (tables: Record<string, unknown>) => {
  const latest = snapshotOf(last.idx);
  return generateMigration(latest, generateDrizzleJson(tables, latest.id));
};

describe("the migrations", () => {
  it("are the journal's, each with its snapshot", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".sql"));
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
    for (const entry of journal.entries) expect(snapshotOf(entry.idx).dialect).toBe("postgresql");
  });

  it("hold every change of the schema: nothing is left to migrate", async () => {
    expect(await pending(schema)).toEqual([]);
  });

  it("would miss a table added to the schema without its migration", async () => {
    const withNewTable = { ...schema, driftProbe: pgTable("drift_probe", { id: integer("id") }) };
    expect((await pending(withNewTable)).join("\n")).toMatch(/CREATE TABLE "drift_probe"/);
  });
});
