import { describe, expect, it } from "vitest";
import type { ChatsResponse, ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import { rowsOf } from "../../src/server/db/client";
import { createMember, makeJpeg } from "../support/factories";
import { collect } from "../support/s3Server";
import { appForFile, type TestApp } from "../support/testApp";
import { sql } from "drizzle-orm";

let t: TestApp;
appForFile((app) => (t = app));

const loggedIn = (options?: Parameters<TestApp["loggedIn"]>[0]) => t.loggedIn(options);

interface ErrorBody {
  error: { code: string; message: string };
}

async function ledgerOf(userId: number) {
  const db = t.testDb.database.db;
  const [row] = rowsOf<{ sum: number; credits: number; negative: number }>(
    await db.execute(sql`SELECT coalesce((SELECT sum(delta) FROM credit_ledger WHERE user_id = ${userId}), 0)::int AS sum,
      (SELECT credits FROM users WHERE id = ${userId}) AS credits,
      (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${userId} AND balance_after < 0) AS negative`),
  );
  return row;
}

describe("paid messages", () => {
  it("charges the site's message price in the same transaction, and the ledger explains the balance", async () => {
    const a = await loggedIn({ credits: 20 });
    const b = await loggedIn();
    const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Hi <b>there</b>!" });
    expect(sent.status).toBe(200);
    expect(sent.body.credits).toBe(10);
    expect(sent.body.message).toMatchObject({ body: "Hi <b>there</b>!", kind: "text", read: false });
    expect(await ledgerOf(a.id)).toEqual({ sum: 10, credits: 10, negative: 0 });

    const bChats = await b.client.get<ChatsResponse>("/api/chats.php");
    expect(bChats.body.chats).toEqual([expect.objectContaining({ conversation: sent.body.message.conversation, profile: a.id, num_unread_messages: 1 })]);
    const opened = await b.client.get<ConversationResponse>(`/api/chat.php?id=${sent.body.message.conversation}`);
    expect(opened.body.messages.map((m) => m.body)).toEqual(["Hi <b>there</b>!"]);
    expect((await b.client.get<ChatsResponse>("/api/chats.php")).body.chats[0].num_unread_messages).toBe(0);
    // Read receipts: the sender sees that it was read.
    const mine = await a.client.get<ConversationResponse>(`/api/chat.php?member=${b.id}`);
    expect(mine.body.messages[0].read).toBe(true);
  });

  it("says when the credits do not suffice, and charges nothing", async () => {
    const a = await loggedIn({ credits: 5 });
    const b = await loggedIn();
    const res = await a.client.post<ErrorBody>("/api/chat.php", { to: b.id, text: "Hello" });
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe("You do not have enough credits");
    expect(await ledgerOf(a.id)).toEqual({ sum: 5, credits: 5, negative: 0 });
    expect((await b.client.get<ChatsResponse>("/api/chats.php")).body.chats).toEqual([]);
  });

  it("lets a free member start two conversations, and a premium member more", async () => {
    const free = await loggedIn({ credits: 100 });
    const premium = await loggedIn({ credits: 100, paidUser: true });
    const others = await Promise.all([0, 1, 2].map(() => loggedIn()));
    for (const other of others.slice(0, 2)) expect((await free.client.post("/api/chat.php", { to: other.id, text: "Hi" })).status).toBe(200);
    const third = await free.client.post<ErrorBody>("/api/chat.php", { to: others[2].id, text: "Hi" });
    expect(third.status).toBe(403);
    expect(third.body.error.message).toBe("This feature is only available for premium members.");
    // Writing on in a conversation already started costs credits but is no new conversation.
    expect((await free.client.post("/api/chat.php", { to: others[0].id, text: "Again" })).status).toBe(200);
    for (const other of others) expect((await premium.client.post("/api/chat.php", { to: other.id, text: "Hi" })).status).toBe(200);
  });

  it("never goes below zero, even when one member sends from three tabs at once", async () => {
    const a = await loggedIn({ credits: 30 });
    const b = await loggedIn();
    const tabs = [a.client, a.client, a.client];
    const results = await Promise.all(tabs.flatMap((tab, i) => [0, 1].map((j) => tab.post("/api/chat.php", { to: b.id, text: `tab ${i} message ${j}` }))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(3);
    expect(await ledgerOf(a.id)).toEqual({ sum: 0, credits: 0, negative: 0 });
    const history = await a.client.get<ConversationResponse>(`/api/chat.php?member=${b.id}`);
    expect(history.body.messages).toHaveLength(3);
  });

  it("makes one conversation when two members write their first messages to each other at once", async () => {
    const a = await loggedIn({ credits: 100, paidUser: true });
    const b = await loggedIn({ credits: 100, paidUser: true });
    const sent = await Promise.all([
      ...[0, 1, 2].map((i) => a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: `a ${i}` })),
      ...[0, 1, 2].map((i) => b.client.post<SendMessageResponse>("/api/chat.php", { to: a.id, text: `b ${i}` })),
    ]);
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(sent.map((r) => r.body.message.conversation)).size).toBe(1);
    const history = await a.client.get<ConversationResponse>(`/api/chat.php?member=${b.id}`);
    expect(history.body.messages).toHaveLength(6);
    expect((await b.client.get<ChatsResponse>("/api/chats.php")).body.chats).toEqual([expect.objectContaining({ profile: a.id })]);
  });

  it("sends every message when one member sends several at once, each with its own Idempotency-Key", async () => {
    const a = await loggedIn({ credits: 100, paidUser: true });
    const others = await Promise.all([0, 1, 2].map(() => loggedIn()));
    const sent = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        a.client.post<SendMessageResponse>("/api/chat.php", { to: others[i % 3].id, text: `at once ${i}` }, { "idempotency-key": `at-once-key-${a.id}-${i}` }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await ledgerOf(a.id)).toEqual({ sum: 40, credits: 40, negative: 0 });
  });

  it("sends and charges once for a retried request with the same Idempotency-Key", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    const key = "retry-key-12345";
    const [first, second] = await Promise.all(
      [0, 1].map(() => a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Once" }, { "idempotency-key": key })),
    );
    const third = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Once" }, { "idempotency-key": key });
    expect(first.body.message.id).toBe(second.body.message.id);
    expect(third.body.message.id).toBe(first.body.message.id);
    expect(await ledgerOf(a.id)).toEqual({ sum: 40, credits: 40, negative: 0 });
    expect((await a.client.get<ConversationResponse>(`/api/chat.php?member=${b.id}`)).body.messages).toHaveLength(1);
  });

  it("bounds a message by the site's message length", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    const long = await a.client.post<ErrorBody>("/api/chat.php", { to: b.id, text: "x".repeat(501) });
    expect(long.body.error.message).toBe("Your message may be at most 500 characters long.");
    expect((await a.client.post<ErrorBody>("/api/chat.php", { to: b.id, text: "   " })).body.error.code).toBe("message_empty");
  });
});

