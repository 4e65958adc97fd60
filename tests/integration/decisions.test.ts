import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AppealQueue, AppealState, MemberNotice } from "../../src/common/schemas/decisions";
import { rowsOf } from "../../src/server/db/client";
import { signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";
import { devMails } from "../support/devMailbox";

// Decisions told (DSA Art. 17): the reported member and the reporters hear of a decision in their own
// language, on the site and by mail; the reported member appeals once; the appeal is decided by someone
// else than the moderator who decided, and its outcome is told the same way.

let t: TestApp;
appForFile((app) => (t = app));

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, string> };
}
const db = () => t.testDb.database.db;

const mailsTo = (email: string, count = 1) => devMails(t, email, count);

const notices = async (m: { client: TestClient }) => (await m.client.get<{ notices: MemberNotice[] }>("/api/notices.php")).body.notices;

async function reportedTwice(languages: { reported?: string; reporter?: string } = {}) {
  const reported = await t.loggedIn({ language: languages.reported ?? "en" });
  const reporter = await t.loggedIn({ language: languages.reporter ?? "en" });
  const other = await t.loggedIn();
  await reporter.client.post("/api/report.php", { id: reported.id, reason: "harassment", text: "Insults" });
  await other.client.post("/api/report.php", { id: reported.id, reason: "harassment" });
  return { reported, reporter, other };
}

describe("a decision on reports", () => {
  it("tells the suspended member the rule, action, length and how to appeal in their language, and the reporters only that we acted", async () => {
    const { reported, reporter, other } = await reportedTwice({ reported: "de", reporter: "fi" });
    const moderator = await signedInOperator(t, "moderator");
    const res = await moderator.client.post(`/api/console/reports/${reported.id}/decision`, { decision: "suspend", days: 7, reason: "Insulted two members" });
    expect(res.status).toBe(200);

    const [toReported] = await mailsTo(reported.email);
    expect(toReported.subject).toMatch(/^Unsere Entscheidung zu deinem Konto/);
    expect(toReported.text).toContain("Verletzte Regel: Respekt gegenüber anderen Mitgliedern");
    expect(toReported.text).toContain("„Insulted two members“");
    expect(toReported.text).toMatch(/dein Konto ist bis .+ gesperrt/);
    const appealLink = /\/appeal\?key=([A-Za-z0-9_-]+)/.exec(toReported.text);
    expect(appealLink).not.toBeNull();

    const [toReporter] = await mailsTo(reporter.email);
    expect(toReporter.subject).toBe("Tarkistimme ilmoituksesi");
    expect(toReporter.text).toContain("ryhdyimme toimiin sääntöjemme mukaisesti");
    expect(toReporter.text).not.toContain("Insulted two members");
    expect(toReporter.text).not.toMatch(/jäädytetty|suspend/i);
    expect(await mailsTo(other.email)).toHaveLength(1);

    // On the site: the reporter's notice says we acted, nothing of the sanction; seen once, it is gone.
    const [notice] = await notices(reporter);
    expect(notice).toEqual({ id: expect.any(Number), kind: "report_outcome", at: expect.any(String), acted: true, about: expect.any(String) });
    expect((await reporter.client.post("/api/notices.php", { id: notice.id })).status).toBe(200);
    expect(await notices(reporter)).toEqual([]);
    expect((await other.client.post<ErrorBody>("/api/notices.php", { id: notice.id })).status).toBe(404);

    // The suspended member is turned away with the reason and the key of the appeal form.
    const turnedAway = await reported.client.get<ErrorBody>("/api/user.php");
    expect(turnedAway.body.error.code).toBe("account_suspended");
    expect(turnedAway.body.error.details?.appeal).toBe(appealLink?.[1]);
    const state = await t.client().get<AppealState>(`/api/appeal.php?key=${appealLink?.[1]}`);
    expect(state.body).toMatchObject({ decision: "suspend", rule: "harassment", reason: "Insulted two members", appealed: false, outcome: null });

    const trail = rowsOf<{ action: string }>(await db().execute(sql`SELECT action FROM audit_log WHERE member_id = ${reported.id} ORDER BY id`));
    expect(trail.map((r) => r.action)).toEqual(["member.suspend", "reports.decide"]);
  });

  it("tells only the reporters of a dismissal, and a dismissal cannot be appealed", async () => {
    const { reported, reporter } = await reportedTwice();
    const moderator = await signedInOperator(t, "moderator");
    await moderator.client.post(`/api/console/reports/${reported.id}/decision`, { decision: "dismiss", reason: "Banter between both" });
    const [mail] = await mailsTo(reporter.email);
    expect(mail.text).toContain("we found no breach of our rules");
    expect((await notices(reporter))[0]).toMatchObject({ kind: "report_outcome", acted: false });
    expect(await notices(reported)).toEqual([]);
    const [row] = rowsOf<{ n: string }>(
      await db().execute(sql`SELECT count(*) AS n FROM report_decisions WHERE member_id = ${reported.id} AND appeal_key IS NULL`),
    );
    expect(Number(row.n)).toBe(1);
  });

  it("keeps support out of deciding reports and appeals", async () => {
    const { reported } = await reportedTwice();
    const support = await signedInOperator(t, "support");
    expect((await support.client.post<ErrorBody>(`/api/console/reports/${reported.id}/decision`, { decision: "warn", reason: "x" })).body.error.code).toBe(
      "operator_forbidden",
    );
    expect((await support.client.get<ErrorBody>("/api/console/appeals")).status).toBe(403);
    expect((await support.client.post<ErrorBody>("/api/console/appeals/1", { outcome: "upheld", reason: "x" })).status).toBe(403);
    expect((await reported.client.get<ErrorBody>("/api/console/appeals")).status).toBe(403);
  });
});

