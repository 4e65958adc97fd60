import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditPage, MemberDetail, MemberHit } from "../../src/common/schemas/console";
import type { SearchResponse } from "../../src/common/schemas/members";
import { rowsOf } from "../../src/server/db/client";
import { insertEmailToken } from "../../src/server/features/auth/auth.repo";
import { hashToken, newToken } from "../../src/server/features/auth/tokens";
import { createMember } from "../support/factories";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, string> };
}

const db = () => t.testDb.database.db;

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A member with a partner who likes them and talks with them, both logged in. */
async function memberWithPartner() {
  const member = await t.loggedIn({ credits: 50, profile: { gender: "female" } });
  const partner = await t.loggedIn({ credits: 50, profile: { gender: "male" } });
  await member.client.post("/api/like.php", { id: partner.id });
  await partner.client.post("/api/like.php", { id: member.id });
  expect((await partner.client.post("/api/chat.php", { to: member.id, text: "Hello" })).status).toBe(200);
  return { member, partner };
}

/** What the partner can still see of the member: profile page, search, likes and chats. */
async function seenByPartner(partner: Awaited<ReturnType<typeof t.loggedIn>>, memberId: number) {
  const profile = (await partner.client.get(`/api/member.php?id=${memberId}`)).status;
  const search = (await partner.client.get<SearchResponse>("/api/members.php?gender=female&country=NL")).body.profiles.some((p) => p.id === memberId);
  const likes = await partner.client.get<{ matches: Array<{ id: number }>; liked_by: Array<{ id: number }> }>("/api/likes.php");
  const inLikes = [...likes.body.matches, ...likes.body.liked_by].some((p) => p.id === memberId);
  const chats = (await partner.client.get<{ chats: Array<{ profile: number }> }>("/api/chats.php")).body.chats.some((c) => c.profile === memberId);
  return { profile, search, likes: inLikes, chats };
}

