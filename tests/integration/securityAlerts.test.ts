import { createECDH } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/client";
import { hashToken } from "../../src/server/features/auth/tokens";
import { SOCKET_CLOSE } from "../../src/common/schemas/realtime";
import { connect } from "../support/liveSocket";
import { decodeQuotedPrintable, startSmtpSink } from "../support/smtpSink";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

// "This wasn't me": a password or e-mail change is told to the address the account had before, with
// a single-use link that secures the account in one step.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const ORIGIN = "https://dating.example";
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: smtp.url }, domain: new URL(ORIGIN).host });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

interface ErrorBody {
  error: { code: string; message: string };
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw.replace(/\r\n[ \t]+/g, " "))?.[1];
const mailsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email.toLowerCase())).map((m) => ({ subject: header(m.raw, "Subject") ?? "", text: decodeQuotedPrintable(m.raw) }));

/** Waits for the `count`th mail to `email` and answers it with its first link to `path`. */
async function mailLink(email: string, count: number, path: string): Promise<{ subject: string; text: string; link: URL }> {
  for (let i = 0; i < 200; i++) {
    await t.server.worker.drain();
    const mails = mailsTo(email);
    if (mails.length >= count) {
      const mail = mails[count - 1];
      const found = mail.text.match(new RegExp(`${ORIGIN.replace(/\./g, "\\.")}${path}\\?token=[\\w-]+`));
      if (!found) throw new Error(`no ${path} link in "${mail.subject}"`);
      return { ...mail, link: new URL(found[0]) };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail ${count} to ${email}`);
}

const PASSWORD = "correct horse";

/** The member's own browser, and an intruder's browser logged in with the member's password. */
async function memberAndIntruder(options: { name?: string; language?: string } = {}) {
  const member = await t.loggedIn({ password: PASSWORD, ...options });
  const intruder = t.client();
  expect((await intruder.post("/api/user.php", { email: member.email, password: PASSWORD })).status).toBe(200);
  return { member, intruder };
}

const who = async (client: TestClient) => (await client.get<{ user: { id: number } | null }>("/api/user.php")).body.user;
const login = (email: string, password: string) => t.client().post("/api/user.php", { email, password });

describe("a password change", () => {
  it("is told to the member's address with a 'this wasn't me' link, which signs out every device, voids the password and sends a reset link", async () => {
    const { member, intruder } = await memberAndIntruder({ name: "Hanna" });
    const keys = createECDH("prime256v1");
    keys.generateKeys();
    const intrudersBrowser = {
      endpoint: "http://127.0.0.1:9/push/intruder",
      keys: { p256dh: keys.getPublicKey().toString("base64url"), auth: "c2VjcmV0LWF1dGgtMDAwMQ" },
    };
    expect((await intruder.post("/api/user.php?push=1", intrudersBrowser)).status).toBe(200);
    const intrudersSocket = await connect(t, intruder);
    const changed = await intruder.post("/api/password.php", {
      old_password: PASSWORD,
      password: "intruder-secret-9",
      password_confirm: "intruder-secret-9",
      end_other_sessions: true,
    });
    expect(changed.status).toBe(200);

    const alert = await mailLink(member.email, 1, "/secure-account");
    expect(alert.subject).toBe(`Your password for ${t.site.settings.name} was changed`);
    expect(alert.text).toContain("Hi Hanna,");
    expect(alert.text).toContain("This wasn't me:");
    expect(alert.text).toContain("This link is valid for 7 days and can be used once.");
    // Stored hashed, like every e-mail token.
    const token = alert.link.searchParams.get("token") as string;
    const stored = rowsOf<{ token_hash: string; expires_at: string }>(
      await t.testDb.database.db.execute(sql`SELECT token_hash, expires_at::text FROM email_tokens WHERE user_id = ${member.id} AND kind = 'security_alert'`),
    );
    expect(stored.map((r) => r.token_hash)).toEqual([hashToken(token)]);
    const days = (new Date(stored[0].expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    const secured = await t.client().post("/api/secure-account.php", { token });
    expect(secured.status).toBe(200);
    expect(secured.body).toEqual({ ok: true, email_restored: false });
    expect(await who(intruder)).toBeNull();
    expect(await who(member.client)).toBeNull();
    // The live socket the intruder held (new messages, with their text) closes at once.
    expect(await intrudersSocket.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect((await login(member.email, "intruder-secret-9")).status).toBe(401);
    expect((await login(member.email, PASSWORD)).status).toBe(401);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.testDb.database.db.execute(sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${member.id}`),
    );
    expect(n).toBe(0);

    // The member chooses a new password with the link sent to their address, and is in again.
    const reset = await mailLink(member.email, 2, "/reset-password/do");
    expect(reset.subject).toBe(`Your ${t.site.settings.name} account is secured: choose a new password`);
    const fresh = t.client();
    const done = await fresh.post("/api/reset-password-do.php", {
      token: reset.link.searchParams.get("token"),
      password: "hanna-secret-2",
      password_confirm: "hanna-secret-2",
    });
    expect(done.status).toBe(200);
    expect((await who(fresh))?.id).toBe(member.id);
  });

  it("refuses the link a second time, and once it is expired", async () => {
    const { member, intruder } = await memberAndIntruder();
    await intruder.post("/api/password.php", {
      old_password: PASSWORD,
      password: "intruder-secret-9",
      password_confirm: "intruder-secret-9",
      end_other_sessions: false,
    });
    const { link } = await mailLink(member.email, 1, "/secure-account");
    const token = link.searchParams.get("token");
    expect((await t.client().post("/api/secure-account.php", { token })).status).toBe(200);
    const again = await t.client().post<ErrorBody>("/api/secure-account.php", { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: "link_invalid", message: "Link expired or invalid, request a new email" });

    // A later change, whose link has run out by the time it is followed.
    const second = await t.loggedIn({ password: PASSWORD });
    await second.client.post("/api/password.php", {
      old_password: PASSWORD,
      password: "second-secret-9",
      password_confirm: "second-secret-9",
      end_other_sessions: false,
    });
    const late = await mailLink(second.email, 1, "/secure-account");
    await t.testDb.database.db.execute(
      sql`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${second.id} AND kind = 'security_alert'`,
    );
    const expired = await t.client().post<ErrorBody>("/api/secure-account.php", { token: late.link.searchParams.get("token") });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe("link_invalid");
    expect(await who(second.client)).not.toBeNull();
  });

  it("is told in the member's language", async () => {
    const { member } = await memberAndIntruder({ language: "de" });
    await member.client.post("/api/password.php", {
      old_password: PASSWORD,
      password: "mein-neues-9",
      password_confirm: "mein-neues-9",
      end_other_sessions: false,
    });
    const alert = await mailLink(member.email, 1, "/secure-account");
    expect(alert.text).toContain("Das Passwort deines Kontos wurde gerade geändert.");
    expect(alert.text).toContain("Das war ich nicht:");
  });
});

