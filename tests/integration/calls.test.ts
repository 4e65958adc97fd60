import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../src/common/schemas/calls";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import type { ServerEvent } from "../../src/common/schemas/realtime";
import { createMember, createSite } from "../support/factories";
import { startFakePushService } from "../support/fakePushService";
import { connect, type LivePage } from "../support/liveSocket";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

// Video and voice calls (issue 22): rung, answered and ended over HTTP, every change told to both
// members over the socket, WebRTC's signals relayed between the two members of a live call only.

let testDb: TestDatabase;
// The site every test's instance serves (withSite: false): made here, so that any test runs alone.
beforeAll(async () => {
  testDb = await createTestDatabase();
  await createSite(testDb.database.db);
});
afterAll(async () => {
  await testDb?.drop();
});

async function loggedIn(app: TestApp, options: { credits?: number; paidUser?: boolean } = {}): Promise<{ client: TestClient; id: number }> {
  const m = await createMember(testDb.database.db, app.site.id, options);
  const client = app.client();
  await client.post("/api/user.php", { email: m.email, password: m.password });
  return { client, id: m.user.id };
}

/** Two members with a conversation: a premium caller and a callee. */
async function pair(app: TestApp, callerCredits = 50) {
  const caller = await loggedIn(app, { credits: callerCredits, paidUser: true });
  const callee = await loggedIn(app, { credits: 50 });
  const sent = await caller.client.post<SendMessageResponse>("/api/chat.php", { to: callee.id, text: "Hello" });
  return { caller, callee, conversation: sent.body.message.conversation };
}

