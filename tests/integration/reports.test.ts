import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ReportQueue } from "../../src/common/schemas/reports";
import { rowsOf } from "../../src/server/db/client";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

interface ErrorBody {
  error: { code: string; fields?: Record<string, string> };
}

const db = () => t.testDb.database.db;

/** Two members who talked: `count` messages, alternating, numbered. */
async function conversation(count: number) {
  const reporter = await t.loggedIn({ credits: 1000 });
  const reported = await t.loggedIn({ credits: 1000 });
  for (let i = 1; i <= count; i++) {
    const [from, to] = i % 2 ? [reported, reporter] : [reporter, reported];
    expect((await from.client.post("/api/chat.php", { to: to.id, text: `message ${i}` })).status).toBe(200);
  }
  return { reporter, reported };
}

describe("reporting a member", () => {
  it("from the chat attaches the last 20 messages as they were, which cannot change afterwards", async () => {
    const { reporter, reported } = await conversation(23);
    const res = await reporter.client.post("/api/report.php", { id: reported.id, reason: "harassment", text: "Keeps insulting me", from_chat: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reported: true, blocked: false });

    const moderator = await signedInOperator(t, "moderator");
    const queue = await moderator.client.get<ReportQueue>("/api/console/reports");
    const group = queue.body.groups.find((g) => g.member.id === reported.id);
    const evidence = group?.open[0].evidence ?? [];
    expect(evidence.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i + 4}`));
    expect(evidence[0]).toMatchObject({ from: reporter.id, kind: "text" });
    expect(group?.open[0]).toMatchObject({ reason: "harassment", text: "Keeps insulting me", reporter_id: reporter.id });

    // Messages changing later leave the snapshot as it was; the snapshot itself cannot be changed.
    await db().execute(sql`UPDATE messages SET body = 'edited' WHERE sender_id = ${reported.id}`);
    const again = await moderator.client.get<ReportQueue>("/api/console/reports");
    expect(again.body.groups.find((g) => g.member.id === reported.id)?.open[0].evidence?.[1].body).toBe("message 5");
    await expect(db().execute(sql`UPDATE reports SET evidence = '[]'::jsonb WHERE reported_id = ${reported.id}`)).rejects.toThrow();
    await expect(db().execute(sql`UPDATE reports SET text = 'nothing' WHERE reported_id = ${reported.id}`)).rejects.toThrow();
  });

  it("from a profile carries no messages, blocks in the same step when asked, and needs a text for 'other'", async () => {
    const reporter = await t.loggedIn();
    const reported = await t.loggedIn();
    const noText = await reporter.client.post<ErrorBody>("/api/report.php", { id: reported.id, reason: "other" });
    expect(noText.status).toBe(400);
    expect(noText.body.error.fields?.text).toBeTruthy();
    expect((await reporter.client.post<ErrorBody>("/api/report.php", { id: reported.id, reason: "spam" })).status).toBe(400);
    expect((await reporter.client.post<ErrorBody>("/api/report.php", { id: reporter.id, reason: "fake" })).status).toBe(400);
    expect((await t.client().post<ErrorBody>("/api/report.php", { id: reported.id, reason: "fake" })).status).toBe(403);

    const res = await reporter.client.post("/api/report.php", { id: reported.id, reason: "fake", block: true });
    expect(res.body).toEqual({ reported: true, blocked: true });
    expect((await reported.client.get<ErrorBody>(`/api/member.php?id=${reporter.id}`)).body.error.code).toBe("blocked_by");
    const [row] = rowsOf<{ evidence: unknown }>(await db().execute(sql`SELECT evidence FROM reports WHERE reported_id = ${reported.id}`));
    expect(row.evidence).toBeNull();
  });
});

describe("reporting a single chat message", () => {
  it("attaches the 20 messages with the reported one marked, also when it is older than the last 20", async () => {
    const { reporter, reported } = await conversation(30);
    const ids = rowsOf<{ id: number; body: string }>(await db().execute(sql`SELECT id, body FROM messages WHERE sender_id = ${reported.id} ORDER BY id`));
    const recent = ids.find((m) => m.body === "message 25");
    const old = ids.find((m) => m.body === "message 3");
    expect((await reporter.client.post("/api/report.php", { id: reported.id, reason: "harassment", message_id: recent?.id })).status).toBe(200);
    expect((await reporter.client.post("/api/report.php", { id: reported.id, reason: "explicit", message_id: old?.id })).status).toBe(200);

    const moderator = await signedInOperator(t, "moderator");
    const group = (await moderator.client.get<ReportQueue>("/api/console/reports")).body.groups.find((g) => g.member.id === reported.id);
    const [first, second] = group?.open ?? [];
    expect(first.message_id).toBe(recent?.id);
    expect(first.evidence?.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i + 11}`));
    expect(first.evidence?.filter((m) => m.reported).map((m) => m.body)).toEqual(["message 25"]);
    // An older message: it and the messages before it.
    expect(second.evidence?.map((m) => m.body)).toEqual(["message 1", "message 2", "message 3"]);
    expect(second.evidence?.at(-1)).toMatchObject({ body: "message 3", reported: true });
  });

  it("refuses one's own message and a message of another conversation", async () => {
    const { reporter, reported } = await conversation(2);
    const own = rowsOf<{ id: number }>(await db().execute(sql`SELECT id FROM messages WHERE sender_id = ${reporter.id}`))[0];
    expect((await reporter.client.post("/api/report.php", { id: reported.id, reason: "fake", message_id: own.id })).status).toBe(404);
    const stranger = await t.loggedIn();
    const theirs = rowsOf<{ id: number }>(await db().execute(sql`SELECT id FROM messages WHERE sender_id = ${reported.id}`))[0];
    expect((await stranger.client.post("/api/report.php", { id: reported.id, reason: "fake", message_id: theirs.id })).status).toBe(404);
    const [row] = rowsOf<{ n: string }>(await db().execute(sql`SELECT count(*) AS n FROM reports WHERE reported_id = ${reported.id}`));
    expect(Number(row.n)).toBe(0);
  });
});

