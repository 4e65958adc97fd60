import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { generate } from "otplib";
import type { MemberDetail, RefundResponse, TotpSetup } from "../../src/common/schemas/console";
import type { Operations } from "../../src/common/schemas/operations";
import type { CreditsOffer, StartPaymentResponse } from "../../src/common/schemas/payments";
import { rowsOf } from "../../src/server/db/client";
import { moveCredits } from "../../src/server/features/credits/ledger";
import { createMember } from "../support/factories";
import { OPERATOR_PASSWORD, signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";
import { devMails } from "../support/devMailbox";

// The console's operations on a member beyond lookup (issue 16): refunds, activation mail, the
// fictional label, the erasure, the operations screen, and the operators' own sign-ins.

let t: TestApp;
appForFile((app) => (t = app));

const db = () => t.testDb.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query))[0];

interface ErrorBody {
  error: { code: string; message: string };
}

/** The member buys the first bundle (20 credits) with iDEAL at the test provider and pays. */
async function bought(client: TestClient): Promise<string> {
  const offer = await client.get<CreditsOffer>("/api/credits.php");
  const res = await client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.body.bundles[0].id, method: "ideal" });
  expect(res.status).toBe(200);
  const paid = await fetch(res.body.checkout_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "outcome=paid",
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  await client.get(`/api/payment.php?id=${res.body.payment_id}`);
  return res.body.payment_id;
}

const atProvider = (paymentId: string) =>
  one<{ refunded: number; amount: number; keys: number }>(
    sql`SELECT t.refunded, t.amount, jsonb_array_length(t.refund_keys)::int AS keys FROM test_provider_payments t JOIN payments p ON p.provider_payment_id = t.id WHERE p.id = ${paymentId}`,
  );
const refundRows = async (userId: number) =>
  await one<{ n: number; sum: number }>(
    sql`SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS sum FROM credit_ledger WHERE user_id = ${userId} AND reason = 'refund'`,
  );
const refund = (client: TestClient, memberId: number, paymentId: string, reason = "Member complained: charged twice") =>
  client.post<RefundResponse & ErrorBody>(`/api/console/members/${memberId}/payments/${paymentId}/refund`, { reason });

const mailbox = (email: string, count = 1) => devMails(t, email, count);

