import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import { type ServerEvent, SOCKET_CLOSE } from "../../src/common/schemas/realtime";
import { createMember } from "../support/factories";
import { connect, type LivePage, socketUrl } from "../support/liveSocket";
import { startTestApp, type TestApp, TestClient } from "../support/testApp";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";

// Two instances on one database and one Redis, the second restarted as a rolling deploy does: on
// shutdown it answers not ready, tells its pages to reconnect (1012) and stops taking connections;
// its members go on through the first instance (the balancer's part, played here by the test) and
// come back to the restarted one. Every message arrives, once, in order.

let testDb: TestDatabase;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  one = await startTestApp({ testDb });
  two = await startTestApp({ testDb, withSite: false });
});

afterAll(async () => {
  await two?.close();
  await one?.close();
  await testDb?.drop();
});

/** The member's browser, pointed at an instance (the balancer's choice) with the member's cookies. */
const browserOn = (app: TestApp, cookies: Map<string, string>) => new TestClient(app.baseUrl, { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") });

async function messagesOf(client: TestClient, member: number): Promise<string[]> {
  const res = await client.get<ConversationResponse>(`/api/chat.php?member=${member}`);
  expect(res.status).toBe(200);
  return res.body.messages.map((m) => m.body);
}

async function liveMessage(page: LivePage, body: string): Promise<ServerEvent> {
  for (let i = 0; i < 200; i++) {
    const found = page.events.find((e) => e.type === "message" && e.message.body === body);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no live message "${body}"`);
}

describe.skipIf(!process.env.TEST_REDIS_URL)("a rolling restart of one of two instances", () => {
  it("keeps a member's chat working: messages sent before, during and after the restart all arrive, once", async () => {
    const a = await createMember(testDb.database.db, one.site.id, { credits: 500, paidUser: true });
    const b = await createMember(testDb.database.db, one.site.id, { credits: 500, paidUser: true });
    const aClient = one.client();
    await aClient.post("/api/user.php", { email: a.email, password: a.password });
    const bOnTwo = two.client();
    await bOnTwo.post("/api/user.php", { email: b.email, password: b.password });
    const send = (text: string) => aClient.post<SendMessageResponse>("/api/chat.php", { to: b.user.id, text });

    const bPage = await connect(two, bOnTwo);
    expect((await send("before the restart")).status).toBe(200);
    await liveMessage(bPage, "before the restart");

    // The deploy stops the second instance; a message is sent while it shuts down.
    const stopping = two.server.close();
    const during = send("during the restart");
    expect(await bPage.closed).toBe(SOCKET_CLOSE.serviceRestart);
    expect((await during).status).toBe(200);
    await stopping;
    await expect(fetch(`${two.baseUrl}/api/health.php`)).rejects.toThrow();

    // The page reconnects; the balancer sends it to the instance still running, which has the message.
    const bOnOne = browserOn(one, bOnTwo.cookies);
    const bPageOnOne = await connect(one, bOnOne);
    expect(await messagesOf(bOnOne, a.user.id)).toEqual(["before the restart", "during the restart"]);
    expect((await send("while one instance is left")).status).toBe(200);
    await liveMessage(bPageOnOne, "while one instance is left");

    // The restarted instance comes back (on the same database and Redis) and takes the member again.
    two = await startTestApp({ testDb, withSite: false });
    expect((await two.client().get("/api/ready")).status).toBe(200);
    const bOnNewTwo = browserOn(two, bOnTwo.cookies);
    const bPageOnTwo = await connect(two, bOnNewTwo);
    expect((await send("after the restart")).status).toBe(200);
    await liveMessage(bPageOnTwo, "after the restart");
    const reply = await bOnNewTwo.post<SendMessageResponse>("/api/chat.php", { to: a.user.id, text: "all here" });
    expect(reply.status).toBe(200);

    expect(await messagesOf(aClient, b.user.id)).toEqual([
      "before the restart",
      "during the restart",
      "while one instance is left",
      "after the restart",
      "all here",
    ]);
    bPageOnOne.socket.close();
    bPageOnTwo.socket.close();
  });

  it("answers not ready while shutting down and refuses new live connections with 1012", async () => {
    const three = await startTestApp({ testDb, withSite: false });
    const m = await createMember(testDb.database.db, three.site.id);
    const client = three.client();
    await client.post("/api/user.php", { email: m.email, password: m.password });
    three.server.readiness.drain();
    const ready = await three.client().get("/api/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, draining: true });
    three.server.realtime.shutDown();
    const socket = new WebSocket(socketUrl(three), { headers: { cookie: `auth=${client.cookies.get("auth")}`, origin: three.siteUrl } });
    expect(await new Promise((resolve) => socket.on("close", resolve))).toBe(SOCKET_CLOSE.serviceRestart);
    await three.close();
  });
});
