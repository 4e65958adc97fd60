import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, isDataException, isUniqueViolation, openDatabase, preparedRows, rowsOf } from "./client";

describe("what a failed statement says about its data", () => {
  it("a data exception (SQLSTATE class 22) is the data's fault, from the driver or wrapped by drizzle", () => {
    expect(isDataException({ code: "22003" })).toBe(true); // numeric_value_out_of_range
    expect(isDataException({ code: "22P05" })).toBe(true); // untranslatable_character (a NUL in text)
    expect(isDataException({ message: "Failed query", cause: { code: "22021" } })).toBe(true);
  });
  it("other failures are not", () => {
    expect(isDataException({ code: "23505" })).toBe(false);
    expect(isDataException({ code: "ECONNREFUSED" })).toBe(false);
    expect(isDataException(new Error("boom"))).toBe(false);
    expect(isDataException(null)).toBe(false);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
  });
});

describe("named prepared statements on PGlite", () => {
  let database: Database;
  // PGlite's start (a WebAssembly PostgreSQL) took over the default 10 s once on a loaded 2-core
  // machine, beside the journeys: the same allowance as queue.test.ts's.
  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`CREATE TABLE profiles (id int)`);
    await database.db.execute(sql`INSERT INTO profiles VALUES (1)`);
  }, 60_000);
  afterAll(() => database.close());

  it("take every kind of value as data, quoted, and answer typed rows", async () => {
    const text = "SELECT $1::text AS t, $2::int AS n, $3::boolean AS b, $4::date::text AS d, $5::text IS NULL AS missing";
    for (const t of ["it's", "back\\slash", "'); DROP TABLE profiles; --", "Zoë 💬"]) {
      const [row] = await preparedRows<{ t: string; n: number; b: boolean; d: string; missing: boolean }>(database.db, "test_kinds", text, [
        t,
        42,
        true,
        "2026-11-26",
        null,
      ]);
      expect(row).toEqual({ t, n: 42, b: true, d: "2026-11-26", missing: true });
    }
    const [at] = await preparedRows<{ d: string }>(database.db, "test_date", "SELECT $1::timestamptz::date::text AS d", [new Date("2026-11-26T10:00:00Z")]);
    expect(at.d).toBe("2026-11-26");
    expect(rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM profiles`))).toEqual([{ n: 1 }]);
  });

  it("are prepared once when first asked for by several callers at the same time", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => preparedRows<{ n: number }>(database.db, "test_once", "SELECT $1::int + 1 AS n", [i])),
    );
    expect(answers.map(([row]) => row.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it("run inside a transaction as text, and keep the database's own errors", async () => {
    const [row] = await database.db.transaction((tx) => preparedRows<{ n: number }>(tx, "test_tx", "SELECT $1::int * 2 AS n", [21]));
    expect(row.n).toBe(42);
    const bad = preparedRows(database.db, "test_bad", "SELECT $1::int AS n", ["not a number"]);
    await expect(bad).rejects.toSatisfy(isDataException);
    await expect(preparedRows(database.db, "test_wrong", "SELEC 1", [])).rejects.toThrow(/syntax/);
    await expect(preparedRows(database.db, "test_wrong", "SELEC 1", [])).rejects.toThrow(/syntax/);
    await expect(preparedRows(database.db, "test_object", "SELECT $1::text AS t", [{ a: 1 }])).rejects.toThrow(TypeError);
  });
});