describe("who may write to whom", () => {
  it("refuses blocked members, unreachable ids and other members' conversations", async () => {
    const db = t.testDb.database.db;
    const a = await loggedIn({ credits: 100 });
    const blocker = await loggedIn({ credits: 100 });
    await blocker.client.post("/api/block.php", { id: a.id });
    expect((await a.client.post<ErrorBody>("/api/chat.php", { to: blocker.id, text: "Hi" })).status).toBe(403);
    const invisible = await createMember(db, t.site.id, { profile: { invisible: true } });
    for (const id of [invisible.user.id, 999999, a.id]) expect((await a.client.post("/api/chat.php", { to: id, text: "Hi" })).status, `to ${id}`).toBe(404);

    const c = await loggedIn({ credits: 100 });
    const d = await loggedIn();
    const theirs = await c.client.post<SendMessageResponse>("/api/chat.php", { to: d.id, text: "private" });
    const conversation = theirs.body.message.conversation;
    expect((await a.client.get(`/api/chat.php?id=${conversation}`)).status).toBe(404);
    expect((await a.client.post("/api/chat.php", { conversation, text: "intrude" })).status).toBe(404);
    expect((await a.client.del(`/api/chat.php?conversation=${conversation}`)).status).toBe(404);
    expect(await ledgerOf(a.id)).toEqual({ sum: 100, credits: 100, negative: 0 });
  });

  it("does not let a member reply to someone whose e-mail address is not confirmed yet", async () => {
    const x = await loggedIn({ credits: 50, status: "not_confirmed", name: "Xena" });
    const y = await loggedIn({ credits: 50 });
    expect((await x.client.post("/api/chat.php", { to: y.id, text: "Hello!" })).status).toBe(200);
    const reply = await y.client.post<ErrorBody>("/api/chat.php", { to: x.id, text: "Hi back" });
    expect(reply.status).toBe(403);
    expect(reply.body.error.message).toBe("Xena hasn't confirmed their e-mail address yet. You can reply as soon as they have.");
  });
});