describe("the moderators' queue", () => {
  it("groups reports per member with the earlier decisions, and a suspension decides them all in one step", async () => {
    const reported = await t.loggedIn();
    const first = await t.loggedIn();
    const second = await t.loggedIn();
    await first.client.post("/api/report.php", { id: reported.id, reason: "fake" });
    const moderator = await signedInOperator(t, "moderator");
    expect((await moderator.client.post(`/api/console/reports/${reported.id}/decision`, { decision: "warn", reason: "First warning" })).status).toBe(200);
    await first.client.post("/api/report.php", { id: reported.id, reason: "underage" });
    await second.client.post("/api/report.php", { id: reported.id, reason: "harassment" });
    await first.client.post("/api/report.php", { id: reported.id, reason: "explicit" });

    const group = (await moderator.client.get<ReportQueue>("/api/console/reports")).body.groups.find((g) => g.member.id === reported.id);
    expect(group?.open.map((r) => r.reason)).toEqual(["underage", "harassment", "explicit"]);
    expect(group?.earlier).toEqual([expect.objectContaining({ reason: "fake", decision: "warn", decision_reason: "First warning" })]);

    // A moderator cannot ban from the queue; an admin can.
    expect((await moderator.client.post<ErrorBody>(`/api/console/reports/${reported.id}/ban`, { reason: "Scam" })).body.error.code).toBe("operator_forbidden");
    const decided = await moderator.client.post(`/api/console/reports/${reported.id}/decision`, {
      decision: "suspend",
      days: 7,
      reason: "Harassment, second time",
    });
    expect(decided.status).toBe(200);
    expect((await reported.client.get<ErrorBody>("/api/user.php")).body.error.code).toBe("account_suspended");
    expect((await moderator.client.get<ReportQueue>("/api/console/reports")).body.groups.some((g) => g.member.id === reported.id)).toBe(false);
    const trail = rowsOf<{ action: string }>(await db().execute(sql`SELECT action FROM audit_log WHERE member_id = ${reported.id} ORDER BY id`));
    expect(trail.map((r) => r.action)).toEqual(["reports.decide", "member.suspend", "reports.decide"]);
    // Nothing waiting: a decision has nothing to decide.
    expect((await moderator.client.post(`/api/console/reports/${reported.id}/decision`, { decision: "dismiss", reason: "x" })).status).toBe(404);
  });

  it("suspends nobody and writes no audit row when there was nothing to decide (one transaction)", async () => {
    const member = await t.loggedIn();
    const moderator = await signedInOperator(t, "moderator");
    const res = await moderator.client.post(`/api/console/reports/${member.id}/decision`, { decision: "suspend", days: 3, reason: "No report" });
    expect(res.status).toBe(404);
    expect((await member.client.get<{ user: { id: number } }>("/api/user.php")).body.user.id).toBe(member.id);
    const rows = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT (SELECT count(*) FROM audit_log WHERE member_id = ${member.id}) + (SELECT count(*) FROM member_restrictions WHERE user_id = ${member.id}) AS n`,
      ),
    );
    expect(Number(rows[0].n)).toBe(0);

    const reporter = await t.loggedIn();
    await reporter.client.post("/api/report.php", { id: member.id, reason: "fake" });
    const admin = await signedInOperator(t, "admin");
    expect((await admin.client.post(`/api/console/reports/${member.id}/ban`, { reason: "Fake profile" })).status).toBe(200);
    expect((await member.client.get<ErrorBody>("/api/user.php")).body.error.code).toBe("account_banned");
  });
});
