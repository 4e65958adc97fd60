import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMPLAINT_ANSWER_HOURS } from "../../src/common/constants";
import type { ComplaintResponse } from "../../src/common/schemas/complaints";
import { rowsOf } from "../../src/server/db/client";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp } from "../support/testApp";

// Complaints: stored with a reference, confirmed by e-mail (the dev mailbox), from visitors and members.

let t: TestApp;
appForFile((app) => (t = app));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const complaint = {
  name: "Petra Jansen",
  email: "petra@example.com",
  category: "payment",
  message: "I paid for 50 credits yesterday but I only see 20 of them.",
};

async function mailsTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  for (let i = 0; i < 100; i++) {
    await t.server.worker.drain();
    const { mails } = (await (await fetch(`${t.baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      mails: Array<{ subject: string; text: string }>;
    };
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
    // The answer time promised is the queue's: overdue after COMPLAINT_ANSWER_HOURS.
    expect(mail.text).toContain(`Customer service answers within ${COMPLAINT_ANSWER_HOURS} hours.`);
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
    expect(mail.text).toContain(`Unser Kundenservice antwortet innerhalb von ${COMPLAINT_ANSWER_HOURS} Stunden.`);
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

describe("the complaints queue in the console", () => {
  type Queue = {
    complaints: Array<{
      id: number;
      reference: string;
      status: string;
      overdue: boolean;
      assigned_to: { email: string } | null;
      answers: Array<{ body: string }>;
    }>;
  };
  type Mail = { subject: string; text: string; from: string };
  const mails = async (email: string, count: number): Promise<Mail[]> => {
    for (let i = 0; i < 100; i++) {
      await t.server.worker.drain();
      const body = (await (await fetch(`${t.baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { mails: Mail[] };
      if (body.mails.length >= count) return body.mails;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return [];
  };

  it("lists complaints oldest first with the overdue ones flagged, and lets support take, answer (mailed from the support address, in the complainant's language) and close them", async () => {
    const visitor = t.client({ "x-forwarded-for": "203.0.113.40" });
    visitor.cookies.set("locale", "fi");
    const first = await visitor.post<ComplaintResponse>("/api/complaints.php", { ...complaint, email: "old@example.com" });
    const second = await visitor.post<ComplaintResponse>("/api/complaints.php", { ...complaint, email: "new@example.com" });
    // The first arrived three days ago: past the 48 hours.
    await t.testDb.database.db.execute(sql`UPDATE complaints SET created_at = now() - interval '3 days' WHERE reference = ${first.body.reference}`);

    const support = await signedInOperator(t, "support");
    const queue = (await support.client.get<Queue>("/api/console/complaints")).body.complaints;
    const ours = queue.filter((c) => [first.body.reference, second.body.reference].includes(c.reference));
    expect(ours.map((c) => [c.reference, c.overdue])).toEqual([
      [first.body.reference, true],
      [second.body.reference, false],
    ]);
    const id = ours[0].id;

    expect((await support.client.post(`/api/console/complaints/${id}/assign`, {})).status).toBe(200);
    const answer = "We checked your payment: the 30 missing credits are now on your account.";
    expect((await support.client.post(`/api/console/complaints/${id}/answer`, { text: answer })).status).toBe(200);
    const received = await mails("old@example.com", 2);
    const reply = received.find((m) => m.subject.startsWith("Vastauksemme valitukseesi"));
    expect(reply?.text).toContain(answer);
    expect(reply?.from).toMatch(/<support@/);

    const after = (await support.client.get<Queue>("/api/console/complaints")).body.complaints.find((c) => c.id === id);
    expect(after).toMatchObject({ status: "answered", overdue: false, assigned_to: { email: support.email }, answers: [{ body: answer }] });

    expect((await support.client.post(`/api/console/complaints/${id}/close`, {})).status).toBe(200);
    expect((await support.client.get<Queue>("/api/console/complaints")).body.complaints.some((c) => c.id === id)).toBe(false);
    expect((await support.client.get<Queue>("/api/console/complaints?show=closed")).body.complaints.some((c) => c.id === id)).toBe(true);
    const late = await support.client.post<ErrorBody>(`/api/console/complaints/${id}/answer`, { text: "One more thing" });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("complaint_closed");

    const trail = rowsOf<{ action: string }>(
      await t.testDb.database.db.execute(sql`SELECT action FROM audit_log WHERE details->>'complaint_id' = ${String(id)} ORDER BY id`),
    );
    expect(trail.map((r) => r.action)).toEqual(["complaints.assign", "complaints.answer", "complaints.close"]);
  });

  it("is for support and admins: moderators and members get 403, and an answer needs words", async () => {
    const moderator = await signedInOperator(t, "moderator");
    expect((await moderator.client.get<ErrorBody>("/api/console/complaints")).body.error.code).toBe("operator_forbidden");
    expect((await moderator.client.post<ErrorBody>("/api/console/complaints/1/answer", { text: "Hello" })).status).toBe(403);
    const member = await t.loggedIn();
    expect((await member.client.get("/api/console/complaints")).status).toBe(403);
    const admin = await signedInOperator(t, "admin");
    expect((await admin.client.get("/api/console/complaints")).status).toBe(200);
    expect((await admin.client.post("/api/console/complaints/1/answer", { text: "   " })).status).toBe(400);
    expect((await admin.client.post("/api/console/complaints/999999/close", {})).status).toBe(404);
  });
});
