import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VOICE_MAX_BYTES } from "../../src/common/constants";
import type { ChatsResponse, ConversationResponse, SendMessageResponse } from "../../src/common/schemas/chat";
import { rowsOf } from "../../src/server/db/client";
import { collect } from "../support/s3Server";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";
import { makeMp4, makeWebm } from "../support/voiceRecordings";

// Voice messages in chat: sent and paid like a photo (photo_credits), fetched only by the two members
// of the conversation, in the member's data export, and gone with an erasure.

let t: TestApp;
appForFile((app) => (t = app));

interface ErrorBody {
  error: { code: string; message: string };
}

const db = () => t.testDb.database.db;

async function ledgerOf(userId: number) {
  const [row] = rowsOf<{ credits: number; rows: number; voice: number }>(
    await db().execute(sql`SELECT (SELECT credits FROM users WHERE id = ${userId}) AS credits,
      (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${userId}) AS rows,
      (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${userId} AND reason = 'voice') AS voice`),
  );
  return row;
}

const sendVoice = (from: TestClient, to: number, file: Buffer, type = "audio/webm", key?: string) =>
  from.upload<SendMessageResponse & ErrorBody>(
    `/api/chatvoice.php?to=${to}`,
    "voice",
    file,
    type === "audio/mp4" ? "voice.mp4" : "voice.webm",
    type,
    key ? { "idempotency-key": key } : {},
  );

async function fetchAs(client: TestClient, url: string) {
  const res = await fetch(t.baseUrl + url, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
  return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), bytes: Buffer.from(await res.arrayBuffer()) };
}

const voiceFiles = async () => (await collect(t.server.storage.list("chatvoice/"))).map((f) => f.key);

describe("sending a voice message", () => {
  it("stores a WebM recording with its length, charges the photo price once, and reaches the other member", async () => {
    const a = await t.loggedIn({ credits: 50 });
    const b = await t.loggedIn();
    const webm = makeWebm({ durationMs: 12_340 });
    const sent = await sendVoice(a.client, b.id, webm);
    expect(sent.status).toBe(200);
    // photo_credits of the test site: 20.
    expect(sent.body.credits).toBe(30);
    expect(sent.body.message).toMatchObject({ kind: "voice", body: "", voice: { duration_ms: 12_340 } });
    const url = sent.body.message.voice?.url ?? "";
    expect(url).toMatch(/^\/chatvoice\/[0-9a-f-]{36}\.webm$/);
    expect(await ledgerOf(a.id)).toMatchObject({ credits: 30, voice: 1 });

    const seen = await b.client.get<ConversationResponse>(`/api/chat.php?member=${a.id}`);
    expect(seen.body.messages.map((m) => [m.kind, m.voice])).toEqual([["voice", { url, duration_ms: 12_340 }]]);
    const chats = await b.client.get<ChatsResponse>("/api/chats.php");
    expect(chats.body.chats[0].last_message).toMatchObject({ kind: "voice", sender: a.id });

    for (const client of [a.client, b.client]) {
      const got = await fetchAs(client, url);
      expect([got.status, got.type, got.cache]).toEqual([200, "audio/webm", "private, no-store"]);
      expect(got.bytes.equals(webm)).toBe(true);
    }
  });

  it("takes Safari's MP4 and serves it as audio/mp4", async () => {
    const a = await t.loggedIn({ credits: 50 });
    const b = await t.loggedIn();
    const sent = await sendVoice(a.client, b.id, makeMp4({ durationMs: 119_000 }), "audio/mp4");
    expect(sent.status).toBe(200);
    expect(sent.body.message.voice).toEqual({ url: expect.stringMatching(/^\/chatvoice\/[0-9a-f-]{36}\.mp4$/), duration_ms: 119_000 });
    expect((await fetchAs(b.client, sent.body.message.voice?.url ?? "")).type).toBe("audio/mp4");
  });

  it("answers a retry with the first answer, charged once and stored once", async () => {
    const a = await t.loggedIn({ credits: 100 });
    const b = await t.loggedIn();
    const key = `voice-retry-${a.id}`;
    const before = await voiceFiles();
    const file = makeWebm({ durationMs: 4_000 });
    const [first, second] = await Promise.all([sendVoice(a.client, b.id, file, "audio/webm", key), sendVoice(a.client, b.id, file, "audio/webm", key)]);
    const third = await sendVoice(a.client, b.id, file, "audio/webm", key);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    // The factory's grant and one charge.
    expect(await ledgerOf(a.id)).toEqual({ credits: 80, rows: 2, voice: 1 });
    const added = (await voiceFiles()).filter((f) => !before.includes(f));
    expect(added).toEqual([`chatvoice/${first.body.message.voice?.url.split("/").pop()}`]);
  });

  it("refuses another type, video, a recording over two minutes and too large a file, storing and charging nothing", async () => {
    const a = await t.loggedIn({ credits: 100, language: "fi" });
    const b = await t.loggedIn();
    const before = await voiceFiles();
    const refusals: Array<[Buffer, string, number, string]> = [
      [Buffer.from("<script>alert(1)</script>"), "audio/webm", 400, "voice_invalid"],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), "audio/mp4", 400, "voice_invalid"],
      [makeWebm({ durationMs: 3_000, trackType: 1, codec: "V_VP8" }), "audio/webm", 400, "voice_invalid"],
      [makeWebm({ durationMs: 125_000 }), "audio/webm", 400, "voice_too_long"],
      [makeMp4({ durationMs: 180_000, fragmented: false }), "audio/mp4", 400, "voice_too_long"],
      [Buffer.concat([makeWebm({ durationMs: 1_000 }), Buffer.alloc(VOICE_MAX_BYTES)]), "audio/webm", 413, "voice_too_large"],
    ];
    for (const [file, type, status, code] of refusals) {
      const res = await sendVoice(a.client, b.id, file, type);
      expect([res.status, res.body.error.code], code).toEqual([status, code]);
    }
    // In the member's language.
    const long = await sendVoice(a.client, b.id, makeWebm({ durationMs: 125_000 }));
    expect(long.body.error.message).toBe("Ääniviesti voi olla enintään 2 minuutin pituinen.");
    expect(await ledgerOf(a.id)).toEqual({ credits: 100, rows: 1, voice: 0 });
    expect(await voiceFiles()).toEqual(before);
  });

  it("refuses a member who has too few credits, and one who is blocked", async () => {
    const poor = await t.loggedIn({ credits: 5 });
    const b = await t.loggedIn();
    expect((await sendVoice(poor.client, b.id, makeWebm({ durationMs: 2_000 }))).status).toBe(402);
    const a = await t.loggedIn({ credits: 50 });
    await b.client.post("/api/block.php", { id: a.id });
    const blocked = await sendVoice(a.client, b.id, makeWebm({ durationMs: 2_000 }));
    expect([blocked.status, blocked.body.error.code]).toEqual([403, "blocked_by"]);
    expect(await ledgerOf(a.id)).toMatchObject({ credits: 50, voice: 0 });
  });
});

