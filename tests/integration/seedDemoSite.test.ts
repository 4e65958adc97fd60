import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN, seedDemoSite } from "../../src/server/seed/seedDemoSite";
import { LocalStorage } from "../../src/server/adapters/storage";
import { rowsOf } from "../../src/server/db/client";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";

// The demo site in two runs, as a first start makes it: a first set before the site answers, the
// rest in the background (src/server/main.ts).

let t: TestDatabase;
let folder: string;
beforeAll(async () => {
  t = await createTestDatabase();
  folder = mkdtempSync(join(tmpdir(), "dating-seed-"));
});
afterAll(async () => {
  await t.drop();
  rmSync(folder, { recursive: true, force: true });
});

async function counts() {
  const [row] = rowsOf<{ members: number; likers: number; demo_likes: number; likes: number }>(
    await t.database.db.execute(sql`
      SELECT
        (SELECT count(*)::int FROM users WHERE can_login = false) AS members,
        (SELECT count(DISTINCT l.liker_id)::int FROM likes l JOIN users u ON u.id = l.liker_id WHERE u.can_login = false) AS likers,
        (SELECT count(*)::int FROM likes l JOIN users u ON u.id = l.liked_id WHERE u.email = ${DEMO_LOGIN.email}) AS demo_likes,
        (SELECT count(*)::int FROM likes) AS likes`),
  );
  return row;
}

describe("seeding the demo site in two runs", () => {
  it("makes the login and a first set with likes, then the rest with likes of their own, and nothing more when run again", async () => {
    const storage = new LocalStorage(folder);
    await seedDemoSite(t.database.db, storage, { members: 6 });
    const first = await counts();
    expect(first.members).toBe(6);
    expect(first.demo_likes).toBeGreaterThan(0);

    await seedDemoSite(t.database.db, storage, { members: 14 });
    const second = await counts();
    expect(second.members).toBe(14);
    // Members of the second run like others too (about four in five like someone).
    expect(second.likers).toBeGreaterThan(first.likers);
    expect(second.demo_likes).toBe(first.demo_likes);

    await seedDemoSite(t.database.db, storage, { members: 14 });
    const third = await counts();
    expect(third.members).toBe(14);
    expect(third.demo_likes).toBe(second.demo_likes);
  }, 120_000);
});
