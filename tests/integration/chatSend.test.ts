import { describe, expect, it } from "vitest";
import type { ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import { rowsOf } from "../../src/server/db/client";
import { makeJpeg } from "../support/factories";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";
import { sql } from "drizzle-orm";

// A message into an existing conversation, and a premium member's first, is one statement (chat.repo
// sendMessage); a free member's first message takes the longer steps in a transaction. These tests
// hold the one statement to the same rules under concurrency: exact balance, one charge per
// Idempotency-Key, the same answer for a retry, no deadlock with the longer steps.

let t: TestApp;
appForFile((app) => (t = app));

const loggedIn = (options?: Parameters<TestApp["loggedIn"]>[0]) => t.loggedIn(options);

async function ledgerOf(userId: number) {
  const [row] = rowsOf<{ sum: number; credits: number; rows: number; negative: number }>(
    await t.testDb.database.db.execute(sql`SELECT coalesce((SELECT sum(delta) FROM credit_ledger WHERE user_id = ${userId}), 0)::int AS sum,
      (SELECT credits FROM users WHERE id = ${userId}) AS credits,
      (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${userId}) AS rows,
      (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${userId} AND balance_after < 0) AS negative`),
  );
  return row;
}

const send = (client: TestClient, to: number, text: string, key?: string) =>
  client.post<SendMessageResponse>("/api/chat.php", { to, text }, key ? { "idempotency-key": key } : undefined);

async function historyOf(client: TestClient, partner: number) {
  return (await client.get<ConversationResponse>(`/api/chat.php?member=${partner}`)).body.messages;
}

describe("a message into an existing conversation", () => {
  it("never goes below zero when one member sends from three tabs at once", async () => {
    const a = await loggedIn({ credits: 40 });
    const b = await loggedIn();
    expect((await send(a.client, b.id, "first")).status).toBe(200);
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => send(a.client, b.id, `tab message ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(3);
    // The factory's grant and one ledger row per message.
    expect(await ledgerOf(a.id)).toEqual({ sum: 0, credits: 0, rows: 5, negative: 0 });
    expect(await historyOf(a.client, b.id)).toHaveLength(4);
    // The balances each answer reported are the ones the ledger went through.
    expect(
      results
        .filter((r) => r.status === 200)
        .map((r) => r.body.credits)
        .sort(),
    ).toEqual([0, 10, 20]);
  });

  it("stores every message when both members write at once, and both lists end on the newest", async () => {
    const a = await loggedIn({ credits: 200, paidUser: true });
    const b = await loggedIn({ credits: 200, paidUser: true });
    expect((await send(a.client, b.id, "hello")).status).toBe(200);
    const sent = await Promise.all([
      ...[0, 1, 2, 3, 4].map((i) => send(a.client, b.id, `a ${i}`, `both-a-${a.id}-${i}`)),
      ...[0, 1, 2, 3, 4].map((i) => send(b.client, a.id, `b ${i}`, `both-b-${b.id}-${i}`)),
    ]);
    expect(sent.map((r) => r.status)).toEqual(Array(10).fill(200));
    const history = await historyOf(a.client, b.id);
    expect(history).toHaveLength(11);
    const newest = history[history.length - 1];
    for (const client of [a.client, b.client]) {
      const chats = await client.get<{ chats: { last_message: { id: number } | null }[] }>("/api/chats.php");
      expect(chats.body.chats[0].last_message?.id).toBe(newest.id);
    }
    expect(await ledgerOf(a.id)).toMatchObject({ credits: 140, negative: 0 });
    expect(await ledgerOf(b.id)).toMatchObject({ credits: 150, negative: 0 });
  });

  it("answers a retried text, gift or photo with the first answer, charged once", async () => {
    const a = await loggedIn({ credits: 200 });
    const b = await loggedIn();
    expect((await send(a.client, b.id, "first")).status).toBe(200);
    const photo = await makeJpeg();
    const sends: [string, (key: string) => Promise<{ status: number; body: SendMessageResponse }>][] = [
      ["text", (key) => send(a.client, b.id, "Once <i>only</i> ✓", key)],
      ["gift", (key) => a.client.post<SendMessageResponse>("/api/gift.php", { to: b.id, gift: "rose" }, { "idempotency-key": key })],
      [
        "photo",
        (key) => a.client.upload<SendMessageResponse>(`/api/chatphoto.php?to=${b.id}`, "photo", photo, "p.jpg", "image/jpeg", { "idempotency-key": key }),
      ],
    ];
    for (const [kind, sendOnce] of sends) {
      const key = `retry-${kind}-${a.id}`;
      const before = await ledgerOf(a.id);
      // Two at once (the second runs alongside the first), then one after the first committed.
      const [first, second] = await Promise.all([sendOnce(key), sendOnce(key)]);
      const third = await sendOnce(key);
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(first.body.message.kind).toBe(kind);
      // The stored answer is the very answer: every field, the time to the millisecond, the photo's paths.
      expect(second.body).toEqual(first.body);
      expect(third.body).toEqual(first.body);
      const after = await ledgerOf(a.id);
      expect(after.rows).toBe(before.rows + 1);
      expect(after.credits).toBe(first.body.credits);
    }
    const history = await historyOf(b.client, a.id);
    expect(history.map((m) => m.kind)).toEqual(["text", "text", "gift", "photo"]);
    expect(history[1].body).toBe("Once <i>only</i> ✓");
  });

  it("answers a retry that waited for its first send, which spent the last credits, with the first answer", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await loggedIn({ credits: 20 });
      const b = await loggedIn();
      expect((await send(a.client, b.id, "first")).status).toBe(200);
      const key = `last-credits-${a.id}`;
      const answers = await Promise.all([0, 1, 2].map(() => send(a.client, b.id, "the last one", key)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((r) => r.body.message.id)).size).toBe(1);
      expect(answers.map((r) => r.body.credits)).toEqual([0, 0, 0]);
      expect(await ledgerOf(a.id)).toEqual({ sum: 0, credits: 0, rows: 3, negative: 0 });
      // A new key finds no credits.
      expect((await send(a.client, b.id, "one more", `another-key-${a.id}`)).status).toBe(402);
    }
  });

  it("runs beside first messages of the same member (the longer steps) without deadlock", async () => {
    const a = await loggedIn({ credits: 300, paidUser: true });
    const b = await loggedIn();
    const news = await Promise.all([0, 1, 2].map(() => loggedIn()));
    expect((await send(a.client, b.id, "first")).status).toBe(200);
    const sent = await Promise.all([
      ...[0, 1, 2].map((i) => send(a.client, b.id, `on ${i}`, `mixed-on-${a.id}-${i}`)),
      ...news.map((n, i) => send(a.client, n.id, `new ${i}`, `mixed-new-${a.id}-${i}`)),
      ...[3, 4].map((i) => send(a.client, b.id, `on ${i}`)),
    ]);
    expect(sent.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await ledgerOf(a.id)).toEqual({ sum: 210, credits: 210, rows: 10, negative: 0 });
    expect(await historyOf(b.client, a.id)).toHaveLength(6);
  });

  it("queues the same notification jobs as a first message: payload with conversation and message", async () => {
    const a = await loggedIn({ credits: 50 });
    const b = await loggedIn();
    const first = await send(a.client, b.id, "first");
    const second = await send(a.client, b.id, "second");
    const jobs = rowsOf<{ kind: string; payload: Record<string, unknown>; delay: number }>(
      await t.testDb.database.db.execute(
        sql`SELECT kind, payload, extract(epoch FROM run_at - created_at)::int AS delay FROM jobs WHERE payload->>'from' = ${String(a.id)} ORDER BY id`,
      ),
    );
    const payload = (m: SendMessageResponse) => ({
      kind: "message",
      to: b.id,
      from: a.id,
      conversation: m.message.conversation,
      message: m.message.id,
      origin: expect.any(String),
    });
    expect(jobs.map((j) => [j.kind, j.payload])).toEqual([
      ["notify-mail", payload(first.body)],
      ["notify-mail", payload(second.body)],
    ]);
    expect(jobs[0].delay).toBe(jobs[1].delay);
  });
});

describe("a premium member's first message (one statement that starts the conversation)", () => {
  it("starts the conversation as the longer steps do: both sides, order, who started it", async () => {
    const a = await loggedIn({ credits: 50, paidUser: true });
    const b = await loggedIn();
    const sent = await send(a.client, b.id, "Hello you");
    expect(sent.status).toBe(200);
    expect(sent.body.credits).toBe(40);
    const id = sent.body.message.conversation;
    const sides = rowsOf<{ member_id: number; unread: number; read_up_to: number; hidden: boolean; notified_up_to: number }>(
      await t.testDb.database.db.execute(
        sql`SELECT member_id, unread, read_up_to, hidden, notified_up_to FROM conversation_members WHERE conversation_id = ${id} ORDER BY member_id = ${a.id} DESC`,
      ),
    );
    expect(sides).toEqual([
      { member_id: a.id, unread: 0, read_up_to: sent.body.message.id, hidden: false, notified_up_to: 0 },
      { member_id: b.id, unread: 1, read_up_to: 0, hidden: false, notified_up_to: 0 },
    ]);
    const [conversation] = rowsOf<{ started_by: number; same_time: boolean }>(
      await t.testDb.database.db.execute(
        sql`SELECT c.started_by, c.last_message_at = m.created_at AS same_time FROM conversations c JOIN messages m ON m.conversation_id = c.id WHERE c.id = ${id}`,
      ),
    );
    expect(conversation).toEqual({ started_by: a.id, same_time: true });
    const bList = await b.client.get<{ chats: { conversation: number; num_unread_messages: number }[] }>("/api/chats.php");
    expect(bList.body.chats).toEqual([expect.objectContaining({ conversation: id, num_unread_messages: 1 })]);
    // The next message goes into it.
    const next = await send(a.client, b.id, "Still there?");
    expect(next.body.message.conversation).toBe(id);
  });

  it("starts nothing and charges nothing when the credits do not suffice", async () => {
    const a = await loggedIn({ credits: 5, paidUser: true });
    const b = await loggedIn();
    const res = await a.client.post<{ error: { code: string } }>("/api/chat.php", { to: b.id, text: "Hello" }, { "idempotency-key": `poor-premium-${a.id}` });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("not_enough_credits");
    expect(await ledgerOf(a.id)).toEqual({ sum: 5, credits: 5, rows: 1, negative: 0 });
    const [{ n }] = rowsOf<{ n: number }>(await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM conversations WHERE started_by = ${a.id}`));
    expect(n).toBe(0);
  });

  it("sends each member's first messages to many at once, one conversation per pair", async () => {
    const a = await loggedIn({ credits: 500, paidUser: true });
    const others = await Promise.all([0, 1, 2, 3].map(() => loggedIn({ credits: 100, paidUser: true })));
    const sent = await Promise.all([
      ...others.flatMap((o, i) => [0, 1].map((j) => send(a.client, o.id, `to ${i} ${j}`, `many-a-${a.id}-${i}-${j}`))),
      ...others.map((o, i) => send(o.client, a.id, `from ${i}`)),
    ]);
    expect(sent.map((r) => r.status)).toEqual(Array(12).fill(200));
    const list = await a.client.get<{ chats: { profile: number; num_unread_messages: number }[] }>("/api/chats.php");
    expect(list.body.chats.map((c) => c.profile).sort()).toEqual(others.map((o) => o.id).sort());
    for (const [i, o] of others.entries()) {
      const history = await historyOf(o.client, a.id);
      expect(history.map((m) => m.body).sort()).toEqual([`from ${i}`, `to ${i} 0`, `to ${i} 1`]);
    }
    expect(await ledgerOf(a.id)).toEqual({ sum: 420, credits: 420, rows: 9, negative: 0 });
  });
});