describe("fetching a voice message", () => {
  it("reaches only the two members, and neither while one blocks the other", async () => {
    const a = await t.loggedIn({ credits: 50 });
    const b = await t.loggedIn();
    const stranger = await t.loggedIn();
    const sent = await sendVoice(a.client, b.id, makeWebm({ durationMs: 3_000 }));
    const url = sent.body.message.voice?.url ?? "";
    expect((await fetchAs(stranger.client, url)).status).toBe(404);
    expect((await t.client().get(url)).status).toBe(404);
    // A made-up name, and a photo's name for a voice message.
    expect((await fetchAs(b.client, url.replace(".webm", ".mp4"))).status).toBe(404);
    expect((await fetchAs(b.client, `/chatvoice/../chatphotos/${url.split("/").pop()}`)).status).toBe(404);

    expect((await b.client.post("/api/block.php", { id: a.id })).status).toBe(200);
    expect((await fetchAs(b.client, url)).status).toBe(404);
    expect((await fetchAs(a.client, url)).status).toBe(404);
    expect((await b.client.del(`/api/block.php?id=${a.id}`)).status).toBe(200);
    expect((await fetchAs(b.client, url)).status).toBe(200);
  });
});

describe("a member's voice messages", () => {
  it("are in their data export, and their files go with an erasure", async () => {
    const a = await t.loggedIn({ credits: 100, password: "voice-secret-1" });
    const b = await t.loggedIn({ credits: 100 });
    const sent = await sendVoice(a.client, b.id, makeWebm({ durationMs: 7_000 }));
    const answer = await sendVoice(b.client, a.id, makeMp4({ durationMs: 2_000 }), "audio/mp4");
    const urls = [sent.body.message.voice?.url, answer.body.message.voice?.url];

    const exported = await a.client.get<{ messages: Array<{ kind: string; sent_by_me: boolean; file: string | null; duration_ms: number | null }> }>(
      "/api/my-data.php",
    );
    expect(exported.body.messages.map((m) => [m.kind, m.sent_by_me, m.file, m.duration_ms])).toEqual([
      ["voice", true, urls[0], 7_000],
      ["voice", false, urls[1], 2_000],
    ]);

    const keys = urls.map((u) => `chatvoice/${u?.split("/").pop()}`);
    expect((await voiceFiles()).filter((f) => keys.includes(f))).toHaveLength(2);
    expect((await a.client.post("/api/account-delete.php", { reason: "privacy", password: "voice-secret-1" })).status).toBe(200);
    // Gone at once for the partner; the files go when the window ends and the account is erased.
    expect((await fetchAs(b.client, urls[0] ?? "")).status).toBe(404);
    await db().execute(sql`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = ${a.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'erase-account'`);
    // The app's own worker may have claimed the job first (drain() then finds nothing to run): until it is done.
    await expect
      .poll(
        async () => {
          await t.server.worker.drain();
          return rowsOf(await db().execute(sql`SELECT id FROM users WHERE id = ${a.id}`));
        },
        { timeout: 10_000 },
      )
      .toEqual([]);
    expect((await voiceFiles()).filter((f) => keys.includes(f))).toEqual([]);
  });
});
