import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GIFTS } from "../../src/common/gifts";
import { rowsOf } from "../../src/server/db/client";
import { isConsoleUrl, routeAuthOf } from "../../src/server/plugins/routeAuth";
import de from "../../src/web/i18n/locales/de.json";
import { appForFile, type TestApp } from "../support/testApp";

// Spec §6: login is required to chat, like and send gifts; spec §8: an unknown failure answers 500
// with 'An error occured, please try again later.' in the member's language, and nothing more.

interface ErrorBody {
  error: { code: string; message: string };
}

let t: TestApp;
// Visitors may search here, so that every visitor route of the table is open to them.
appForFile((app) => (t = app), { settings: { logged_out_search: true } });

/**
 * Every method and path of the route table with its declared caller (HEAD copies its GET), and the
 * query that reaches it: the push routes share /api/user.php with the login, told apart by ?push=1.
 */
const routeTable = () =>
  t.server.routes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== "HEAD")
      .map((method) => ({ method, url: r.url, auth: routeAuthOf(r.config), query: r.constraints?.pushQuery ? `?push=${r.constraints.pushQuery}` : "?" })),
  );

/** A path of a route with its parameters filled in, and its query. */
const pathOf = (url: string, query = "") => url.replace(/:(\w+)/g, (_, name: string) => (name === "file" ? "x.jpg" : "1")) + query;
/** Values no schema accepts. */
const INVALID_QUERY = "&id=not-a-number&conversation=-1&code=%00&unknown=1";
const INVALID_BODY = { id: "not-a-number", to: -1, text: 42, unknown: "\u0000", step: "x" };

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
    const stored = rowsOf(
      await t.testDb.database.db.execute(sql`SELECT (SELECT count(*) FROM likes)::int AS likes, (SELECT count(*) FROM messages)::int AS messages`),
    );
    expect(stored).toEqual([{ likes: 0, messages: 0 }]);
  });
});

describe("who may call which route (generated from the route table)", () => {
  it("every route declares its caller", () => {
    const routes = routeTable();
    expect(routes.length).toBeGreaterThan(80);
    for (const r of routes) expect(r.auth, `${r.method} ${r.url}`).toBeDefined();
    expect(routes.filter((r) => r.auth === "member").length).toBeGreaterThan(40);
  });

  it("answers 403 authentication_required, in the visitor's language, to every member-only route before it looks at the input", async () => {
    const visitor = t.client({}, "de");
    const memberRoutes = routeTable().filter((r) => r.auth === "member");
    for (const r of memberRoutes) {
      const body = r.method === "GET" || r.method === "DELETE" ? undefined : INVALID_BODY;
      const res = await visitor.request<ErrorBody>(r.method, pathOf(r.url, r.query + INVALID_QUERY), body);
      expect({ route: `${r.method} ${r.url}`, status: res.status, error: res.body?.error }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
        error: { code: "authentication_required", message: de.errors.authentication_required },
      });
    }
    // Also with a body that is no JSON at all: nothing is parsed before the caller is known.
    const raw = await visitor.request<ErrorBody>("POST", "/api/chat.php", undefined, { raw: "{not json", headers: { "content-type": "application/json" } });
    expect([raw.status, raw.body.error.code]).toEqual([403, "authentication_required"]);
  });

  it("lets a visitor reach every visitor route without a session", async () => {
    const visitor = t.client();
    const visitorRoutes = routeTable().filter((r) => r.auth === "visitor");
    expect(visitorRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(["GET /api/user.php", "POST /api/signup.php", "GET /api/members.php"]),
    );
    // The client's files are a route each (about 800 with their compressed copies): a few of them stand for all.
    const isFile = (url: string) => !url.startsWith("/api/") && /\.[a-z0-9]+$/i.test(url);
    const files = visitorRoutes.filter((r) => isFile(r.url));
    expect(files.length).toBeGreaterThan(10);
    const walked = [...visitorRoutes.filter((r) => !isFile(r.url)), ...files.filter((_, i) => i % Math.ceil(files.length / 8) === 0)];
    for (const r of walked) {
      const body = r.method === "GET" || r.method === "DELETE" ? undefined : {};
      const res = await visitor.request<ErrorBody>(r.method, pathOf(r.url, r.query), body);
      const refused = res.status === 403 || res.status === 401;
      expect(refused ? `${r.method} ${r.url}: ${res.status} ${res.text.slice(0, 120)}` : "reached").toBe("reached");
    }
  });

  it("keeps operator roles in the console, where only the console's session counts", () => {
    for (const r of routeTable()) {
      if (Array.isArray(r.auth) || r.auth === "operator_signing_in") expect(isConsoleUrl(r.url), `${r.method} ${r.url}`).toBe(true);
      if (isConsoleUrl(r.url)) expect(r.auth, `${r.method} ${r.url}`).not.toBe("member");
    }
  });

  it("DELETE /api/chat.php: a visitor without a conversation gets 403, a member without one 400", async () => {
    const visitor = await t.client().del<ErrorBody>("/api/chat.php");
    expect([visitor.status, visitor.body.error.code]).toEqual([403, "authentication_required"]);
    const m = await t.loggedIn();
    const member = await m.client.del<ErrorBody>("/api/chat.php");
    expect([member.status, member.body.error.code]).toEqual([400, "validation_failed"]);
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
