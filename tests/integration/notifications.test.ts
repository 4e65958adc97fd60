import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationSettings } from "../../src/common/schemas/notifications";
import type { SendMessageResponse } from "../../src/common/schemas/chat";
import { rowsOf } from "../../src/server/db/client";
import { NotificationMailer } from "../../src/server/features/notifications/notificationMail";
import { createMember } from "../support/factories";
import { decodeQuotedPrintable, startSmtpSink } from "../support/smtpSink";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

// E-mail notifications from the durable job queue, through a real SMTP server.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const MAIL_EVENTS_TOKEN = "mail-events-secret-0123456789";
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, MESSAGE_MAIL_DELAY_S: "0", MAIL_EVENTS_TOKEN }, domain: "dating.example" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Options = Parameters<typeof createMember>[2];
async function loggedIn(options: Options = {}): Promise<{ client: TestClient; id: number; email: string }> {
  const m = await createMember(t.testDb.database.db, t.site.id, options);
  const client = t.client();
  await client.post("/api/user.php", { email: m.email, password: m.password });
  return { client, id: m.user.id, email: m.email.toLowerCase() };
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => ({ raw: m.raw, text: decodeQuotedPrintable(m.raw) }));
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw.replace(/\r\n[ \t]+/g, " "))?.[1];
/** Runs due mail jobs until none is left (the app's own worker may be running one at the same time). */
async function settle(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await t.server.worker.drain();
    const [{ n }] = rowsOf<{ n: number }>(
      await t.testDb.database.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind IN ('mail', 'notify-mail') AND done_at IS NULL AND failed_at IS NULL AND run_at <= now()`,
      ),
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("mail jobs did not settle");
}

describe("e-mails about messages, likes and matches", () => {
  it("mails a new message once per conversation until it is read, with one-click unsubscribe headers", async () => {
    const a = await loggedIn({ credits: 100, name: "Anna" });
    const b = await loggedIn({ name: "Ben" });
    const sent = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Hello Ben" });
    await a.client.post("/api/chat.php", { to: b.id, text: "Are you there?" });
    await settle();
    const mails = mailsTo(b.email);
    expect(mails).toHaveLength(1);
    expect(header(mails[0].raw, "Subject")).toContain("Anna sent you a message");
    // The button is a one-time login link (the token page) that goes on to the conversation.
    expect(mails[0].text).toMatch(new RegExp(`https://dating\\.example/[\\w-]{43}\\?next=%2Fchats%2F${sent.body.message.conversation}\\b`));
    // The message itself stays on the site.
    expect(mails[0].text).not.toContain("Hello Ben");
    const listUnsubscribe = header(mails[0].raw, "List-Unsubscribe");
    expect(listUnsubscribe).toMatch(/^<https:\/\/dating\.example\/api\/unsubscribe\.php\?token=\d+\.[\w-]{43}>$/);
    expect(header(mails[0].raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // Once Ben has read the conversation, the next message is worth a mail again.
    await b.client.get(`/api/chat.php?member=${a.id}`);
    await a.client.post("/api/chat.php", { to: b.id, text: "Third" });
    await settle();
    expect(mailsTo(b.email)).toHaveLength(2);
  });

  it("queues one mail when the jobs of two messages of one conversation run at once (two instances)", async () => {
    const a = await loggedIn({ credits: 100, name: "Anna" });
    const b = await loggedIn({ name: "Ben" });
    const first = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "One" });
    const second = await a.client.post<SendMessageResponse>("/api/chat.php", { to: b.id, text: "Two" });
    await settle();
    const db = t.testDb.database.db;
    // As if neither mail had gone out: both jobs decide again, each on an instance of its own.
    await db.execute(
      sql`UPDATE conversation_members SET notified_up_to = 0 WHERE conversation_id = ${first.body.message.conversation} AND member_id = ${b.id}`,
    );
    const mailer = new NotificationMailer(
      db,
      () => "site <noreply@dating.example>",
      async () => "secret-for-this-test-0123456789",
    );
    const payload = (m: SendMessageResponse) =>
      ({ kind: "message", to: b.id, from: a.id, conversation: m.message.conversation, message: m.message.id, origin: "https://dating.example" }) as const;
    const outcomes = await Promise.all([mailer.handle(payload(first.body)), mailer.handle(payload(second.body))]);
    expect(outcomes.sort()).toEqual(["sent", "skipped"]);
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${b.email} AND done_at IS NULL`),
    );
    expect(n).toBe(1);
    await settle();
  });

  it("sends nothing about a message read, or from a member blocked, before the mail was due", async () => {
    const delayed = await startTestApp({ env: { SMTP_URL: smtp.url, MESSAGE_MAIL_DELAY_S: "3600" }, testDb: t.testDb, withSite: false });
    try {
      const m1 = await createMember(t.testDb.database.db, t.site.id, { credits: 50 });
      const m2 = await createMember(t.testDb.database.db, t.site.id);
      const m3 = await createMember(t.testDb.database.db, t.site.id);
      const [c1, c2, c3] = [delayed.client(), delayed.client(), delayed.client()];
      await c1.post("/api/user.php", { email: m1.email, password: m1.password });
      await c2.post("/api/user.php", { email: m2.email, password: m2.password });
      await c3.post("/api/user.php", { email: m3.email, password: m3.password });
      await c1.post("/api/chat.php", { to: m2.user.id, text: "Hi" });
      await c1.post("/api/chat.php", { to: m3.user.id, text: "Hi" });
      await c2.get(`/api/chat.php?member=${m1.user.id}`);
      await c3.post("/api/block.php", { id: m1.user.id });
      // The hour passes.
      await t.testDb.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'notify-mail' AND done_at IS NULL`);
      await settle();
      expect(mailsTo(m2.email.toLowerCase())).toHaveLength(0);
      expect(mailsTo(m3.email.toLowerCase())).toHaveLength(0);
    } finally {
      await delayed.close();
    }
  });

  it("mails a new like and a match, in the member's language", async () => {
    const a = await loggedIn({ name: "Carla", language: "de" });
    const b = await loggedIn({ name: "Dirk" });
    await b.client.post("/api/like.php", { id: a.id });
    await b.client.post("/api/like.php", { id: a.id });
    await settle();
    const likeMails = mailsTo(a.email);
    expect(likeMails).toHaveLength(1);
    expect(header(likeMails[0].raw, "Subject")).toContain("Dirk");
    expect(likeMails[0].text).toMatch(/https:\/\/dating\.example\/[\w-]{43}\?next=%2Flikes\b/);
    expect(likeMails[0].text).not.toContain("Choose which e-mails you get");

    await a.client.post("/api/like.php", { id: b.id });
    await settle();
    const matchMails = mailsTo(b.email);
    expect(matchMails).toHaveLength(1);
    expect(header(matchMails[0].raw, "Subject")).toBe("It's a match: you and Carla");
    expect(matchMails[0].text).toContain(`?next=${encodeURIComponent(`/members/${a.id}/chat`)}`);
  });

  it("mails a like once a day per pair, however often it is taken back and given again", async () => {
    const liked = await loggedIn({ name: "Elena" });
    const clicker = await loggedIn({ name: "Frank" });
    for (let i = 0; i < 5; i++) {
      expect((await clicker.client.post("/api/like.php", { id: liked.id })).status).toBe(200);
      expect((await clicker.client.del(`/api/like.php?id=${liked.id}`)).status).toBe(200);
    }
    await clicker.client.post("/api/like.php", { id: liked.id });
    await settle();
    expect(mailsTo(liked.email).map((m) => header(m.raw, "Subject"))).toEqual(["Frank likes you"]);
    // Nor is anything else queued about it (the push goes with the mail).
    const [{ n }] = rowsOf<{ n: number }>(
      await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'notify-mail' AND (payload->>'to')::int = ${liked.id}`),
    );
    expect(n).toBe(1);

    // Another member's like is news of its own.
    const other = await loggedIn({ name: "Gina" });
    await other.client.post("/api/like.php", { id: liked.id });
    await settle();
    expect(mailsTo(liked.email)).toHaveLength(2);
  });

  it("respects the member's choices, and sends nothing to or about unconfirmed members", async () => {
    const a = await loggedIn({ credits: 100 });
    const quiet = await loggedIn();
    const newcomer = await loggedIn({ credits: 100, status: "not_confirmed" });
    const target = await loggedIn();
    const unconfirmed = await createMember(t.testDb.database.db, t.site.id, { status: "not_confirmed" });
    const saved = await quiet.client.put<NotificationSettings>("/api/notifications.php", { messages: false, likes: true, matches: true });
    expect(saved.body).toEqual({ messages: false, likes: true, matches: true, disabled: [] });
    expect((await quiet.client.get<NotificationSettings>("/api/notifications.php")).body.messages).toBe(false);
    await a.client.post("/api/chat.php", { to: quiet.id, text: "Hi" });
    await a.client.post("/api/like.php", { id: unconfirmed.user.id });
    // The partner cannot see a newcomer's message before the address is confirmed: no mail about it either.
    expect((await newcomer.client.post("/api/chat.php", { to: target.id, text: "Hi" })).status).toBe(200);
    await settle();
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(mailsTo(unconfirmed.email.toLowerCase())).toHaveLength(0);
    expect(mailsTo(target.email)).toHaveLength(0);
  });
});

describe("the token page: a notification mail's login link", () => {
  it("logs the member in once, and only within its time", async () => {
    const a = await loggedIn({ name: "Fay" });
    const b = await loggedIn({ name: "Gus" });
    await b.client.post("/api/like.php", { id: a.id });
    await settle();
    const link = new URL(mailsTo(a.email)[0].text.match(/https:\/\/dating\.example\/[\w-]{43}\?next=\S+/)?.[0] as string);
    const token = link.pathname.slice(1);
    expect(link.searchParams.get("next")).toBe("/likes");

    // The page itself is served (and not indexed); another word at that place is a 404.
    expect((await t.client().get(link.pathname)).status).toBe(200);
    expect((await t.client().get("/no-such-page")).status).toBe(404);

    const browser = t.client();
    const res = await browser.post<{ user: { id: number } }>("/api/login-link.php", { token });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(a.id);
    expect((await browser.get<{ user: { id: number } }>("/api/user.php")).body.user.id).toBe(a.id);

    const again = await t.client().post<{ error: { code: string; message: string } }>("/api/login-link.php", { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe("Link expired or invalid, request a new email");

    // An expired link, and a malformed one.
    const c = await loggedIn({ name: "Hal" });
    await c.client.post("/api/like.php", { id: a.id });
    await settle();
    const second = mailsTo(a.email)
      .at(-1)
      ?.text.match(/https:\/\/dating\.example\/([\w-]{43})\?/)?.[1] as string;
    await t.testDb.database.db.execute(sql`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE kind = 'login' AND used_at IS NULL`);
    expect((await t.client().post("/api/login-link.php", { token: second })).status).toBe(400);
    expect((await t.client().post("/api/login-link.php", { token: "short" })).status).toBe(400);
  });
});

describe("unsubscribing and turning e-mails back on", () => {
  it("stops every notification with the one-click POST of RFC 8058, shows why, and turns them back on", async () => {
    const a = await loggedIn({ credits: 100, name: "Eva" });
    const b = await loggedIn();
    await a.client.post("/api/chat.php", { to: b.id, text: "Hi" });
    await settle();
    const url = header(mailsTo(b.email)[0].raw, "List-Unsubscribe")?.slice(1, -1) ?? "";
    const path = url.replace("https://dating.example", "");
    // What a mail program sends: a form POST, no cookie.
    const res = await fetch(t.baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const disabled = await b.client.get<NotificationSettings>("/api/notifications.php");
    expect(disabled.body.disabled).toEqual(["list-unsubscribe"]);
    expect((await b.client.get<{ user: { notifications_disabled: string[] } }>("/api/user.php")).body.user.notifications_disabled).toEqual([
      "list-unsubscribe",
    ]);

    await b.client.get(`/api/chat.php?member=${a.id}`);
    await a.client.post("/api/chat.php", { to: b.id, text: "Still there?" });
    await settle();
    expect(mailsTo(b.email)).toHaveLength(1);

    const back = await b.client.put<NotificationSettings>("/api/notifications.php", { messages: true, likes: true, matches: true, reenable: true });
    expect(back.body.disabled).toEqual([]);
    await b.client.get(`/api/chat.php?member=${a.id}`);
    await a.client.post("/api/chat.php", { to: b.id, text: "Hello again" });
    await settle();
    expect(mailsTo(b.email)).toHaveLength(2);
  });

  it("refuses a forged or broken unsubscribe token", async () => {
    const b = await loggedIn();
    for (const token of [`${b.id}.${"A".repeat(43)}`, "junk", ""]) {
      const res = await t.client().post<{ error: { code: string } }>(`/api/unsubscribe.php?token=${token}`, {});
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("link_invalid");
    }
    expect((await b.client.get<NotificationSettings>("/api/notifications.php")).body.disabled).toEqual([]);
    expect((await t.client().get("/api/notifications.php")).status).toBe(403);
  });

  it("records a hard bounce from the SMTP server and complaints from the mail provider", async () => {
    const a = await loggedIn({ credits: 100 });
    const bounced = await loggedIn();
    const complainer = await loggedIn();
    smtp.unknownUsers.add(bounced.email);
    await a.client.post("/api/chat.php", { to: bounced.id, text: "Hi" });
    await settle();
    expect((await bounced.client.get<NotificationSettings>("/api/notifications.php")).body.disabled).toEqual(["bounce"]);
    const [job] = rowsOf<{ failed: boolean; done: boolean }>(
      await t.testDb.database.db.execute(
        sql`SELECT failed_at IS NOT NULL AS failed, done_at IS NOT NULL AS done FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${bounced.email}`,
      ),
    );
    // Not retried for hours: the address does not exist.
    expect(job).toEqual({ failed: false, done: true });

    const events = { events: [{ type: "complaint", email: complainer.email.toUpperCase() }] };
    expect((await t.client().post("/api/mail-events.php", events)).status).toBe(404);
    expect((await t.client({ authorization: "Bearer wrong-token-0123456789" }).post("/api/mail-events.php", events)).status).toBe(404);
    const ok = await t.client({ authorization: `Bearer ${MAIL_EVENTS_TOKEN}` }).post<{ updated: number }>("/api/mail-events.php", events);
    expect(ok.body).toEqual({ updated: 1 });
    expect((await complainer.client.get<NotificationSettings>("/api/notifications.php")).body.disabled).toEqual(["fbl"]);
  });
});