describe("an e-mail address change", () => {
  it("is told to the old address, and 'this wasn't me' puts it back, voids the intruder's links and sends the reset link there", async () => {
    const { member, intruder } = await memberAndIntruder({ name: "Ida" });
    const theirs = `intruder-${member.id}@example.net`;
    expect((await intruder.post("/api/mail-change.php", { email: theirs, password: PASSWORD })).status).toBe(200);
    const confirm = await mailLink(theirs, 1, "/mail-change/do");
    expect((await intruder.post("/api/mail-change-do.php", { token: confirm.link.searchParams.get("token") })).status).toBe(200);

    const alert = await mailLink(member.email, 1, "/secure-account");
    expect(alert.subject).toBe(`The e-mail address of your ${t.site.settings.name} account was changed`);
    expect(alert.text).toContain(`changed to ${theirs}`);
    // The intruder asks for a reset link at their address and changes the password: that alert goes to them.
    expect((await t.client().post("/api/reset-password.php", { email: theirs })).status).toBe(200);
    const theirReset = await mailLink(theirs, 2, "/reset-password/do");
    await intruder.post("/api/password.php", {
      old_password: PASSWORD,
      password: "intruder-secret-9",
      password_confirm: "intruder-secret-9",
      end_other_sessions: true,
    });
    const theirAlert = await mailLink(theirs, 3, "/secure-account");
    // Their own "this wasn't me" cannot cancel the member's older one.
    expect((await t.client().post("/api/secure-account.php", { token: theirAlert.link.searchParams.get("token") })).body).toEqual({
      ok: true,
      email_restored: false,
    });

    const secured = await t.client().post("/api/secure-account.php", { token: alert.link.searchParams.get("token") });
    expect(secured.body).toEqual({ ok: true, email_restored: true });
    const [row] = rowsOf<{ email: string }>(await t.testDb.database.db.execute(sql`SELECT email FROM users WHERE id = ${member.id}`));
    expect(row.email).toBe(member.email);
    expect(await who(intruder)).toBeNull();
    const stale = await t.client().post<ErrorBody>("/api/reset-password-do.php", {
      token: theirReset.link.searchParams.get("token"),
      password: "intruder-secret-8",
      password_confirm: "intruder-secret-8",
    });
    expect(stale.body.error.code).toBe("link_invalid");

    const reset = await mailLink(member.email, 2, "/reset-password/do");
    const back = t.client();
    expect(
      (
        await back.post("/api/reset-password-do.php", {
          token: reset.link.searchParams.get("token"),
          password: "ida-secret-2",
          password_confirm: "ida-secret-2",
        })
      ).status,
    ).toBe(200);
    expect((await who(back))?.id).toBe(member.id);
  });
});
