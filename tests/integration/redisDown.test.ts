import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ChatsResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import type { ServerEvent } from "../../src/common/schemas/realtime";
import { rowsOf } from "../../src/server/db/client";
import { createMember, makeJpeg } from "../support/factories";
import { RedisServer } from "../support/redisServer";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

// A Redis of this file's own, stopped (killed) and started again on the same port while two app
// instances on one database use it. Nothing a member does may fail because Redis is gone: what is
// stored and charged answers success, limits count in the database, the other member reads the
// message by polling, and the app comes back to live events by itself when Redis does.

type ErrorBody = { error: { code: string } };
type ReadyBody = { ok: boolean; draining: boolean; checks: { database: string; redis: string; bucket: string } };

let redis: RedisServer;
let env: Record<string, string>;
const COMMAND_TIMEOUT_MS = 1000;
const redisOptions = { commandTimeoutMs: COMMAND_TIMEOUT_MS, connectTimeoutMs: 500, reconnectMaxMs: 100 };
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  redis = await RedisServer.start();
  // A long member cache, so that a stale copy would show; small Redis timeouts, so that the test is quick.
  env = { REDIS_URL: redis.url, MEMBER_CACHE_MS: "60000" };
  one = await startTestApp({ env, redis: redisOptions });
  two = await startTestApp({ env, redis: redisOptions, testDb: one.testDb, withSite: false });
});

afterAll(async () => {
  await two?.close();
  await one?.close();
  await redis?.stop();
});

async function ledgerOf(userId: number) {
  const [row] = rowsOf<{ credits: number; charges: number; spent: number }>(
    await one.testDb.database.db.execute(sql`SELECT (SELECT credits FROM users WHERE id = ${userId}) AS credits,
      (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${userId} AND delta < 0) AS charges,
      (SELECT coalesce(-sum(delta), 0)::int FROM credit_ledger WHERE user_id = ${userId} AND delta < 0) AS spent`),
  );
  return row;
}