describe("an admin refunds a payment", () => {
  it("pays the money back in full and takes back only the credits of the purchase not yet spent (first bought, first spent)", async () => {
    const m = await t.loggedIn();
    const id = await bought(m.client);
    const { credits } = await one<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${m.id}`);
    // The signup credits go first, then 15 of the 20 bought: 5 of the purchase are left.
    await moveCredits(db(), m.id, -(credits - 5), "message");
    const admin = await signedInOperator(t, "admin");
    const res = await refund(admin.client, m.id, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "refunded", credits_taken_back: 5, credits: 0, paid_user: false });
    const provider = await atProvider(id);
    expect(provider.refunded).toBe(provider.amount);
    expect(await refundRows(m.id)).toEqual({ n: 1, sum: -5 });
    const detail = (await admin.client.get<MemberDetail>(`/api/console/members/${m.id}`)).body;
    expect(detail.payments[0].status).toBe("refunded");
    expect(detail.audit[0]).toMatchObject({
      action: "member.refund",
      reason: "Member complained: charged twice",
      details: { payment_id: id, credits: 20, credits_taken_back: 5, amount: provider.amount },
    });
  });

  it("mails the member in their language the amount refunded, the payment and the credits taken back, once per refund", async () => {
    const m = await t.loggedIn({ language: "nl" });
    const first = await bought(m.client);
    const second = await bought(m.client);
    const { credits } = await one<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${m.id}`);
    // The signup credits and all 20 of the first purchase are spent, and 5 of the second: 15 are left of it.
    await moveCredits(db(), m.id, -(credits - 15), "message");
    const admin = await signedInOperator(t, "admin");
    expect((await refund(admin.client, m.id, first)).body.credits_taken_back).toBe(0);
    const both = await Promise.all([refund(admin.client, m.id, second), refund(admin.client, m.id, second)]);
    expect(both.map((r) => r.body.credits_taken_back).sort()).toEqual([0, 15]);

    const mails = await mailbox(m.email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual(["We hebben je betaling terugbetaald", "We hebben je betaling terugbetaald"]);
    const mailOf = (id: string) => mails.find((mail) => mail.text.includes(`/transactions/${id}`));
    for (const id of [first, second]) {
      const mail = mailOf(id);
      const paid = await one<{ amount: number; invoice_number: string; day: string }>(
        sql`SELECT amount, invoice_number, to_char(paid_at AT TIME ZONE 'UTC', 'FMDD') AS day FROM payments WHERE id = ${id}`,
      );
      // Dutch money in the Netherlands, as Intl writes it: "€ 9,99" with a no-break space.
      const amount = `€\u00a0${Math.floor(paid.amount / 100)},${String(paid.amount % 100).padStart(2, "0")}`;
      expect(mail?.text).toContain(`We hebben je betaling van ${paid.day} `);
      expect(mail?.text).toContain(`(betaalbewijs ${paid.invoice_number}) voor 20 credits terugbetaald: je krijgt ${amount} terug`);
      expect(mail?.text).not.toContain("charged twice");
    }
    expect(mailOf(first)?.text).toContain("Je had de credits van deze aankoop al gebruikt, dus er is niets van je saldo afgehaald.");
    expect(mailOf(second)?.text).toContain("We hebben 15 ongebruikte credits van deze aankoop van je saldo afgehaald.");
    // Queued with the refund, once: the second click of the same refund queued nothing.
    const queued = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${m.email}`);
    expect(queued.n).toBe(2);
  });

  it("refunds once when clicked twice at the same moment, and again later answers the same", async () => {
    const m = await t.loggedIn();
    const first = await bought(m.client);
    await bought(m.client);
    const admin = await signedInOperator(t, "admin");
    const both = await Promise.all([refund(admin.client, m.id, first), refund(admin.client, m.id, first)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await refund(admin.client, m.id, first)).body.status).toBe("refunded");
    const provider = await atProvider(first);
    expect(provider).toMatchObject({ refunded: provider.amount, keys: 1 });
    expect(await refundRows(m.id)).toEqual({ n: 1, sum: -20 });
    expect(both.map((r) => r.body.credits_taken_back).sort()).toEqual([0, 20]);
    // Another purchase is kept: premium stays.
    expect((await admin.client.get<MemberDetail>(`/api/console/members/${m.id}`)).body.paid_user).toBe(true);
    const audit = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'member.refund' AND member_id = ${m.id}`);
    expect(audit.n).toBe(1);
  });

  it("changes nothing when the provider fails, and works once it answers again", async () => {
    const m = await t.loggedIn();
    const id = await bought(m.client);
    const before = await one<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${m.id}`);
    const admin = await signedInOperator(t, "admin");
    await db().execute(sql`UPDATE test_provider_payments SET status = 'expired' WHERE id = (SELECT provider_payment_id FROM payments WHERE id = ${id})`);
    const failed = await refund(admin.client, m.id, id);
    expect(failed.status).toBe(503);
    expect(await one(sql`SELECT status FROM payments WHERE id = ${id}`)).toEqual({ status: "paid" });
    expect(await one(sql`SELECT credits, paid_user FROM users WHERE id = ${m.id}`)).toEqual({ credits: before.credits, paid_user: true });
    expect(await refundRows(m.id)).toEqual({ n: 0, sum: 0 });
    expect(await one(sql`SELECT count(*)::int AS n FROM audit_log WHERE member_id = ${m.id}`)).toEqual({ n: 0 });
    expect(await one(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${m.email}`)).toEqual({ n: 0 });
    await db().execute(sql`UPDATE test_provider_payments SET status = 'paid' WHERE id = (SELECT provider_payment_id FROM payments WHERE id = ${id})`);
    expect((await refund(admin.client, m.id, id)).body).toMatchObject({ status: "refunded", credits_taken_back: 20 });
  });

  it("is for admins only, within the refund days, on the member's own payments", async () => {
    const m = await t.loggedIn();
    const other = await t.loggedIn();
    const id = await bought(m.client);
    for (const role of ["moderator", "support"] as const) {
      const op = await signedInOperator(t, role);
      const res = await refund(op.client, m.id, id);
      expect(res.status, role).toBe(403);
      expect(res.body.error.code).toBe("operator_forbidden");
    }
    expect((await m.client.post(`/api/console/members/${m.id}/payments/${id}/refund`, { reason: "x" })).status).toBe(403);
    const admin = await signedInOperator(t, "admin");
    expect((await refund(admin.client, other.id, id)).status).toBe(404);
    expect((await refund(admin.client, m.id, "not-a-payment")).status).toBe(400);
    expect((await refund(admin.client, m.id, id, " ")).status).toBe(400);
    await db().execute(sql`UPDATE payments SET paid_at = now() - interval '15 days' WHERE id = ${id}`);
    const late = await refund(admin.client, m.id, id);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe("Refunds are possible within 14 days of the purchase; that time has passed.");
    expect((await atProvider(id)).refunded).toBe(0);
  });
});