describe("suspensions", () => {
  it("ends the member's sessions at once, hides them everywhere, tells them why, and lifts itself", async () => {
    const { member, partner } = await memberWithPartner();
    expect(await seenByPartner(partner, member.id)).toEqual({ profile: 200, search: true, likes: true, chats: true });
    const moderator = await signedInOperator(t, "moderator");

    const res = await moderator.client.post<{ until: string }>(`/api/console/members/${member.id}/suspension`, { days: 3, reason: "Insults in chat" });
    expect(res.status).toBe(200);
    expect(new Date(res.body.until).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);

    // Every request with the old cookie tells the member why, until logging out drops the cookie.
    const next = await member.client.get<ErrorBody>("/api/user.php");
    expect(next.status).toBe(403);
    expect(next.body.error.code).toBe("account_suspended");
    expect(next.body.error.details).toMatchObject({ reason: "Insults in chat", until: res.body.until });
    expect((await member.client.get<ErrorBody>("/api/settings.php")).body.error.code).toBe("account_suspended");
    expect((await member.client.get("/api/logout.php")).status).toBe(200);
    expect((await member.client.get<{ user: unknown }>("/api/user.php")).body.user).toBeNull();
    // Logging in again shows the same.
    const login = await t.client().post<ErrorBody>("/api/user.php", { email: member.email, password: "correct horse" });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({ code: "account_suspended", details: { reason: "Insults in chat" } });

    expect(await seenByPartner(partner, member.id)).toEqual({ profile: 404, search: false, likes: false, chats: false });

    // The audit row was written with the action.
    const trail = rowsOf<{ action: string; reason: string; operator_id: number }>(
      await db().execute(sql`SELECT action, reason, operator_id FROM audit_log WHERE member_id = ${member.id}`),
    );
    expect(trail).toEqual([{ action: "member.suspend", reason: "Insults in chat", operator_id: moderator.id }]);

    // Its end comes: the job puts the profile back, and the member logs in again.
    await db().execute(sql`UPDATE member_restrictions SET until = now() - interval '1 second' WHERE user_id = ${member.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'restriction-end' AND payload->>'userId' = ${String(member.id)}`);
    t.server.worker.wake();
    await waitFor(async () => (await partner.client.get(`/api/member.php?id=${member.id}`)).status === 200);
    expect(await seenByPartner(partner, member.id)).toEqual({ profile: 200, search: true, likes: true, chats: true });
    expect((await t.client().post("/api/user.php", { email: member.email, password: "correct horse" })).status).toBe(200);
  });

  it("keeps a suspended member out of login links and password resets too", async () => {
    const member = await createMember(db(), t.site.id);
    const moderator = await signedInOperator(t, "moderator");
    await moderator.client.post(`/api/console/members/${member.user.id}/suspension`, { days: 1, reason: "Spam" });
    const links = { login: newToken(), reset: newToken() };
    const expiresAt = new Date(Date.now() + 3_600_000);
    await insertEmailToken(db(), { tokenHash: hashToken(links.login), userId: member.user.id, kind: "login", expiresAt });
    await insertEmailToken(db(), { tokenHash: hashToken(links.reset), userId: member.user.id, kind: "reset", expiresAt });
    const viaLink = await t.client().post<ErrorBody>("/api/login-link.php", { token: links.login });
    expect(viaLink.body.error.code).toBe("account_suspended");
    const viaReset = await t
      .client()
      .post<ErrorBody>("/api/reset-password-do.php", { token: links.reset, password: "a new password 1", password_confirm: "a new password 1" });
    expect(viaReset.body.error.code).toBe("account_suspended");
    const live = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${member.user.id} AND revoked_at IS NULL`),
    );
    expect(live[0].n).toBe(0);
  });
});

describe("bans", () => {
  it("is for admins only; a ban has no end and the member is told the reason", async () => {
    const { member, partner } = await memberWithPartner();
    const moderator = await signedInOperator(t, "moderator");
    const admin = await signedInOperator(t, "admin");
    const refused = await moderator.client.post<ErrorBody>(`/api/console/members/${member.id}/ban`, { reason: "Scam" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("operator_forbidden");
    expect((await member.client.get<{ user: { id: number } }>("/api/user.php")).body.user.id).toBe(member.id);

    expect((await admin.client.post(`/api/console/members/${member.id}/ban`, { reason: "Scam" })).status).toBe(200);
    const next = await member.client.get<ErrorBody>("/api/chats.php");
    expect(next.body.error).toMatchObject({ code: "account_banned", details: { reason: "Scam" } });
    expect(next.body.error.message).toBe("Your account has been banned. Reason: Scam");
    const login = await t.client(undefined, "de").post<ErrorBody>("/api/user.php", { email: member.email, password: "correct horse" });
    expect(login.body.error.message).toBe("Dein Konto wurde gesperrt. Grund: Scam");
    expect(await seenByPartner(partner, member.id)).toEqual({ profile: 404, search: false, likes: false, chats: false });

    // Lifting puts everything back.
    expect((await admin.client.post(`/api/console/members/${member.id}/lift`, { reason: "Appeal accepted" })).status).toBe(200);
    expect(await seenByPartner(partner, member.id)).toEqual({ profile: 200, search: true, likes: true, chats: true });
    expect((await t.client().post("/api/user.php", { email: member.email, password: "correct horse" })).status).toBe(200);
  });

  it("does not bring a banned profile back when its address is confirmed later", async () => {
    const member = await createMember(db(), t.site.id, { status: "not_confirmed" });
    const admin = await signedInOperator(t, "admin");
    await admin.client.post(`/api/console/members/${member.user.id}/ban`, { reason: "Fake" });
    const { restoreProfileStatus } = await import("../../src/server/features/members/accessRestrictions");
    await db().execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${member.user.id}`);
    expect(await restoreProfileStatus(db(), member.user.id)).toBe(false);
  });
});

