import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import { createMember } from "../support/factories";
import { connect, socketUrl } from "../support/liveSocket";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

async function loggedIn(app: TestApp, credits = 0): Promise<{ client: TestClient; id: number }> {
  const m = await createMember(testDb.database.db, app.site.id, { credits });
  const client = app.client();
  await client.post("/api/user.php", { email: m.email, password: m.password });
  return { client, id: m.user.id };
}

describe("live events over the WebSocket", () => {
  it("delivers a new message, typing, a read receipt and a like to the other member at once", async () => {
    const app = await startTestApp({ testDb });
    try {
      const a = await loggedIn(app, 50);
      const b = await loggedIn(app);
      const bPage = await connect(app, b.client);
      const aPage = await connect(app, a.client);
      const started = Date.now();
      const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Live!" });
      const arrived = await bPage.next("message");
      expect(Date.now() - started).toBeLessThan(1000);
      expect(arrived).toMatchObject({ type: "message", message: { body: "Live!", sender: a.id } });

      aPage.socket.send(JSON.stringify({ type: "typing", conversation: sent.body.message.conversation }));
      expect(await bPage.next("typing")).toEqual({ type: "typing", conversation: sent.body.message.conversation, from: a.id });

      await b.client.get(`/api/chat.php?id=${sent.body.message.conversation}`);
      expect(await aPage.next("read")).toMatchObject({ type: "read", by: b.id, up_to: sent.body.message.id });

      await a.client.post("/api/like.php", { id: b.id });
      expect(await bPage.next("like")).toEqual({ type: "like", from: a.id, match: false });
      aPage.socket.close();
      bPage.socket.close();
    } finally {
      await app.close();
    }
  });

  it("sends a read receipt only when the reader's position moves, so two open chats cannot reload each other forever", async () => {
    const app = await startTestApp({ testDb, withSite: false });
    try {
      const a = await loggedIn(app, 50);
      const b = await loggedIn(app, 50);
      const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "one" });
      const conversation = sent.body.message.conversation;
      const aPage = await connect(app, a.client);
      const bPage = await connect(app, b.client);
      // Both have the conversation open, and a broken client reloads it on every read receipt.
      for (let i = 0; i < 5; i++) {
        await b.client.get(`/api/chat.php?id=${conversation}`);
        await a.client.get(`/api/chat.php?id=${conversation}`);
      }
      await new Promise((r) => setTimeout(r, 200));
      // B read A's message once: one receipt for A. A had nothing new to read: none for B.
      expect(aPage.events.filter((e) => e.type === "read")).toEqual([{ type: "read", conversation, by: b.id, up_to: sent.body.message.id }]);
      expect(bPage.events.filter((e) => e.type === "read")).toEqual([]);

      // A new message is news again: one more receipt once B reads it.
      const second = await a.client.post<SendMessageResponse>("/api/chat.php", { conversation, text: "two" });
      await b.client.get(`/api/chat.php?id=${conversation}`);
      await b.client.get(`/api/chat.php?id=${conversation}`);
      await new Promise((r) => setTimeout(r, 200));
      expect(aPage.events.filter((e) => e.type === "read").map((e) => e.type === "read" && e.up_to)).toEqual([sent.body.message.id, second.body.message.id]);
      aPage.socket.close();
      bPage.socket.close();
    } finally {
      await app.close();
    }
  });

  it("refuses a socket without a session, and typing into someone else's conversation reaches no one", async () => {
    const app = await startTestApp({ testDb, withSite: false });
    try {
      const anonymous = new WebSocket(socketUrl(app), { origin: app.baseUrl });
      const code = await new Promise<number>((resolve) => anonymous.on("close", (c) => resolve(c)));
      expect(code).toBe(4401);

      const a = await loggedIn(app, 50);
      const b = await loggedIn(app);
      const intruder = await loggedIn(app);
      const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "private" });
      const bPage = await connect(app, b.client);
      const intruderPage = await connect(app, intruder.client);
      intruderPage.socket.send(JSON.stringify({ type: "typing", conversation: sent.body.message.conversation }));
      intruderPage.socket.send("not json at all");
      await new Promise((r) => setTimeout(r, 200));
      expect(bPage.events.filter((e) => e.type === "typing")).toEqual([]);
      bPage.socket.close();
      intruderPage.socket.close();
    } finally {
      await app.close();
    }
  });

  // Two instances share PostgreSQL and hear each other through Redis.
  it.skipIf(!process.env.TEST_REDIS_URL)("reaches a member connected to another instance", async () => {
    const one = await startTestApp({ testDb, withSite: false });
    const two = await startTestApp({ testDb, withSite: false });
    try {
      const a = await loggedIn(one, 50);
      const b = await loggedIn(two);
      const bPage = await connect(two, b.client);
      await a.client.post("/api/chat.php", { to: b.id, text: "across instances" });
      expect(await bPage.next("message")).toMatchObject({ message: { body: "across instances" } });
      bPage.socket.close();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
