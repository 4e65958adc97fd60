import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GIFTS } from "../../src/common/gifts";
import { rowsOf } from "../../src/server/db/client";
import { appForFile, type TestApp } from "../support/testApp";

// Spec §6: login is required to chat, like and send gifts; spec §8: an unknown failure answers 500
// with 'An error occured, please try again later.' in the member's language, and nothing more.

interface ErrorBody {
  error: { code: string; message: string };
}

let t: TestApp;
appForFile((app) => (t = app));

describe("what a visitor may not do", () => {
  it("answers 403 authentication_required to a visitor's like, unlike, message and gift", async () => {
    const other = await t.loggedIn();
    const visitor = t.client();
    const calls = [
      visitor.post<ErrorBody>("/api/like.php", { id: other.id }),
      visitor.del<ErrorBody>(`/api/like.php?id=${other.id}`),
      visitor.post<ErrorBody>("/api/chat.php", { to: other.id, text: "hello" }),
      visitor.post<ErrorBody>("/api/gift.php", { to: other.id, gift: GIFTS[0] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("authentication_required");
    }
    const stored = rowsOf(await t.testDb.database.db.execute(sql`SELECT (SELECT count(*) FROM likes)::int AS likes, (SELECT count(*) FROM messages)::int AS messages`));
    expect(stored).toEqual([{ likes: 0, messages: 0 }]);
  });
});

describe("an unexpected failure", () => {
  it("answers 500 with the spec's message in the member's language and no detail of the fault", async () => {
    const m = await t.loggedIn();
    await t.testDb.database.db.execute(sql`ALTER TABLE likes RENAME TO likes_away`);
    try {
      const en = await m.client.get<ErrorBody>("/api/likes.php");
      expect(en.status).toBe(500);
      expect(en.body.error).toEqual({ code: "internal", message: "An error occured, please try again later." });
      expect(en.text).not.toMatch(/likes_away|relation|stack|sql/i);

      const german = await t.loggedIn({ language: "de" });
      const de = await german.client.get<ErrorBody>("/api/likes.php");
      expect(de.status).toBe(500);
      expect(de.body.error.message).toBe("Ein Fehler ist aufgetreten, bitte versuche es später erneut.");
    } finally {
      await t.testDb.database.db.execute(sql`ALTER TABLE likes_away RENAME TO likes`);
    }
  });
});