describe("the conversation list", () => {
  it("removes a conversation at once, and a new message brings it back", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn({ credits: 50 });
    const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "one" });
    expect((await b.client.del(`/api/chat.php?conversation=${sent.body.message.conversation}`)).status).toBe(200);
    expect((await b.client.get<ChatsResponse>("/api/chats.php")).body.chats).toEqual([]);
    await a.client.post("/api/chat.php", { conversation: sent.body.message.conversation, text: "two" });
    expect((await b.client.get<ChatsResponse>("/api/chats.php")).body.chats[0]).toMatchObject({ num_unread_messages: 1, last_message: { body: "two" } });
  });
});

describe("gifts", () => {
  it("sends a gift of the catalogue for the site's gift price, and refuses unknown gifts or too few credits", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    const sent = await a.client.post<SendMessageResponse>("/api/gift.php", { to: b.id, gift: "rose" }, { "idempotency-key": "gift-key-123456" });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ credits: 20, message: { kind: "gift", body: "rose" } });
    const retried = await a.client.post<SendMessageResponse>("/api/gift.php", { to: b.id, gift: "rose" }, { "idempotency-key": "gift-key-123456" });
    expect(retried.body.message.id).toBe(sent.body.message.id);
    expect(await ledgerOf(a.id)).toEqual({ sum: 20, credits: 20, negative: 0 });
    expect((await a.client.post<ErrorBody>("/api/gift.php", { to: b.id, gift: "yacht" })).status).toBe(400);
    const poor = await a.client.post<ErrorBody>("/api/gift.php", { to: b.id, gift: "heart" });
    expect(poor.body.error.code).toBe("not_enough_credits");
    const seen = await b.client.get<ConversationResponse>(`/api/chat.php?member=${a.id}`);
    expect(seen.body.messages.map((m) => [m.kind, m.body])).toEqual([["gift", "rose"]]);
  });
});