/** A member's page opening its live connection: it is live once the server says "ready". */
function openSocket(app: TestApp, client: TestClient) {
  const socket = new WebSocket(`${app.baseUrl.replace("http", "ws")}/api/socket`, {
    headers: { cookie: `auth=${client.cookies.get("auth")}`, origin: app.baseUrl },
  });
  const events: ServerEvent[] = [];
  const ready = new Promise<boolean>((resolve, reject) => {
    socket.on("message", (data) => {
      const event = JSON.parse(data.toString());
      if (event.type === "ready") resolve(true);
      else events.push(event);
    });
    socket.on("close", () => resolve(false));
    socket.on("error", reject);
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  return {
    socket,
    ready,
    closed,
    async message(body: string): Promise<ServerEvent> {
      for (let i = 0; i < 200; i++) {
        const found = events.find((e) => e.type === "message" && e.message.body === body);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no message event with "${body}"`);
    },
  };
}

async function openPage(app: TestApp, client: TestClient) {
  const page = openSocket(app, client);
  expect(await page.ready).toBe(true);
  return page;
}

/** Asks an instance's readiness until it reports Redis as `state` (the instance notices by itself). */
async function untilRedis(app: TestApp, state: "up" | "down"): Promise<ReadyBody> {
  let body: ReadyBody | undefined;
  for (let i = 0; i < 100; i++) {
    body = (await app.client().get<ReadyBody>("/api/ready")).body;
    if (body.checks?.redis === state) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis never reported ${state}: ${JSON.stringify(body)}`);
}

const strongPassword = "Lantern-Orchard-93";
const send = (client: TestClient, to: number, text: string) => client.post<SendMessageResponse>("/api/chat.php", { to, text });

let a: Awaited<ReturnType<TestApp["loggedIn"]>>;
let b: Awaited<ReturnType<TestApp["loggedIn"]>>;
let aOnTwo: TestClient;
let bPage: ReturnType<typeof openSocket>;
let lockedEmail: string;
let halfLocked: { email: string; password: string };

describe("before Redis stops", () => {
  it("serves members and reports Redis up", async () => {
    a = await one.loggedIn({ credits: 500, paidUser: true });
    b = await one.loggedIn();
    expect((await send(a.client, b.id, "before the outage")).status).toBe(200);
    // The same session on the second instance, read once so that it sits in that instance's cache.
    aOnTwo = two.client({ cookie: `auth=${a.client.cookies.get("auth")}` });
    expect((await aOnTwo.get<{ user: { credits: number } }>("/api/user.php")).body.user.credits).toBe((await ledgerOf(a.id)).credits);
    bPage = await openPage(two, b.client);

    // Five wrong passwords lock one address; three count against another.
    const locked = await createMember(one.testDb.database.db, one.site.id);
    lockedEmail = locked.email;
    for (let i = 0; i < 5; i++) await one.client().post("/api/user.php", { email: locked.email, password: "wrong password" });
    halfLocked = await createMember(one.testDb.database.db, one.site.id);
    for (let i = 0; i < 3; i++) await one.client().post("/api/user.php", { email: halfLocked.email, password: "wrong password" });

    const ready = await one.client().get<ReadyBody>("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, draining: false, checks: { database: "up", redis: "up", bucket: "not_configured" } });
  });
});

describe("while Redis is down", () => {
  beforeAll(async () => {
    await redis.stop();
  });

  it("closes open live connections and refuses new ones, so that pages poll instead", async () => {
    // Close code 1013, "try again later": the page reconnects with its backoff and polls meanwhile.
    expect(await bPage.closed).toBe(1013);
    await untilRedis(one, "down");
    const refused = openSocket(one, a.client);
    expect(await refused.ready).toBe(false);
    expect(await refused.closed).toBe(1013);
  });

  it("answers not ready (503, naming Redis) on the readiness route, and stays alive", async () => {
    await untilRedis(one, "down");
    const ready = await one.client().get<ReadyBody>("/api/ready");
    // Not ready, though it goes on serving members (below) for a balancer that sends to it anyway.
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ ok: false, draining: false, checks: { database: "up", redis: "down", bucket: "not_configured" } });
    expect((await one.client().get("/api/health.php")).body).toEqual({ ok: true });
  });

  it("answers a sent message with success and charges it once", async () => {
    const before = await ledgerOf(a.id);
    const started = performance.now();
    const res = await send(a.client, b.id, "sent while Redis is down");
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    const after = await ledgerOf(a.id);
    expect(after.charges).toBe(before.charges + 1);
    expect(after.credits).toBe(before.credits - (after.spent - before.spent));
    expect(res.body.credits).toBe(after.credits);
    // Nothing waited for Redis, not even one command timeout (a send takes tens of ms; it took 5 s before).
    expect(took).toBeLessThan(COMMAND_TIMEOUT_MS);
  });

  it("answers gifts, chat photos, likes, swipes, reads and profile changes with success", async () => {
    const c = await one.loggedIn();
    const gift = await a.client.post<SendMessageResponse>("/api/gift.php", { to: b.id, gift: "rose" });
    expect(gift.status).toBe(200);
    const photo = await a.client.upload<SendMessageResponse>(`/api/chatphoto.php?to=${b.id}`, "photo", await makeJpeg());
    expect(photo.status).toBe(200);
    expect((await a.client.post("/api/like.php", { id: c.id })).status).toBe(200);
    expect((await b.client.post("/api/swipe.php", { id: c.id, action: "like" })).status).toBe(200);
    expect((await b.client.get(`/api/chat.php?id=${gift.body.message.conversation}`)).status).toBe(200);
    expect((await c.client.put("/api/profile.php", { personal_text: "Written while Redis was down." })).status).toBe(200);
    expect((await c.client.get("/api/logout.php")).status).toBe(200);
  });

  it("lets the other member read the new message by polling", async () => {
    const chats = await b.client.get<ChatsResponse>("/api/chats.php");
    expect(chats.status).toBe(200);
    const withA = chats.body.chats.find((chat) => chat.member.id === a.id);
    expect(withA?.last_message).toBeTruthy();
    const conversation = await b.client.get<{ messages: { body: string }[] }>(`/api/chat.php?member=${a.id}`);
    expect(conversation.body.messages.map((m) => m.body)).toContain("sent while Redis is down");
  });

  it("shows another instance the member's new balance, not a copy it cached before", async () => {
    await untilRedis(two, "down");
    expect((await aOnTwo.get<{ user: { credits: number } }>("/api/user.php")).body.user.credits).toBe((await ledgerOf(a.id)).credits);
  });

  it("logs in and signs up", async () => {
    const m = await createMember(one.testDb.database.db, one.site.id);
    const login = await one.client().post<{ user: { email: string } }>("/api/user.php", { email: m.email, password: m.password });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(m.email);
    const signup = await one.client().post<{ user: { email: string } }>("/api/signup.php", {
      email: "while-down@example.com",
      name: "Anna",
      password: strongPassword,
      date_of_birth: "1995-06-01",
    });
    expect(signup.status).toBe(200);
    expect(signup.body.user.email).toBe("while-down@example.com");
  });

  it("keeps an address locked that was locked before Redis stopped, even with the right password", async () => {
    const res = await two.client().post<ErrorBody>("/api/user.php", { email: lockedEmail, password: "correct horse" });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("too_many_attempts");
  });

  it("counts wrong passwords on from where they were before Redis stopped", async () => {
    for (let i = 0; i < 2; i++) await one.client().post("/api/user.php", { email: halfLocked.email, password: "wrong password" });
    const res = await one.client().post<ErrorBody>("/api/user.php", { email: halfLocked.email, password: halfLocked.password });
    expect(res.status).toBe(429);
  });
});

describe("when Redis is back", () => {
  beforeAll(async () => {
    await redis.start();
  });

  it("reports Redis up again without a restart of the app", async () => {
    await untilRedis(one, "up");
    const ready = await untilRedis(two, "up");
    expect(ready).toEqual({ ok: true, draining: false, checks: { database: "up", redis: "up", bucket: "not_configured" } });
  });

  it("delivers live events again from one instance to a page on another", async () => {
    const page = await openPage(two, b.client);
    await send(a.client, b.id, "live again");
    expect(await page.message("live again")).toMatchObject({ message: { sender: a.id } });
    page.socket.close();
  });

  it("drops a member cached on another instance again when they change, also on an instance started while Redis was down", async () => {
    await redis.stop();
    await untilRedis(one, "down");
    const three = await startTestApp({ env, redis: redisOptions, testDb: one.testDb, withSite: false });
    try {
      await redis.start();
      for (const app of [one, two, three]) await untilRedis(app, "up");
      for (const app of [two, three]) {
        const aThere = app.client({ cookie: `auth=${a.client.cookies.get("auth")}` });
        const cached = (await aThere.get<{ user: { credits: number } }>("/api/user.php")).body.user.credits;
        const sent = await send(a.client, b.id, "changes the balance");
        expect(sent.body.credits).toBeLessThan(cached);
        // The member cache lives 60 s here: only the other instance's word makes this fresh.
        expect((await aThere.get<{ user: { credits: number } }>("/api/user.php")).body.user.credits).toBe(sent.body.credits);
      }
    } finally {
      await three.close();
    }
  });

  it("still counts the wrong passwords tried while Redis was down", async () => {
    const m = await createMember(one.testDb.database.db, one.site.id);
    await redis.stop();
    await untilRedis(one, "down");
    for (let i = 0; i < 5; i++) await one.client().post("/api/user.php", { email: m.email, password: "wrong password" });
    await redis.start();
    await untilRedis(one, "up");
    const res = await one.client().post<ErrorBody>("/api/user.php", { email: m.email, password: m.password });
    expect(res.status).toBe(429);
  });
});
