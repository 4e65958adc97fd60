import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shownActivityText } from "../members/access";
import { CARD_COLUMNS, cardVersionText } from "../members/members.repo";
import { LikesListCache } from "./likesListCache";

const body = (text: string) => Buffer.from(text);

describe("LikesListCache", () => {
  it("sends the kept answer while the stamp is the same, and builds again when it differs", async () => {
    const cache = new LikesListCache();
    let builds = 0;
    const build = (text: string) => async () => {
      builds++;
      return body(text);
    };
    expect((await cache.answer(1, "a", build("first"))).toString()).toBe("first");
    expect((await cache.answer(1, "a", build("second"))).toString()).toBe("first");
    expect(builds).toBe(1);
    expect((await cache.answer(1, "b", build("third"))).toString()).toBe("third");
    expect((await cache.answer(1, "b", build("fourth"))).toString()).toBe("third");
    expect(builds).toBe(2);
    // Another member's answer is their own.
    expect((await cache.answer(2, "b", build("other"))).toString()).toBe("other");
    expect(cache.size).toBe(2);
  });

  it("keeps the answer of the call that finished last, under the stamp that call read", async () => {
    const cache = new LikesListCache();
    let release: (b: Buffer) => void = () => {};
    const slow = cache.answer(1, "old", () => new Promise<Buffer>((resolve) => (release = resolve)));
    await cache.answer(1, "new", async () => body("new"));
    release(body("old"));
    expect((await slow).toString()).toBe("old");
    // Kept under "old": a call reading "new" builds again rather than sending it.
    expect((await cache.answer(1, "new", async () => body("new again"))).toString()).toBe("new again");
  });

  it("holds about its size in bytes, dropping the least recently used first, and never an answer larger than all of it", async () => {
    const cache = new LikesListCache(3 * (1000 + 256 + 1));
    for (const id of [1, 2, 3]) await cache.answer(id, "s", async () => Buffer.alloc(1000));
    expect(cache.size).toBe(3);
    await cache.answer(1, "s", async () => body("unused"));
    await cache.answer(4, "s", async () => Buffer.alloc(1000));
    expect(cache.size).toBe(3);
    expect(cache.heldBytes).toBeLessThanOrEqual(3 * (1000 + 256 + 1));
    // 2 was the least recently used: built again.
    let built = false;
    await cache.answer(2, "s", async () => {
      built = true;
      return Buffer.alloc(1000);
    });
    expect(built).toBe(true);
    await cache.answer(5, "s", async () => Buffer.alloc(10_000));
    expect(cache.heldBytes).toBeLessThanOrEqual(3 * (1000 + 256 + 1));
    cache.delete(1);
    cache.delete(1);
    expect(cache.heldBytes).toBeGreaterThanOrEqual(0);
  });
});

describe("the card version", () => {
  it("moves with every column of a card but the activity, which the stamp reads as shown", () => {
    const migration = readFileSync(new URL("../../db/migrations/0024_profile_card_version.sql", import.meta.url), "utf8");
    const profilesWhen = migration.slice(
      migration.indexOf('CREATE TRIGGER "profiles_card_version"'),
      migration.indexOf('EXECUTE FUNCTION "profile_card_version_bump"'),
    );
    const photosWhen = migration.slice(
      migration.indexOf('CREATE TRIGGER "photos_card_version"'),
      migration.indexOf('EXECUTE FUNCTION "photo_card_version_bump"'),
    );
    const columns = CARD_COLUMNS.split(",").map((c) => c.trim().split(/\s|::/)[0]);
    expect(columns.length).toBeGreaterThan(10);
    for (const column of columns) {
      const [table, name] = column.split(".");
      // The id is the card's own (in the hash); the activity is read as shown at the time.
      if (column === "p.id") continue;
      if (table === "p" && ["invisible", "show_activity", "last_active_at"].includes(name)) {
        expect(shownActivityText("p", "$2"), column).toContain(column);
        continue;
      }
      expect(table === "p" ? profilesWhen : photosWhen, column).toContain(`OLD.${name}`);
    }
    expect(profilesWhen).toContain("OLD.status");
    expect(profilesWhen).toContain("OLD.main_photo_id");
    const text = cardVersionText("$2");
    expect(text).toContain("p.card_version");
    expect(text).toContain(shownActivityText("p", "$2"));
  });
});