describe("photos in chat", () => {
  // The first test stores the folder's first files; the second counts that a refused send adds none.
  it("sends a re-encoded photo for the site's photo price, shown only to the two members", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    const stranger = await loggedIn();
    const key = { "idempotency-key": "photo-key-1234567" };
    const sent = await a.client.upload<SendMessageResponse>(
      `/api/chatphoto.php?to=${b.id}`,
      "photo",
      await makeJpeg({ exif: true }),
      "p.jpg",
      "image/jpeg",
      key,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.credits).toBe(30);
    const photo = sent.body.message.photo;
    expect(sent.body.message.kind).toBe("photo");
    expect(photo?.url).toMatch(/^\/chatphotos\/[0-9a-f-]{36}\.jpg$/);

    // A retry with the same key sends and charges nothing more and keeps the first photo.
    const retried = await a.client.upload<SendMessageResponse>(`/api/chatphoto.php?to=${b.id}`, "photo", await makeJpeg(), "p.jpg", "image/jpeg", key);
    expect(retried.body.message.id).toBe(sent.body.message.id);
    expect(await ledgerOf(a.id)).toEqual({ sum: 30, credits: 30, negative: 0 });

    const seen = await b.client.get<ConversationResponse>(`/api/chat.php?member=${a.id}`);
    expect(seen.body.messages.map((m) => [m.kind, m.photo?.thumb])).toEqual([["photo", photo?.thumb]]);
    for (const client of [a.client, b.client]) {
      for (const url of [photo?.url, photo?.thumb]) {
        const res = await fetch(t.baseUrl + url, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toContain("private");
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
        // Re-encoded: the EXIF block of the upload is gone.
        expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
      }
    }
    expect((await stranger.client.get(photo?.url ?? "")).status).toBe(404);
    expect((await t.client().get(photo?.url ?? "")).status).toBe(404);
  });

  it("refuses what is not an image, and too few credits, storing nothing and charging nothing", async () => {
    const a = await loggedIn({ credits: 15 });
    const b = await loggedIn();
    const files = async () => (await collect(t.server.storage.list("chatphotos/"))).length;
    const before = await files();
    const text = await a.client.upload<ErrorBody>(`/api/chatphoto.php?to=${b.id}`, "photo", Buffer.from("<script>alert(1)</script>"), "x.jpg");
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe("not_an_image");
    const poor = await a.client.upload<ErrorBody>(`/api/chatphoto.php?to=${b.id}`, "photo", await makeJpeg());
    expect(poor.status).toBe(402);
    expect(poor.body.error.message).toBe("You do not have enough credits");
    expect(await ledgerOf(a.id)).toEqual({ sum: 15, credits: 15, negative: 0 });
    const db = t.testDb.database.db;
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${a.id}`));
    expect(n).toBe(0);
    expect(await files()).toBe(before);
  });

  it("does not let a member send a photo to someone who blocked them", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    await b.client.post("/api/block.php", { id: a.id });
    const res = await a.client.upload<ErrorBody>(`/api/chatphoto.php?to=${b.id}`, "photo", await makeJpeg());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("blocked_by");
    expect(await ledgerOf(a.id)).toEqual({ sum: 50, credits: 50, negative: 0 });
  });
});

describe("the conversation list's partners", () => {
  it("leaves out partners blocked either way and partners whose profile is disabled", async () => {
    const me = await loggedIn({ credits: 100 });
    const [kept, blockedByMe, blockingMe, leaving] = await Promise.all([loggedIn(), loggedIn(), loggedIn(), loggedIn()]);
    for (const partner of [kept, blockedByMe, blockingMe, leaving]) await me.client.post("/api/chat.php", { to: partner.id, text: "Hello" });
    await me.client.post("/api/block.php", { id: blockedByMe.id });
    await blockingMe.client.post("/api/block.php", { id: me.id });
    await t.testDb.database.db.execute(sql`UPDATE profiles SET status = 'disabled' WHERE id = ${leaving.id}`);
    const chats = (
      await me.client.get<{ chats: Array<{ profile: number; member: { name: string }; last_message: { body: string } | null }> }>("/api/chats.php")
    ).body.chats;
    expect(chats.map((c) => c.profile)).toEqual([kept.id]);
    expect(chats[0].last_message?.body).toBe("Hello");
  });
});

describe("the conversation list's answer", () => {
  it("gives each partner the same card as the rest of the API (age on today's date, photo paths) and the last message", async () => {
    const me = await loggedIn({ credits: 100 });
    const now = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const birthdayToday = iso(new Date(Date.UTC(now.getUTCFullYear() - 30, now.getUTCMonth(), now.getUTCDate())));
    const birthdayTomorrow = iso(new Date(Date.UTC(now.getUTCFullYear() - 30, now.getUTCMonth(), now.getUTCDate() + 1)));
    const partners = [
      await loggedIn({ profile: { dateOfBirth: birthdayToday, city: "Zwolle" } }),
      await loggedIn({ profile: { dateOfBirth: birthdayTomorrow } }),
    ];
    const upload = await partners[0].client.upload<{ photo: { id: string } }>("/api/photos.php", "photo", await makeJpeg(), "me.jpg");
    expect(upload.status).toBe(200);
    for (const p of partners) await me.client.post("/api/chat.php", { to: p.id, text: `Hi ${p.id} & "friends" <3` });

    const chats = (await me.client.get<ChatsResponse>("/api/chats.php")).body.chats;
    expect(chats.map((c) => c.profile)).toEqual([partners[1].id, partners[0].id]);
    for (const p of partners) {
      const item = chats.find((c) => c.profile === p.id);
      const view = (await me.client.get<{ profile: Record<string, unknown> }>(`/api/member.php?id=${p.id}`)).body.profile;
      const card = Object.fromEntries(
        ["id", "name", "age", "gender", "country", "region", "city", "main_image", "fictional", "verified"].map((k) => [k, view[k]]),
      );
      // The list keeps an item until its conversation changes: it tells no distance or activity, which would go stale.
      expect(item?.member).toEqual({ ...card, distance_km: null, activity: null });
      expect(item?.last_message).toMatchObject({
        conversation: item?.conversation,
        sender: me.id,
        kind: "text",
        body: `Hi ${p.id} & "friends" <3`,
        read: false,
      });
      expect(item?.last_message?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(chats.find((c) => c.profile === partners[0].id)?.member).toMatchObject({
      age: 30,
      city: "Zwolle",
      main_image: { filename: expect.stringMatching(/^\/photos\//) },
    });
    expect(chats.find((c) => c.profile === partners[1].id)?.member.age).toBe(29);
    // No conversations: an empty list.
    const lonely = await loggedIn();
    expect((await lonely.client.get<ChatsResponse>("/api/chats.php")).body).toEqual({ chats: [] });
  });
});
