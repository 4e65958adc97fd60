import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import type { Settings } from "../../src/common/schemas/settings";
import { rowsOf } from "../../src/server/db/client";
import { createMember, markDeletionRequested } from "../support/factories";
import { startFakePushService } from "../support/fakePushService";
import { startTestApp, type TestApp } from "../support/testApp";

// Web Push over HTTP: subscriptions through the API, and notifications through a push service on
// 127.0.0.1 that decrypts them like a browser.

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
const ORIGIN = "https://dating.example";
beforeAll(async () => {
  pushService = await startFakePushService();
  t = await startTestApp({ domain: new URL(ORIGIN).host });
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const loggedIn = (options?: Parameters<TestApp["loggedIn"]>[0]) => t.loggedIn(options);

async function subscriptionRows(userId?: number) {
  return rowsOf<{ endpoint: string; user_id: number }>(
    await t.testDb.database.db.execute(
      userId === undefined
        ? sql`SELECT endpoint, user_id FROM push_subscriptions`
        : sql`SELECT endpoint, user_id FROM push_subscriptions WHERE user_id = ${userId}`,
    ),
  );
}

/** Runs due push jobs until none is left (the app's own worker may be running one at the same time). */
async function settle(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await t.server.worker.drain();
    const [{ n }] = rowsOf<{ n: number }>(
      await t.testDb.database.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'notify-push' AND done_at IS NULL AND failed_at IS NULL AND run_at <= now()
            AND (locked_until IS NULL OR locked_until < now())`,
      ),
    );
    const [{ running }] = rowsOf<{ running: number }>(
      await t.testDb.database.db.execute(
        sql`SELECT count(*)::int AS running FROM jobs WHERE kind = 'notify-push' AND done_at IS NULL AND failed_at IS NULL AND locked_until >= now()`,
      ),
    );
    if (n === 0 && running === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("push jobs did not settle");
}

describe("the VAPID key", () => {
  it("is in the settings, and every instance on the same database uses the same one", async () => {
    const settings = await t.client().get<Settings>("/api/settings.php");
    const key = settings.body.push_public_key;
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(key as string, "base64url")).toHaveLength(65);
    const second = await startTestApp({ testDb: t.testDb, withSite: false });
    try {
      expect((await second.client().get<Settings>("/api/settings.php")).body.push_public_key).toBe(key);
    } finally {
      await second.close();
    }
  });
});

describe("POST /api/user.php?push=1", () => {
  it("asks a visitor to log in", async () => {
    const res = await t.client().post<ErrorBody>("/api/user.php?push=1", pushService.subscription("visitor"));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("authentication_required");
    expect(await subscriptionRows()).toEqual([]);
  });

  it("refuses endpoints that are no push service, and keys of the wrong shape", async () => {
    const { client, id } = await loggedIn();
    const good = pushService.subscription("shape");
    const bad = [
      { ...good, endpoint: "not a url" },
      { ...good, endpoint: "http://push.example.com/send/1" },
      { ...good, endpoint: "https://localhost/send/1" },
      { ...good, endpoint: "https://10.0.0.1/send/1" },
      { ...good, endpoint: "https://push.example.com:8443/send/1" },
      { ...good, endpoint: "http://127.0.0.2:9/send/1" },
      { ...good, endpoint: `https://push.example.com/${"x".repeat(1100)}` },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 60) } },
      { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
      // The right length and prefix, but no point on the curve.
      { ...good, keys: { ...good.keys, p256dh: `B${"A".repeat(86)}` } },
      { ...good, keys: { ...good.keys, auth: "short" } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const res = await client.post<ErrorBody>("/api/user.php?push=1", body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(["validation_failed", "field_invalid"]).toContain(res.body.error.code);
    }
    expect(await subscriptionRows(id)).toEqual([]);

    const ok = await client.post("/api/user.php?push=1", { ...good, expirationTime: null });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect(await subscriptionRows(id)).toEqual([{ endpoint: good.endpoint, user_id: id }]);
  });

  it("leaves the login at the same path alone", async () => {
    const m = await createMember(t.testDb.database.db, t.site.id);
    const client = t.client();
    // Login credentials sent to the push variant are no subscription, and no login: a visitor is
    // refused before the body is looked at.
    const pushed = await client.post<{ error: { code: string } }>("/api/user.php?push=1", { email: m.email, password: m.password });
    expect([pushed.status, pushed.body.error.code]).toEqual([403, "authentication_required"]);
    expect(client.cookies.has("auth")).toBe(false);
    const login = await client.post<{ user: { id: number } }>("/api/user.php", { email: m.email, password: m.password });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(m.user.id);
    // Another value of push is the ordinary login.
    expect((await t.client().post("/api/user.php?push=0", { email: m.email, password: m.password })).status).toBe(200);
  });

  it("refuses another member who posts a member's endpoint without its secret, and the member keeps getting their notifications", async () => {
    const victim = await loggedIn({ name: "Vera" });
    const attacker = await loggedIn({ credits: 100, name: "Mallory" });
    const phone = pushService.subscription("vera-phone");
    expect((await victim.client.post("/api/user.php?push=1", phone)).status).toBe(200);

    // The endpoint leaked; the attacker's own keys go with it (the browser's auth secret did not leak).
    const takeover = await attacker.client.post<ErrorBody>("/api/user.php?push=1", {
      endpoint: phone.endpoint,
      keys: pushService.subscription("mallory-keys").keys,
    });
    expect(takeover.status).toBe(409);
    expect(takeover.body.error).toMatchObject({ code: "push_endpoint_taken", message: expect.stringMatching(/another account/) });
    expect(await subscriptionRows(victim.id)).toEqual([{ endpoint: phone.endpoint, user_id: victim.id }]);
    expect(await subscriptionRows(attacker.id)).toEqual([]);

    await attacker.client.post("/api/chat.php", { to: victim.id, text: "Hi Vera" });
    await settle();
    expect(pushService.to("vera-phone").map((r) => r.message.title)).toEqual(["New message from Mallory"]);
  });

  it("moves an endpoint to another member who posts the same browser subscription (logged in on that browser), and forgets it on DELETE", async () => {
    const first = await loggedIn();
    const second = await loggedIn();
    const browser = pushService.subscription("shared-browser");
    await first.client.post("/api/user.php?push=1", browser);
    await second.client.post("/api/user.php?push=1", browser);
    expect(await subscriptionRows(first.id)).toEqual([]);
    expect(await subscriptionRows(second.id)).toEqual([{ endpoint: browser.endpoint, user_id: second.id }]);

    // Only the member it belongs to can remove it.
    expect((await first.client.request("DELETE", "/api/user.php?push=1", { endpoint: browser.endpoint })).status).toBe(200);
    expect(await subscriptionRows(second.id)).toHaveLength(1);
    expect((await t.client().request("DELETE", "/api/user.php?push=1", { endpoint: browser.endpoint })).status).toBe(403);
    expect((await second.client.request("DELETE", "/api/user.php?push=1", { endpoint: browser.endpoint })).status).toBe(200);
    expect(await subscriptionRows(second.id)).toEqual([]);
  });

  it("is listed in the API documentation beside the login", async () => {
    const docs = await t.client().get<{ paths: Record<string, Record<string, { summary?: string }>> }>("/api/docs/json");
    expect(docs.body.paths["/api/user.php"].post.summary).toMatch(/^Log in/);
    expect(docs.body.paths["/api/user.php?push=1"].post.summary).toMatch(/push subscription/);
    expect(docs.body.paths["/api/user.php?push=1"].delete).toBeDefined();
  });
});

describe("notifications", () => {
  it("tells a subscribed member about a new message in their language, with the text and the conversation's link", async () => {
    const anna = await loggedIn({ credits: 100, name: "Anna" });
    const ben = await loggedIn({ name: "Ben", language: "de" });
    await ben.client.post("/api/user.php?push=1", pushService.subscription("ben-phone"));

    const sent = await anna.client.post<SendMessageResponse>("/api/chat.php", { to: ben.id, text: `Hallo Ben!\n\nLust auf Kaffee? ${"bla ".repeat(60)}` });
    expect(sent.status).toBe(200);
    await settle();

    const pushes = pushService.to("ben-phone");
    expect(pushes).toHaveLength(1);
    const { headers, message } = pushes[0];
    const conversation = sent.body.message.conversation;
    expect(message).toMatchObject({
      kind: "message",
      title: "Neue Nachricht von Anna",
      url: `${ORIGIN}/chats/${conversation}`,
      tag: `chat-${conversation}`,
      icon: `${ORIGIN}/push-icon.png`,
      badge: `${ORIGIN}/push-badge.png`,
      lang: "de",
      conversation,
    });
    // A one-line preview, cut short.
    expect(message.body).toMatch(/^Hallo Ben! Lust auf Kaffee\? bla bla .*…$/);
    expect(Array.from(message.body as string).length).toBeLessThanOrEqual(120);
    // VAPID-signed, kept for a day at most, urgent, replaceable per conversation.
    const settings = await t.client().get<Settings>("/api/settings.php");
    expect(headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${settings.body.push_public_key}$`));
    expect(Number(headers.ttl)).toBeGreaterThan(86_000);
    expect(Number(headers.ttl)).toBeLessThanOrEqual(86_400);
    expect(headers.urgency).toBe("high");
    expect(headers.topic).toBe(`chat-${conversation}`);
    expect(headers["content-encoding"]).toBe("aes128gcm");
  });

  it("tells about likes and matches, with the liker's photo only when it is public", async () => {
    const cleo = await loggedIn({ name: "Cleo" });
    const dirk = await loggedIn({ name: "Dirk", language: "fr" });
    await cleo.client.post("/api/user.php?push=1", pushService.subscription("cleo-laptop"));
    await dirk.client.post("/api/user.php?push=1", pushService.subscription("dirk-phone"));
    // Cleo's main photo is approved (public); Dirk's still waits for review.
    const db = t.testDb.database.db;
    for (const [owner, status] of [
      [cleo.id, "approved"],
      [dirk.id, "pending"],
    ] as const) {
      const id = `p${owner}x`;
      await db.execute(sql`INSERT INTO photos (id, profile_id, filename, thumb_filename, match_filename, blurred_filename, status)
        VALUES (${id}, ${owner}, ${`${id}.jpg`}, ${`${id}-t.jpg`}, ${`${id}-m.jpg`}, ${`${id}-b.jpg`}, ${status})`);
      await db.execute(sql`UPDATE profiles SET main_photo_id = ${id} WHERE id = ${owner}`);
    }

    await cleo.client.post("/api/like.php", { id: dirk.id });
    await settle();
    expect(pushService.to("dirk-phone").map((p) => p.message)).toEqual([
      expect.objectContaining({
        kind: "like",
        title: "Cleo a un coup de cœur pour toi",
        body: "Rends-lui son coup de cœur et c'est un match.",
        url: `${ORIGIN}/likes`,
        tag: "likes",
        icon: `${ORIGIN}/photos/p${cleo.id}x-t.jpg`,
      }),
    ]);
    expect(pushService.to("dirk-phone")[0].headers.urgency).toBe("normal");

    await dirk.client.post("/api/like.php", { id: cleo.id });
    await settle();
    expect(pushService.to("cleo-laptop").map((p) => p.message)).toEqual([
      expect.objectContaining({
        kind: "match",
        title: "It's a match with Dirk",
        url: `${ORIGIN}/likes/matches`,
        tag: `match-${dirk.id}`,
        icon: `${ORIGIN}/push-icon.png`,
      }),
    ]);
  });

  it("forgets a browser whose push service answers 410, and sends it nothing more", async () => {
    const eva = await loggedIn({ credits: 100, name: "Eva" });
    const finn = await loggedIn({ name: "Finn" });
    await finn.client.post("/api/user.php?push=1", pushService.subscription("finn-old-browser"));
    pushService.answer("finn-old-browser", 410);

    await eva.client.post("/api/chat.php", { to: finn.id, text: "Hi Finn" });
    await settle();
    expect(await subscriptionRows(finn.id)).toEqual([]);
    await eva.client.post("/api/chat.php", { to: finn.id, text: "Still there?" });
    await settle();
    expect(pushService.attempts.filter((name) => name === "finn-old-browser")).toHaveLength(1);
    expect(pushService.to("finn-old-browser")).toEqual([]);
  });

  it("retries only the browser whose push service failed, not the ones that got the notification", async () => {
    const gina = await loggedIn({ credits: 100, name: "Gina" });
    const hugo = await loggedIn({ name: "Hugo" });
    await hugo.client.post("/api/user.php?push=1", pushService.subscription("hugo-phone"));
    await hugo.client.post("/api/user.php?push=1", pushService.subscription("hugo-laptop"));
    pushService.answer("hugo-laptop", 503);

    await gina.client.post("/api/chat.php", { to: hugo.id, text: "Hi Hugo" });
    await settle();
    expect(pushService.to("hugo-phone")).toHaveLength(1);
    expect(pushService.to("hugo-laptop")).toHaveLength(0);

    // The retry waits a little; make it due now.
    await t.testDb.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'notify-push' AND done_at IS NULL AND failed_at IS NULL`);
    await settle();
    expect(pushService.to("hugo-laptop").map((p) => p.message.body)).toEqual(["Hi Hugo"]);
    expect(pushService.to("hugo-phone")).toHaveLength(1);
    expect(await subscriptionRows(hugo.id)).toHaveLength(2);
  });

  it("sends nothing about a member who was blocked before the push went out, or to a member leaving", async () => {
    const ida = await loggedIn({ credits: 100, name: "Ida" });
    const jan = await loggedIn({ name: "Jan" });
    const kim = await loggedIn({ name: "Kim" });
    await jan.client.post("/api/user.php?push=1", pushService.subscription("jan-phone"));
    await kim.client.post("/api/user.php?push=1", pushService.subscription("kim-phone"));

    // Ida writes; Jan blocks her before the queue gets to the push.
    await t.server.worker.stop();
    try {
      expect((await ida.client.post("/api/chat.php", { to: jan.id, text: "Hi Jan" })).status).toBe(200);
      expect((await jan.client.post("/api/block.php", { id: ida.id })).status).toBe(200);
      await settle();
    } finally {
      t.server.worker.start();
    }
    expect(pushService.attempts.filter((name) => name === "jan-phone")).toEqual([]);

    // Kim asked to delete the account: no more notifications.
    await markDeletionRequested(t.testDb.database.db, kim.id);
    await ida.client.post("/api/like.php", { id: kim.id }).catch(() => undefined);
    await t.testDb.database.db.execute(
      sql`INSERT INTO jobs (kind, payload) VALUES ('notify-push', ${JSON.stringify({ kind: "like", to: kim.id, from: ida.id, origin: ORIGIN })}::jsonb)`,
    );
    await settle();
    expect(pushService.attempts.filter((name) => name === "kim-phone")).toEqual([]);
  });
});
