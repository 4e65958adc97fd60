import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SOCKET_MAX_PAYLOAD_BYTES, SOCKETS_PER_MEMBER } from "../../src/common/constants";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import { SOCKET_CLOSE } from "../../src/common/schemas/realtime";
import { connect, refusal, socketUrl } from "../support/liveSocket";
import { appForFile, startTestApp, type TestApp } from "../support/testApp";

// The live socket's limits (issue 15): who may open one, how much a socket may send, how many a
// member holds, and when an idle one is dropped.

let app: TestApp;
appForFile((started) => (app = started));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two members with a conversation, each with a page open. */
async function twoInConversation(on: TestApp = app) {
  const a = await on.loggedIn({ credits: 50 });
  const b = await on.loggedIn();
  const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Hello" });
  const aPage = await connect(on, a.client);
  const bPage = await connect(on, b.client);
  return { a, b, aPage, bPage, conversation: sent.body.message.conversation };
}

describe("who may open the live socket", () => {
  it("refuses, before any socket opens, an upgrade from another site's page or without an Origin", async () => {
    const member = await app.loggedIn();
    const cookie = `auth=${member.client.cookies.get("auth")}`;
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
      const outcome = await refusal(new WebSocket(socketUrl(app), { headers: { cookie, origin } }));
      expect(outcome, origin).toEqual({ status: 403, opened: false });
    }
    const withoutOrigin = await refusal(new WebSocket(socketUrl(app), { headers: { cookie } }));
    expect(withoutOrigin).toEqual({ status: 403, opened: false });
  });

  it("accepts the site's own origin, whether the page was opened as localhost or 127.0.0.1", async () => {
    const member = await app.loggedIn();
    const port = new URL(app.baseUrl).port;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const page = await connect(app, member.client, { headers: { origin } });
      page.socket.close();
    }
  });
});

describe("a socket that floods the server", () => {
  it("passes on one typing event of 50,000, is closed, and another member's request still answers at once", async () => {
    const { aPage, bPage, conversation } = await twoInConversation();
    const other = await app.loggedIn();
    const typing = JSON.stringify({ type: "typing", conversation });
    for (let i = 0; i < 50_000; i++) aPage.socket.send(typing);
    // Meanwhile another member uses the site (the 50,000 events used to hold it up for seconds).
    const started = performance.now();
    const answer = await other.client.get("/api/user.php");
    const took = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(took, `GET /api/user.php took ${took.toFixed(0)} ms during the flood`).toBeLessThan(1000);
    expect(await aPage.closed).toBe(SOCKET_CLOSE.flooding);
    await sleep(300);
    expect(bPage.events.filter((e) => e.type === "typing")).toHaveLength(1);
    bPage.socket.close();
  });

  it("passes a member's typing on once per conversation every 2 seconds, and keeps a socket that types at a human pace", async () => {
    const { aPage, bPage, conversation } = await twoInConversation();
    // A keystroke every 150 ms for 2.5 s (a client that does not coalesce at all).
    for (let i = 0; i < 17; i++) {
      aPage.socket.send(JSON.stringify({ type: "typing", conversation }));
      await sleep(150);
    }
    await sleep(200);
    expect(bPage.events.filter((e) => e.type === "typing")).toHaveLength(2);
    expect(aPage.socket.readyState).toBe(WebSocket.OPEN);
    aPage.socket.close();
    bPage.socket.close();
  });

  it("closes a socket that sends a frame over the size limit with 1009, and the member's other page keeps working", async () => {
    const { a, aPage, bPage, conversation } = await twoInConversation();
    const otherTab = await connect(app, a.client);
    aPage.socket.send("x".repeat(SOCKET_MAX_PAYLOAD_BYTES + 1));
    expect(await aPage.closed).toBe(SOCKET_CLOSE.tooBig);
    otherTab.socket.send(JSON.stringify({ type: "typing", conversation }));
    expect(await bPage.next("typing")).toEqual({ type: "typing", conversation, from: a.id });
    otherTab.socket.close();
    bPage.socket.close();
  });
});

describe("sockets per member", () => {
  it(`closes the oldest of a member's sockets with 4429 when a ${SOCKETS_PER_MEMBER + 1}th opens, and the others keep getting events`, async () => {
    const a = await app.loggedIn({ credits: 50 });
    const b = await app.loggedIn();
    const pages = [];
    for (let i = 0; i < SOCKETS_PER_MEMBER; i++) pages.push(await connect(app, b.client));
    const newest = await connect(app, b.client);
    expect(await pages[0].closed).toBe(SOCKET_CLOSE.tooManySockets);
    await a.client.post("/api/chat.php", { to: b.id, text: "Still there?" });
    for (const page of [...pages.slice(1), newest]) expect(await page.next("message")).toMatchObject({ message: { body: "Still there?" } });
    expect(pages[0].events).toEqual([]);
    for (const page of [...pages, newest]) page.socket.close();
  });
});

describe("sockets of ended sessions", () => {
  it("close (4401) when the member logs out their other devices, and the member's own socket stays", async () => {
    const member = await app.loggedIn();
    const phone = app.client();
    expect((await phone.post("/api/user.php", { email: member.email, password: "correct horse" })).status).toBe(200);
    const here = await connect(app, member.client);
    const there = await connect(app, phone);
    expect((await member.client.del("/api/sessions.php?others=1")).status).toBe(200);
    expect(await there.closed).toBe(SOCKET_CLOSE.unauthenticated);
    await sleep(100);
    expect(here.socket.readyState).toBe(WebSocket.OPEN);
    here.socket.close();
  });
});

describe("idle sockets", () => {
  it("are dropped when they answer no ping and send nothing for a heartbeat round; live ones stay", async () => {
    const short = await startTestApp({ testDb: app.testDb, withSite: false, realtime: { heartbeatMs: 200, heartbeatSlices: 2 } });
    try {
      const member = await short.loggedIn();
      const answering = await connect(short, member.client);
      const silent = await connect(short, member.client, { autoPong: false });
      const talking = await connect(short, member.client, { autoPong: false });
      const talk = setInterval(() => talking.socket.send(JSON.stringify({ type: "ping" })), 50);
      const started = performance.now();
      expect(await silent.closed).toBe(1006);
      expect(performance.now() - started).toBeLessThan(1000);
      await sleep(600);
      clearInterval(talk);
      expect(answering.socket.readyState).toBe(WebSocket.OPEN);
      expect(talking.socket.readyState).toBe(WebSocket.OPEN);
      answering.socket.close();
      talking.socket.close();
    } finally {
      await short.close();
    }
  });
});
