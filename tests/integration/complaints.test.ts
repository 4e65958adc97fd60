import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ComplaintResponse } from "../../src/common/schemas/complaints";
import { rowsOf } from "../../src/server/db/client";
import { appForFile, type TestApp } from "../support/testApp";

// Complaints: stored with a reference, confirmed by e-mail (the dev mailbox), from visitors and members.

let t: TestApp;
appForFile((app) => (t = app));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const complaint = { name: "Petra Jansen", email: "petra@example.com", category: "payment", message: "I paid for 50 credits yesterday but I only see 20 of them." };

async function mailsTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  for (let i = 0; i < 100; i++) {
    await t.server.worker.drain();
    const { mails } = (await (await fetch(`${t.baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { mails: Array<{ subject: string; text: string }> };
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

describe("complaints", () => {
  it("stores a visitor's complaint, answers a reference and confirms it by e-mail", async () => {
    const res = await t.client().post<ComplaintResponse>("/api/complaints.php", complaint);
    expect(res.status).toBe(200);
    expect(res.body.reference).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const [row] = rowsOf<{ category: string; user_id: number | null; status: string }>(
      await t.testDb.database.db.execute(sql`SELECT category, user_id, status FROM complaints WHERE reference = ${res.body.reference}`),
    );
    expect(row).toEqual({ category: "payment", user_id: null, status: "open" });
    const [mail] = await mailsTo("petra@example.com");
    expect(mail.subject).toBe(`We received your complaint ${res.body.reference}`);
    expect(mail.text).toContain(res.body.reference);
  });

  it("links a member's complaint to the account, and writes in the member's language", async () => {
    const m = await t.loggedIn({ language: "de" });
    m.client.cookies.set("locale", "de");
    const res = await m.client.post<ComplaintResponse>("/api/complaints.php", { ...complaint, email: m.email, category: "member" });
    const [row] = rowsOf<{ user_id: number }>(await t.testDb.database.db.execute(sql`SELECT user_id FROM complaints WHERE reference = ${res.body.reference}`));
    expect(row.user_id).toBe(m.id);
    const [mail] = await mailsTo(m.email);
    expect(mail.subject).toContain(res.body.reference);
    expect(mail.subject).not.toContain("We received");
  });

  it("says what is wrong with a form, field by field, and keeps floods out", async () => {
    const bad = await t.client().post<ErrorBody>("/api/complaints.php", { name: "P", email: "no", category: "spam", message: "short" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(["category", "email", "message", "name"]);
    expect(bad.body.error.fields?.message).toBe("Describe your complaint in at least 20 and at most 5000 characters.");
    expect((await t.client().post("/api/complaints.php", { ...complaint, extra: 1 })).status).toBe(400);

    const flood = t.client({ "x-forwarded-for": "203.0.113.9" });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await flood.post("/api/complaints.php", complaint)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