/** The next event of a type that matches, waiting up to two seconds. */
async function eventOf(page: LivePage, match: (e: ServerEvent) => boolean): Promise<ServerEvent> {
  for (let i = 0; i < 200; i++) {
    const found = page.events.find(match);
    if (found) {
      page.events.splice(page.events.indexOf(found), 1);
      return found;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("no such event");
}

const callEvent = (status: string) => (e: ServerEvent) => e.type === "call" && e.call.status === status;

describe("calls", () => {
  it("rings the callee, relays the offer, answer and candidates between the two only, and leaves the call's entry in both chats", async () => {
    const app = await startTestApp({ testDb, withSite: false });
    try {
      const { caller, callee, conversation } = await pair(app);
      const stranger = await loggedIn(app, { paidUser: true, credits: 50 });
      const [callerPage, calleePage, strangerPage] = await Promise.all([
        connect(app, caller.client),
        connect(app, callee.client),
        connect(app, stranger.client),
      ]);

      const rung = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "video" });
      expect(rung.status).toBe(200);
      const id = rung.body.call.id;
      const ring = await eventOf(calleePage, callEvent("ringing"));
      expect(ring).toMatchObject({ call: { id, caller: caller.id, callee: callee.id, media: "video", partner: { id: caller.id } } });
      expect((await callee.client.get<{ call: Call | null }>("/api/call.php")).body.call?.id).toBe(id);

      // Nothing is relayed before the answer, nor for anyone but the two.
      callerPage.socket.send(JSON.stringify({ type: "call-signal", call: id, signal: { type: "offer", sdp: "v=0 early" } }));
      // Only the callee answers.
      expect((await caller.client.post("/api/callanswer.php", { call: id, accept: true })).status).toBe(409);
      expect((await stranger.client.post("/api/callanswer.php", { call: id, accept: true })).status).toBe(404);
      const answered = await callee.client.post<{ call: Call }>("/api/callanswer.php", { call: id, accept: true });
      expect(answered.body.call.status).toBe("active");
      await eventOf(callerPage, callEvent("active"));

      const offer = { type: "offer", sdp: `v=0\r\n${"a=x\r\n".repeat(1500)}` };
      callerPage.socket.send(JSON.stringify({ type: "call-signal", call: id, signal: offer }));
      expect(await eventOf(calleePage, (e) => e.type === "call-signal")).toEqual({ type: "call-signal", call: id, signal: offer });
      const candidate = { type: "candidate", candidate: "candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host", sdpMid: "0", sdpMLineIndex: 0 };
      calleePage.socket.send(JSON.stringify({ type: "call-signal", call: id, signal: candidate }));
      expect(await eventOf(callerPage, (e) => e.type === "call-signal")).toEqual({ type: "call-signal", call: id, signal: candidate });
      strangerPage.socket.send(JSON.stringify({ type: "call-signal", call: id, signal: { type: "answer", sdp: "v=0 forged" } }));
      // An over-long description is dropped too.
      callerPage.socket.send(JSON.stringify({ type: "call-signal", call: id, signal: { type: "offer", sdp: "x".repeat(12_001) } }));
      await new Promise((r) => setTimeout(r, 200));
      expect(calleePage.events.filter((e) => e.type === "call-signal")).toEqual([]);
      expect(callerPage.events.filter((e) => e.type === "call-signal")).toEqual([]);
      expect(strangerPage.events.filter((e) => e.type === "call" || e.type === "call-signal")).toEqual([]);

      await new Promise((r) => setTimeout(r, 50));
      const ended = await callee.client.post<{ call: Call }>("/api/callend.php", { call: id });
      expect(ended.body.call.status).toBe("ended");
      await eventOf(callerPage, callEvent("ended"));
      for (const page of [callerPage, calleePage]) {
        const entry = await eventOf(page, (e) => e.type === "message" && e.message.kind === "call");
        expect(entry).toMatchObject({ message: { sender: caller.id, call: { media: "video", outcome: "ended" } } });
        expect(entry.type === "message" && (entry.message.call?.duration_ms ?? -1) >= 50).toBe(true);
      }
      // Ended once: ending again is refused, and the entry stays in the chat after a reload.
      expect((await caller.client.post("/api/callend.php", { call: id })).status).toBe(409);
      const reloaded = await callee.client.get<ConversationResponse>(`/api/chat.php?id=${conversation}`);
      expect(reloaded.body.messages.at(-1)).toMatchObject({ kind: "call", call: { media: "video", outcome: "ended" } });
      const exported = await caller.client.get<{ messages: Array<{ kind: string; body: string; call_media: string | null }> }>("/api/my-data.php");
      expect(exported.body.messages.at(-1)).toMatchObject({ kind: "call", body: "ended", call_media: "video" });
      for (const page of [callerPage, calleePage, strangerPage]) page.socket.close();
    } finally {
      await app.close();
    }
  });

  it("tells the caller a declined call, and both members a cancelled one as missed for the callee", async () => {
    const app = await startTestApp({ testDb, withSite: false });
    try {
      const { caller, callee, conversation } = await pair(app);
      const callerPage = await connect(app, caller.client);
      const first = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "voice" });
      await callee.client.post("/api/callanswer.php", { call: first.body.call.id, accept: false });
      await eventOf(callerPage, callEvent("declined"));
      const second = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "voice" });
      expect((await caller.client.post<{ call: Call }>("/api/callend.php", { call: second.body.call.id })).body.call.status).toBe("cancelled");
      const messages = (await callee.client.get<ConversationResponse>(`/api/chat.php?id=${conversation}`)).body.messages;
      expect(messages.filter((m) => m.kind === "call").map((m) => m.call)).toEqual([
        { media: "voice", outcome: "declined", duration_ms: null },
        { media: "voice", outcome: "cancelled", duration_ms: null },
      ]);
      callerPage.socket.close();
    } finally {
      await app.close();
    }
  });

  it("turns a call nobody answers into a missed call when the ringing times out", async () => {
    const app = await startTestApp({ testDb, withSite: false, calls: { ringMs: 300, sweepMs: 100 } });
    try {
      const { caller, callee, conversation } = await pair(app);
      const calleePage = await connect(app, callee.client);
      await caller.client.post("/api/call.php", { conversation, media: "video" });
      await eventOf(calleePage, callEvent("ringing"));
      expect(await eventOf(calleePage, callEvent("missed"))).toBeTruthy();
      expect(await eventOf(calleePage, (e) => e.type === "message" && e.message.call?.outcome === "missed")).toBeTruthy();
      calleePage.socket.close();
    } finally {
      await app.close();
    }
  });

  it("tells a callee who missed the call on their phone, in their language, and not of a call they answered", async () => {
    const pushService = await startFakePushService();
    const app = await startTestApp({ testDb, withSite: false, calls: { ringMs: 300, sweepMs: 100 } });
    try {
      const { caller, callee, conversation } = await pair(app);
      await callee.client.post("/api/user.php?push=1", pushService.subscription("callee-phone"));
      const pushes = async () => {
        await app.server.worker.drain();
        return pushService.to("callee-phone").map((p) => p.message);
      };
      // Answered and ended: nothing to tell.
      const answered = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "voice" });
      await callee.client.post("/api/callanswer.php", { call: answered.body.call.id, accept: true });
      await caller.client.post("/api/callend.php", { call: answered.body.call.id });
      // Rung until nobody answered.
      await caller.client.post("/api/call.php", { conversation, media: "video" });
      await expect.poll(pushes, { timeout: 5000 }).toHaveLength(1);
      const [missed] = await pushes();
      expect(missed).toMatchObject({ kind: "message", title: "Missed call", conversation, tag: `chat-${conversation}` });
      expect(missed.body).toMatch(/^You missed a call from .+\.$/);
      expect(missed.url).toMatch(new RegExp(`^https?://[^/]+/chats/${conversation}$`));
      // Rung and given up by the caller: missed all the same, in the callee's language.
      await callee.client.put("/api/user.php", { language: "de" });
      const cancelled = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "voice" });
      await caller.client.post("/api/callend.php", { call: cancelled.body.call.id });
      await expect.poll(pushes, { timeout: 5000 }).toHaveLength(2);
      expect((await pushes())[1]).toMatchObject({ title: "Verpasster Anruf" });
      expect((await pushes())[1].body).toMatch(/^Du hast einen Anruf von .+ verpasst\.$/);
    } finally {
      await app.close();
      await pushService.close();
    }
  });

  it("keeps calls for premium members, members who may write to each other, and one call at a time", async () => {
    const app = await startTestApp({ testDb, withSite: false });
    try {
      const { caller, callee, conversation } = await pair(app);
      // The free member may answer but not ring.
      const refused = await callee.client.post<{ error: { code: string } }>("/api/call.php", { conversation, media: "video" });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("premium_only");
      // Someone else's conversation does not exist for a third member.
      const stranger = await loggedIn(app, { paidUser: true, credits: 50 });
      expect((await stranger.client.post("/api/call.php", { conversation, media: "video" })).status).toBe(404);
      // Busy while a call rings.
      const ringing = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "video" });
      const busy = await caller.client.post<{ error: { code: string; message: string } }>("/api/call.php", { conversation, media: "voice" });
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe("call_busy");
      await caller.client.post("/api/callend.php", { call: ringing.body.call.id });
      // A block either way ends calling: the blocked caller is told (as everywhere) that the member blocked them.
      await callee.client.post("/api/block.php", { id: caller.id });
      const blocked = await caller.client.post<{ error: { code: string } }>("/api/call.php", { conversation, media: "video" });
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe("blocked_by");
      // And a member cannot call someone they blocked.
      await callee.client.del(`/api/block.php?id=${caller.id}`);
      await caller.client.post("/api/block.php", { id: callee.id });
      expect((await caller.client.post("/api/call.php", { conversation, media: "video" })).status).toBe(404);
      // Bad input answers a clear 400.
      const bad = await caller.client.post<{ error: { code: string } }>("/api/call.php", { conversation, media: "fax" });
      expect(bad.status).toBe(400);
    } finally {
      await app.close();
    }
  });

  it("ends a live call at once when one member blocks the other", async () => {
    const app = await startTestApp({ testDb, withSite: false });
    try {
      const { caller, callee, conversation } = await pair(app);
      const callerPage = await connect(app, caller.client);
      const rung = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "video" });
      await callee.client.post("/api/callanswer.php", { call: rung.body.call.id, accept: true });
      await eventOf(callerPage, callEvent("active"));
      await callee.client.post("/api/block.php", { id: caller.id });
      await eventOf(callerPage, callEvent("ended"));
      // Nothing is relayed any more.
      callerPage.socket.send(JSON.stringify({ type: "call-signal", call: rung.body.call.id, signal: { type: "offer", sdp: "v=0" } }));
      expect((await callee.client.get<{ call: Call | null }>("/api/call.php")).body.call).toBeNull();
      callerPage.socket.close();
    } finally {
      await app.close();
    }
  });

  it("charges the caller every started minute through the ledger and ends the call for both when the credits run out", async () => {
    const app = await startTestApp({ testDb, withSite: false, calls: { minuteMs: 400, sweepMs: 50 } });
    try {
      await testDb.database.db.execute(
        // The site's price of a started minute (sites.settings: an operator's setting).
        (await import("drizzle-orm")).sql`UPDATE sites SET settings = settings || '{"call_minute_credits": 5}'::jsonb WHERE id = ${app.site.id}`,
      );
      const { caller, callee, conversation } = await pair(app, 22);
      // The first message cost 10 of the 22 credits: 12 left, two minutes' worth.
      const [callerPage, calleePage] = await Promise.all([connect(app, caller.client), connect(app, callee.client)]);
      const rung = await caller.client.post<{ call: Call }>("/api/call.php", { conversation, media: "voice" });
      expect(rung.body.call.minute_credits).toBe(5);
      await callee.client.post("/api/callanswer.php", { call: rung.body.call.id, accept: true });
      for (const page of [callerPage, calleePage]) await eventOf(page, callEvent("no_credits"));
      const entry = await eventOf(calleePage, (e) => e.type === "message" && e.message.kind === "call");
      expect(entry).toMatchObject({ message: { call: { outcome: "no_credits" } } });
      const ledger = await caller.client.get<{ messages: unknown; credit_ledger: Array<{ delta: number; reason: string; balance_after: number }> }>(
        "/api/my-data.php",
      );
      const rows = (ledger.body.credit_ledger ?? []).filter((r) => r.reason === "call");
      expect(rows.map((r) => [r.delta, r.balance_after])).toEqual([
        [-5, 7],
        [-5, 2],
      ]);
      callerPage.socket.close();
      calleePage.socket.close();
    } finally {
      await app.close();
    }
  });
});