describe("audit log", () => {
  it("refuses every change and removal of a row, by anyone", async () => {
    const admin = await signedInOperator(t, "admin");
    const member = await createMember(db(), t.site.id);
    await admin.client.post(`/api/console/members/${member.user.id}/end-sessions`, { reason: "Asked by phone" });
    await expect(db().execute(sql`UPDATE audit_log SET reason = 'nothing' WHERE member_id = ${member.user.id}`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM audit_log WHERE member_id = ${member.user.id}`)).rejects.toThrow();
    await expect(db().execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const rows = rowsOf<{ reason: string }>(await db().execute(sql`SELECT reason FROM audit_log WHERE member_id = ${member.user.id}`));
    expect(rows).toEqual([{ reason: "Asked by phone" }]);
  });

  it("lets admins filter it by operator, action, member and day, a page at a time", async () => {
    const admin = await signedInOperator(t, "admin");
    const support = await signedInOperator(t, "support");
    const a = await createMember(db(), t.site.id);
    const b = await createMember(db(), t.site.id);
    await support.client.post(`/api/console/members/${a.user.id}/credits`, { credits: 5, reason: "Photo upload failed" });
    await support.client.post(`/api/console/members/${b.user.id}/end-sessions`, { reason: "Lost phone" });
    await admin.client.post(`/api/console/members/${b.user.id}/ban`, { reason: "Scam" });

    expect((await support.client.get("/api/console/audit")).status).toBe(403);
    const bySupport = await admin.client.get<AuditPage>(`/api/console/audit?operator_id=${support.id}`);
    // Newest first; the operator's own sign-in (operator.sign_in) is the oldest entry.
    expect(bySupport.body.entries.map((e) => e.action)).toEqual(["member.end_sessions", "member.grant_credits", "operator.sign_in"]);
    expect(bySupport.body.entries[1]).toMatchObject({
      operator: { id: support.id, email: support.email },
      member_id: a.user.id,
      reason: "Photo upload failed",
      details: { credits: 5 },
    });
    const bans = await admin.client.get<AuditPage>(`/api/console/audit?action=member.ban&member_id=${b.user.id}`);
    expect(bans.body.entries).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.client.get<AuditPage>(`/api/console/audit?member_id=${b.user.id}&from=${today}&to=${today}`)).body.entries).toHaveLength(2);
    expect((await admin.client.get<AuditPage>(`/api/console/audit?member_id=${b.user.id}&to=2020-01-01`)).body.entries).toHaveLength(0);
    expect((await admin.client.get("/api/console/audit?action=member.delete_everything")).status).toBe(400);
  });
});

describe("member lookup", () => {
  it("finds a member by e-mail, id or name, shows the account and ends their sessions", async () => {
    const member = await t.loggedIn({ name: "Zerlina Quast", credits: 7 });
    const support = await signedInOperator(t, "support");
    const find = async (q: string) =>
      (await support.client.get<{ members: MemberHit[] }>(`/api/console/members?q=${encodeURIComponent(q)}`)).body.members.map((m) => m.id);
    expect(await find(member.email.toUpperCase())).toEqual([member.id]);
    expect(await find(String(member.id))).toEqual([member.id]);
    expect(await find("rlina qu")).toEqual([member.id]);
    expect(await find("100%")).toEqual([]);

    const detail = await support.client.get<MemberDetail>(`/api/console/members/${member.id}`);
    expect(detail.body).toMatchObject({ id: member.id, email: member.email, name: "Zerlina Quast", credits: 7, restriction: null });
    expect(detail.body.sessions).toHaveLength(1);
    expect(detail.body.ledger[0]).toMatchObject({ delta: 7, balance_after: 7 });

    expect((await support.client.post(`/api/console/members/${member.id}/end-sessions`, { reason: "Stolen phone" })).status).toBe(200);
    expect((await member.client.get<{ user: unknown }>("/api/user.php")).body.user).toBeNull();
    const after = await support.client.get<MemberDetail>(`/api/console/members/${member.id}`);
    expect(after.body.sessions).toEqual([]);
    expect(after.body.audit[0]).toMatchObject({ action: "member.end_sessions", reason: "Stolen phone" });
    expect((await support.client.get(`/api/console/members/999999`)).status).toBe(404);
  });

  it("grants goodwill credits as a ledger row in the same transaction as its audit row", async () => {
    const member = await t.loggedIn({ credits: 3 });
    const support = await signedInOperator(t, "support");
    const res = await support.client.post<{ credits: number }>(`/api/console/members/${member.id}/credits`, { credits: 20, reason: "Message lost" });
    expect(res.body.credits).toBe(23);
    expect((await member.client.get<{ user: { credits: number } }>("/api/user.php")).body.user.credits).toBe(23);
    const [ledger] = rowsOf<{ delta: number; reason: string; ref: string; audit_id: number }>(
      await db().execute(
        sql`SELECT l.delta, l.reason, l.ref, a.id AS audit_id FROM credit_ledger l JOIN audit_log a ON l.ref = 'audit:' || a.id WHERE l.user_id = ${member.id} ORDER BY l.id DESC LIMIT 1`,
      ),
    );
    expect(ledger).toMatchObject({ delta: 20, reason: "bonus" });
    expect((await support.client.post<ErrorBody>(`/api/console/members/${member.id}/credits`, { credits: 20 })).status).toBe(400);
    expect((await support.client.post<ErrorBody>(`/api/console/members/${member.id}/credits`, { credits: 100_000, reason: "x" })).status).toBe(400);
  });
});