describe("an appeal", () => {
  it("is lodged once, decided by another moderator (not the one who decided), and a reversal lifts the ban", async () => {
    const { reported, reporter } = await reportedTwice({ reported: "fi" });
    const admin = await signedInOperator(t, "admin");
    expect((await admin.client.post(`/api/console/reports/${reported.id}/ban`, { reason: "Threats", rule: "harassment" })).status).toBe(200);
    const [mail] = await mailsTo(reported.email);
    expect(mail.text).toContain("tilisi on suljettu pysyvästi");
    const key = /\/appeal\?key=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";

    const short = await t.client().post<ErrorBody>("/api/appeal.php", { key, text: "no" });
    expect(short.status).toBe(400);
    expect((await t.client().post<ErrorBody>("/api/appeal.php", { key: "x".repeat(43), text: "That was my brother using my phone" })).status).toBe(404);
    expect((await t.client().post("/api/appeal.php", { key, text: "That was my brother using my phone" })).status).toBe(200);
    const twice = await t.client().post<ErrorBody>("/api/appeal.php", { key, text: "Please, it really was not me" });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("appeal_already");
    // The ban page no longer offers the form.
    expect((await reported.client.get<ErrorBody>("/api/user.php")).body.error.details?.appeal).toBeUndefined();

    const moderator = await signedInOperator(t, "moderator");
    const queue = await moderator.client.get<AppealQueue>("/api/console/appeals");
    const appeal = queue.body.appeals.find((a) => a.member.id === reported.id);
    expect(appeal).toMatchObject({
      decision: "ban",
      rule: "harassment",
      reason: "Threats",
      appeal_text: "That was my brother using my phone",
      may_decide: true,
    });
    expect(appeal?.report_reasons).toEqual(["harassment", "harassment"]);

    const reversed = await moderator.client.post(`/api/console/appeals/${appeal?.id}`, { outcome: "reversed", reason: "Credible account of a shared phone" });
    expect(reversed.status).toBe(200);
    expect((await moderator.client.post<ErrorBody>(`/api/console/appeals/${appeal?.id}`, { outcome: "upheld", reason: "again" })).status).toBe(404);

    const outcome = (await mailsTo(reported.email, 2)).find((m) => m.subject === "Päätöksemme valituksestasi");
    expect(outcome?.text).toContain("Kumosimme päätöksen");
    expect(outcome?.text).toContain("Credible account of a shared phone");
    // Lifted: the member logs in again and sees the outcome on the site.
    const again = t.client();
    expect((await again.post("/api/user.php", { email: reported.email, password: "correct horse" })).status).toBe(200);
    const seen = await again.get<{ notices: MemberNotice[] }>("/api/notices.php");
    expect(seen.body.notices.map((n) => n.kind)).toEqual(["decision", "appeal_outcome"]);
    expect(seen.body.notices[1]).toMatchObject({ outcome: "reversed", reason: "Credible account of a shared phone" });
    // The reporter's notice no longer says we acted.
    expect((await notices(reporter))[0]).toMatchObject({ acted: false });

    const trail = rowsOf<{ action: string }>(await db().execute(sql`SELECT action FROM audit_log WHERE member_id = ${reported.id} ORDER BY id`));
    expect(trail.map((r) => r.action)).toEqual(["member.ban", "reports.decide", "member.lift", "reports.appeal"]);
  });

  it("of a warning cannot be decided by the moderator who warned; an admin may, and upholding it changes nothing", async () => {
    const { reported } = await reportedTwice();
    const moderator = await signedInOperator(t, "moderator");
    await moderator.client.post(`/api/console/reports/${reported.id}/decision`, { decision: "warn", reason: "Rude messages" });
    const [notice] = await notices(reported);
    expect(notice).toMatchObject({ kind: "decision", decision: "warn", rule: "harassment", reason: "Rude messages", appeal: expect.any(String) });
    expect((await reported.client.post("/api/appeal.php", { key: notice.appeal, text: "I was only joking with a friend" })).status).toBe(200);

    const own = await moderator.client.get<AppealQueue>("/api/console/appeals");
    const appeal = own.body.appeals.find((a) => a.member.id === reported.id);
    expect(appeal?.may_decide).toBe(false);
    const refused = await moderator.client.post<ErrorBody>(`/api/console/appeals/${appeal?.id}`, { outcome: "reversed", reason: "Mine" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("appeal_own_decision");

    const admin = await signedInOperator(t, "admin");
    expect((await admin.client.post(`/api/console/appeals/${appeal?.id}`, { outcome: "upheld", reason: "Still rude" })).status).toBe(200);
    const mails = await mailsTo(reported.email, 2);
    expect(mails.some((m) => m.text.includes("The decision stands."))).toBe(true);
    expect((await reported.client.get("/api/user.php")).status).toBe(200);
  });
});

describe("the reporters of an appealed decision", () => {
  /** The reported member appeals with the key in the decision's mail; an admin decides the appeal. */
  async function appealDecided(reported: { email: string; id: number }, outcome: "upheld" | "reversed", reason: string) {
    const [decision] = await mailsTo(reported.email);
    const key = /\/appeal\?key=([A-Za-z0-9_-]+)/.exec(decision.text)?.[1];
    expect((await t.client().post("/api/appeal.php", { key, text: "Please look at this again" })).status).toBe(200);
    const admin = await signedInOperator(t, "admin");
    const appeal = (await admin.client.get<AppealQueue>("/api/console/appeals")).body.appeals.find((a) => a.member.id === reported.id);
    expect((await admin.client.post(`/api/console/appeals/${appeal?.id}`, { outcome, reason })).status).toBe(200);
  }

  it("hear in their language that a reversal gave the member their account back, without the sanction or the reasons", async () => {
    const { reported, reporter, other } = await reportedTwice({ reporter: "fi" });
    const moderator = await signedInOperator(t, "moderator");
    await moderator.client.post(`/api/console/reports/${reported.id}/decision`, { decision: "suspend", days: 7, reason: "Insulted two members" });
    await appealDecided(reported, "reversed", "Their brother had their phone");

    const toReporter = (await mailsTo(reporter.email, 2)).find((m) => m.subject === "Uutta ilmoituksestasi");
    expect(toReporter?.text).toContain("valitti päätöksestämme");
    expect(toReporter?.text).toContain("Tarkistuksessa todettiin, ettei toimenpide ollut perusteltu, joten peruimme sen. Jäsenen tili on taas käytössä.");
    const toOther = (await mailsTo(other.email, 2)).find((m) => m.subject === "An update on your report");
    expect(toOther?.text).toContain("someone else on our team reviewed it again.");
    expect(toOther?.text).toContain("the member's account is available again.");
    for (const mail of [toReporter, toOther]) {
      expect(mail?.text).not.toContain("Their brother");
      expect(mail?.text).not.toContain("Insulted");
      expect(mail?.text).not.toMatch(/suspend|jäädytetty|days|päivä/i);
    }

    const told = (await notices(other)).find((n) => n.kind === "report_appeal_outcome");
    expect(told).toEqual({
      id: expect.any(Number),
      kind: "report_appeal_outcome",
      at: expect.any(String),
      about: expect.any(String),
      outcome: "reversed",
      restored: true,
    });
    // The member who appealed, back in, hears the reasons; nothing meant for the reporters.
    const again = t.client();
    expect((await again.post("/api/user.php", { email: reported.email, password: "correct horse" })).status).toBe(200);
    const own = (await again.get<{ notices: MemberNotice[] }>("/api/notices.php")).body.notices;
    expect(own.map((n) => n.kind)).toEqual(["decision", "appeal_outcome"]);
    expect(own[1]).toMatchObject({ outcome: "reversed", reason: "Their brother had their phone" });
  });

  it("hear that an upheld decision stands, and that a withdrawn warning is withdrawn (the member had lost nothing)", async () => {
    const upheld = await reportedTwice();
    const moderator = await signedInOperator(t, "moderator");
    await moderator.client.post(`/api/console/reports/${upheld.reported.id}/decision`, { decision: "warn", reason: "Rude messages" });
    await appealDecided(upheld.reported, "upheld", "Still rude");
    const stands = (await mailsTo(upheld.reporter.email, 2)).find((m) => m.subject === "An update on your report");
    expect(stands?.text).toContain("The review confirmed that our rules were broken, so our decision stands.");
    expect(stands?.text).not.toContain("Still rude");
    expect((await notices(upheld.reporter)).find((n) => n.kind === "report_appeal_outcome")).toMatchObject({ outcome: "upheld", restored: false });

    const withdrawn = await reportedTwice({ reporter: "de" });
    await moderator.client.post(`/api/console/reports/${withdrawn.reported.id}/decision`, { decision: "warn", reason: "Rude messages" });
    await appealDecided(withdrawn.reported, "reversed", "It was a joke between friends");
    const mail = (await mailsTo(withdrawn.reporter.email, 2)).find((m) => m.subject === "Neuigkeiten zu deiner Meldung");
    expect(mail?.text).toContain("Wir haben sie deshalb aufgehoben.");
    expect(mail?.text).not.toContain("Konto des Mitglieds");
    expect((await notices(withdrawn.reporter)).find((n) => n.kind === "report_appeal_outcome")).toMatchObject({ outcome: "reversed", restored: false });
  });
});