describe("activation mail, fictional label and erasure from the console", () => {
  const member = async (options?: Parameters<typeof createMember>[2]) => {
    const made = await createMember(db(), t.site.id, options);
    return { id: made.user.id, email: made.email };
  };
  const mailsTo = async (email: string) =>
    rowsOf<{ text: string }>(await db().execute(sql`SELECT payload->>'text' AS text FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${email} ORDER BY id`));

  it("lets support send a fresh activation link to a member who has not confirmed, and refuses it for a confirmed one", async () => {
    const waiting = await member({ status: "not_confirmed" });
    const confirmed = await member();
    const support = await signedInOperator(t, "support");
    const res = await support.client.post(`/api/console/members/${waiting.id}/resend-activation`, { reason: "Member phoned: no mail came" });
    expect(res.status, res.text).toBe(200);
    const mails = await mailsTo(waiting.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\/api\/activate\.php\?token=/);
    expect((await support.client.post(`/api/console/members/${confirmed.id}/resend-activation`, { reason: "x" })).status).toBe(400);
    const moderator = await signedInOperator(t, "moderator");
    expect((await moderator.client.post(`/api/console/members/${waiting.id}/resend-activation`, { reason: "x" })).status).toBe(403);
    expect(await one(sql`SELECT action, reason FROM audit_log WHERE member_id = ${waiting.id}`)).toEqual({
      action: "member.resend_activation",
      reason: "Member phoned: no mail came",
    });
  });

  it("sets and removes the fictional label, which members then see", async () => {
    const profile = await member();
    const viewer = await t.loggedIn();
    const support = await signedInOperator(t, "support");
    const set = (fictional: boolean) => support.client.post(`/api/console/members/${profile.id}/fictional`, { fictional, reason: "Agency profile" });
    const on = await set(true);
    expect(on.status, on.text).toBe(200);
    expect((await support.client.get<MemberDetail>(`/api/console/members/${profile.id}`)).body.fictional).toBe(true);
    const seen = await viewer.client.get<{ profile: { fictional: boolean } }>(`/api/member.php?id=${profile.id}`);
    expect(seen.body.profile.fictional).toBe(true);
    expect((await set(false)).status).toBe(200);
    expect((await support.client.get<MemberDetail>(`/api/console/members/${profile.id}`)).body.fictional).toBe(false);
    expect((await support.client.post(`/api/console/members/999999/fictional`, { fictional: true, reason: "x" })).status).toBe(404);
  });

  it("lets only an admin start an erasure, confirmed and with a reason: the member is gone at once and erased after the window", async () => {
    const m = await t.loggedIn();
    const support = await signedInOperator(t, "support");
    const admin = await signedInOperator(t, "admin");
    const erase = (client: TestClient, body: object) => client.post<ErrorBody>(`/api/console/members/${m.id}/erasure`, body);
    expect((await erase(support.client, { confirm: true, reason: "GDPR request by mail" })).status).toBe(403);
    expect((await erase(admin.client, { reason: "GDPR request by mail" })).status).toBe(400);
    expect((await erase(admin.client, { confirm: true, reason: "" })).status).toBe(400);
    expect((await erase(admin.client, { confirm: true, reason: "GDPR request by mail" })).status).toBe(200);
    // The member's session ended; their profile is hidden; the reactivation mail and the erase job are queued.
    expect((await m.client.get<{ user: unknown }>("/api/user.php")).body.user).toBeNull();
    expect(await one(sql`SELECT status FROM profiles WHERE id = ${m.id}`)).toEqual({ status: "disabled" });
    expect((await mailsTo(m.email))[0].text).toMatch(/\/reactivate\?token=/);
    const job = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'erase-account' AND (payload->>'userId')::int = ${m.id} AND run_at > now() + interval '13 days'`,
    );
    expect(job.n).toBe(1);
    const again = await erase(admin.client, { confirm: true, reason: "twice" });
    expect(again.body.error.code).toBe("account_pending_deletion");
    expect(await one(sql`SELECT count(*)::int AS n FROM audit_log WHERE member_id = ${m.id} AND action = 'member.erase'`)).toEqual({ n: 1 });
  });
});

describe("the operations screen", () => {
  const overview = (client: TestClient) => client.get<Operations>("/api/console/operations");

  it("shows support and admins the failed jobs with a safe error, and tries one again (audited)", async () => {
    const support = await signedInOperator(t, "support");
    const moderator = await signedInOperator(t, "moderator");
    expect((await overview(moderator.client)).status).toBe(403);
    const [{ id }] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO jobs (kind, payload, attempts, max_attempts, failed_at, last_error)
        VALUES ('ops-test-kind', ${JSON.stringify({ to: "anna@example.com", text: "Dear Anna, the secret text" })}::jsonb, 3, 3, now(),
          ${"550 <anna@example.com> mailbox unavailable\n    at SMTPConnection._formatError"}) RETURNING id::int AS id`),
    );
    const seen = await overview(support.client);
    expect(seen.status).toBe(200);
    const job = seen.body.failed_jobs.find((j) => j.id === id);
    expect(job).toMatchObject({ kind: "ops-test-kind", attempts: 3, max_attempts: 3, error: "550 <[address]> mailbox unavailable", next_try_at: null });
    expect(JSON.stringify(seen.body)).not.toMatch(/secret text|anna@example/);

    expect((await support.client.post(`/api/console/operations/jobs/${id}/retry`, {})).status).toBe(200);
    expect(await one(sql`SELECT action, details->>'kind' AS kind FROM audit_log WHERE operator_id = ${support.id} AND action = 'jobs.retry'`)).toEqual({
      action: "jobs.retry",
      kind: "ops-test-kind",
    });
    // One more try (there is no handler for this kind: it fails and gives up again). The retry wakes
    // the app's own worker, which may hold the job while the drain finds nothing left to take.
    await t.server.worker.drain();
    await vi.waitFor(async () =>
      expect(await one(sql`SELECT attempts, max_attempts, failed_at IS NOT NULL AS dead FROM jobs WHERE id = ${id}`)).toEqual({
        attempts: 4,
        max_attempts: 4,
        dead: true,
      }),
    );
    expect((await support.client.post("/api/console/operations/jobs/999999999/retry", {})).status).toBe(404);
  });

  it("lists payments open or pending too long, and counts today's signups and purchases", async () => {
    const admin = await signedInOperator(t, "admin");
    const before = (await overview(admin.client)).body;
    const m = await t.loggedIn();
    const offer = await m.client.get<CreditsOffer>("/api/credits.php");
    const open = await m.client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.body.bundles[0].id, method: "ideal" });
    const fresh = await m.client.post<StartPaymentResponse>("/api/payment.php", { bundle_id: offer.body.bundles[0].id, method: "creditcard" });
    await db().execute(sql`UPDATE payments SET created_at = now() - interval '25 hours' WHERE id = ${open.body.payment_id}`);
    await bought(m.client);
    const after = (await overview(admin.client)).body;
    const stuck = after.stuck_payments.map((p) => p.id);
    expect(stuck).toContain(open.body.payment_id);
    expect(stuck).not.toContain(fresh.body.payment_id);
    expect(after.stuck_payments.find((p) => p.id === open.body.payment_id)).toMatchObject({ member_id: m.id, status: "open", method: "ideal" });
    expect(after.stuck_after_hours).toBe(24);
    expect(after.today.signups).toBe(before.today.signups + 1);
    expect(after.today.purchases).toBe(before.today.purchases + 1);
    expect(after.today).toMatchObject({
      reports_waiting: expect.any(Number),
      photos_waiting: expect.any(Number),
      complaints_open: expect.any(Number),
      verifications_waiting: 0,
    });
  });
});

