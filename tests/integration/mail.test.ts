import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/client";
import { attemptsFor } from "../../src/server/jobs/queue";
import { createMember } from "../support/factories";
import { decodeQuotedPrintable, startSmtpSink } from "../support/smtpSink";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";
import { startTestApp } from "../support/testApp";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testDb: TestDatabase;
beforeAll(async () => {
  sink = await startSmtpSink();
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await sink?.close();
  await testDb?.drop();
});

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const signup = (email: string) => ({ email, name: "Mia", password: "secret-pass", date_of_birth: "1992-03-04" });

describe("mail through SMTP from the durable queue", () => {
  it("delivers the activation mail, in the member's language, to a real SMTP server", async () => {
    const t = await startTestApp({ testDb, env: { SMTP_URL: sink.url } });
    try {
      await t.client({}, "de").post("/api/signup.php", signup("mia@example.com"));
      const mail = await until(() => sink.received.find((m) => m.to.includes("mia@example.com")), "the mail");
      const body = decodeQuotedPrintable(mail.raw);
      expect(body).toMatch(/\/api\/activate\.php\?token=[\w-]{43}/);
      const de = await import("../../src/web/i18n/locales/de.json");
      expect(body).toContain(de.mail.activation.button);
    } finally {
      await t.close();
    }
  });

  it("retries while the SMTP server refuses, and delivers once it accepts", async () => {
    const t = await startTestApp({ testDb, env: { SMTP_URL: sink.url }, withSite: false });
    try {
      const db = t.testDb.database.db;
      const { email } = await createMember(db, t.site.id);
      sink.setFailing(true);
      expect((await t.client().post("/api/reset-password.php", { email })).status).toBe(200);
      await until(async () => {
        const rows = rowsOf(await db.execute(sql`SELECT attempts FROM jobs WHERE payload->>'to' = ${email} AND last_error IS NOT NULL AND done_at IS NULL`));
        return rows.length > 0;
      }, "a failed attempt");
      expect(sink.received.some((m) => m.to.includes(email))).toBe(false);
      sink.setFailing(false);
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE payload->>'to' = ${email}`);
      t.server.worker.wake();
      await until(() => sink.received.find((m) => m.to.includes(email)), "the retried mail");
      // The job is marked done just after the server accepted the mail: wait for that too.
      const job = await until(async () => {
        const [row] = rowsOf<{ attempts: number; max_attempts: number; done_at: unknown }>(
          await db.execute(sql`SELECT attempts, max_attempts, done_at FROM jobs WHERE payload->>'to' = ${email}`),
        );
        return row?.done_at ? row : undefined;
      }, "the job marked done");
      expect(job.attempts).toBeGreaterThanOrEqual(2);
      // A mail server down for days loses no mail: it is tried for five days.
      expect(job.max_attempts).toBe(attemptsFor(5));
    } finally {
      sink.setFailing(false);
      await t.close();
    }
  });

  it("loses no mail when the process stops before sending: the next start sends it", async () => {
    const first = await startTestApp({ testDb, env: { SMTP_URL: sink.url }, withSite: false });
    const { email } = await createMember(testDb.database.db, first.site.id);
    await first.server.worker.stop();
    expect((await first.client().post("/api/reset-password.php", { email })).status).toBe(200);
    await first.close();
    expect(sink.received.some((m) => m.to.includes(email))).toBe(false);

    const second = await startTestApp({ testDb, env: { SMTP_URL: sink.url }, withSite: false });
    try {
      await until(() => sink.received.find((m) => m.to.includes(email)), "the mail after restart");
    } finally {
      await second.close();
    }
  });
});

describe("two instances", () => {
  it("share the login lockout", async () => {
    const a = await startTestApp({ testDb, withSite: false });
    const b = await startTestApp({ testDb, withSite: false });
    try {
      const { email, password } = await createMember(testDb.database.db, a.site.id);
      for (let i = 0; i < 5; i++) await a.client().post("/api/user.php", { email, password: "wrong password" });
      const res = await b.client().post<{ error: { code: string } }>("/api/user.php", { email, password });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("too_many_attempts");
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("sessions across instances", () => {
  // Two instances share sessions through PostgreSQL and hear each other through Redis; PGlite runs in one process only.
  it.skipIf(!process.env.TEST_REDIS_URL)("a logout on one instance ends the session on the other at once", async () => {
    const a = await startTestApp({ testDb, withSite: false });
    const b = await startTestApp({ testDb, withSite: false });
    try {
      const { email, password } = await createMember(testDb.database.db, a.site.id);
      const onA = a.client();
      await onA.post("/api/user.php", { email, password });
      const onB = b.client({ cookie: `auth=${onA.cookies.get("auth")}` });
      expect((await onB.get<{ user: { email: string } | null }>("/api/user.php")).body.user?.email).toBe(email);
      await onA.get("/api/logout.php");
      await new Promise((r) => setTimeout(r, 100));
      expect((await onB.get<{ user: unknown }>("/api/user.php")).body.user).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