describe("operators' own sign-ins", () => {
  const trail = async (operatorId: number) =>
    rowsOf<{ action: string; details: Record<string, unknown> }>(
      await db().execute(sql`SELECT action, details FROM audit_log WHERE operator_id = ${operatorId} ORDER BY id`),
    );

  it("writes every sign-in and every failed try of an operator's account in the audit log", async () => {
    const op = await signedInOperator(t, "support");
    const client = t.client({ "x-forwarded-for": "203.0.113.9" });
    expect((await client.post("/api/console/session", { email: op.email, password: "not it" })).status).toBe(401);
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
    expect((await client.post("/api/console/session", { email: "nobody@staff.example", password: "x" })).status).toBe(401);
    expect(await one(sql`SELECT count(*)::int AS n FROM audit_log`)).toEqual(before);
    expect((await client.post("/api/console/session", { email: op.email, password: OPERATOR_PASSWORD })).status).toBe(200);
    const rows = await trail(op.id);
    expect(rows.map((r) => r.action)).toEqual(["operator.sign_in", "operator.sign_in_failed", "operator.sign_in"]);
    expect(rows[1].details).toMatchObject({ step: "password", ip: expect.any(String) });
    expect(rows[2].details).toMatchObject({ second_factor: false });
  });

  it("writes a wrong second-factor code, and the sign-in once the code completes it", async () => {
    const op = await signedInOperator(t, "admin");
    const setup = await op.client.post<TotpSetup>("/api/console/totp");
    await op.client.post("/api/console/totp/activate", { code: await generate({ secret: setup.body.secret }) });
    const client = t.client();
    await client.post("/api/console/session", { email: op.email, password: OPERATOR_PASSWORD });
    expect((await client.post("/api/console/code", { code: "000000" })).status).toBe(400);
    const code = await generate({ secret: setup.body.secret, epoch: Date.now() / 1000 + 30 });
    expect((await client.post<{ step: string }>("/api/console/code", { code })).body.step).toBe("done");
    const rows = (await trail(op.id)).slice(-3);
    expect(rows.map((r) => [r.action, r.details.step ?? r.details.second_factor])).toEqual([
      ["operator.sign_in", false],
      ["operator.sign_in_failed", "code"],
      ["operator.sign_in", true],
    ]);
  });

  it("deletes operator sessions a day after they expired or ended, with the job worker's prune", async () => {
    const op = await signedInOperator(t, "moderator");
    await db().execute(sql`INSERT INTO operator_sessions (token_hash, operator_id, expires_at, revoked_at) VALUES
      ('ops-expired', ${op.id}, now() - interval '2 days', NULL),
      ('ops-ended', ${op.id}, now() + interval '1 hour', now() - interval '2 days'),
      ('ops-recent', ${op.id}, now() - interval '1 hour', NULL)`);
    expect(await t.server.worker.prune()).toBeGreaterThanOrEqual(2);
    const left = rowsOf<{ token_hash: string }>(await db().execute(sql`SELECT token_hash FROM operator_sessions WHERE operator_id = ${op.id} ORDER BY id`));
    expect(left.map((r) => r.token_hash)).toEqual([expect.any(String), "ops-recent"]);
    // The live sign-in still works.
    expect((await op.client.get<{ step: string }>("/api/console/session")).body.step).toBe("done");
  });
});
