import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DiscountCode } from "../../src/common/schemas/payments";
import type { UserResponse } from "../../src/common/schemas/user";
import { rowsOf } from "../../src/server/db/client";
import { appForFile, type TestApp } from "../support/testApp";

// Deleting an account: gone at once, back whole within 14 days by the e-mailed link, then erased.

let t: TestApp;
appForFile((app) => (t = app));

const db = () => t.testDb.database.db;
type ErrorBody = { error: { code: string; message: string } };

/** The link of the newest mail to `email`, from the dev mailbox. */
async function reactivationToken(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    await t.server.worker.drain();
    const { mails } = (await (await fetch(`${t.baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { mails: Array<{ text: string }> };
    const token = mails.map((m) => /\/reactivate\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reactivation mail to ${email}`);
}

describe("deleting an account", () => {
  it("hides and logs out at once; the mailed link restores everything and logs the member in", async () => {
    const m = await t.loggedIn({ name: "Lea", credits: 40, password: "lea-secret-1" });
    const friend = await t.loggedIn({ name: "Finn", credits: 40 });
    await m.client.post("/api/chat.php", { to: friend.id, text: "See you" });
    const wrong = await m.client.post<ErrorBody>("/api/account-delete.php", { reason: "taking_a_break", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("This password is not correct.");

    expect((await m.client.post("/api/account-delete.php", { reason: "taking_a_break", detail: "Busy at work", password: "lea-secret-1" })).status).toBe(200);
    expect((await m.client.get<UserResponse>("/api/user.php")).body.user).toBeNull();
    expect((await friend.client.get(`/api/member.php?id=${m.id}`)).status).toBe(404);
    expect((await t.client().post<ErrorBody>("/api/user.php", { email: m.email, password: "lea-secret-1" })).body.error.code).toBe("account_pending_deletion");
    const again = await t.client().post<ErrorBody>("/api/signup.php", { email: m.email, name: "Lea", password: "another-pass-1", date_of_birth: "1990-01-01" });
    expect(again.body.error.code).toBe("account_pending_deletion");

    const token = await reactivationToken(m.email);
    const back = t.client();
    expect((await back.post("/api/reactivate.php", { token })).status).toBe(200);
    const user = (await back.get<UserResponse>("/api/user.php")).body.user;
    expect(user).toMatchObject({ id: m.id, credits: 30 });
    expect((await friend.client.get(`/api/member.php?id=${m.id}`)).status).toBe(200);
    expect((await back.get<{ chats: unknown[] }>("/api/chats.php")).body.chats).toHaveLength(1);
    // The link works once.
    expect((await t.client().post<ErrorBody>("/api/reactivate.php", { token })).status).toBe(400);
  });

  it("erases the member after the window and keeps the payments without them; a reactivated account is left alone", async () => {
    const gone = await t.loggedIn({ password: "gone-secret-1" });
    const kept = await t.loggedIn({ password: "kept-secret-1" });
    await db().execute(sql`INSERT INTO payments (id, user_id, site_id, credits, method, currency, price, amount, status, provider, provider_customer_id, credited_at, paid_at, discount_code, discount_claim)
      VALUES (gen_random_uuid(), ${gone.id}, ${t.site.id}, 20, 'ideal', 'EUR', 999, 999, 'paid', 'test', 'cst_gone', now(), now(), 'WELCOME25', ${`first:${gone.id}`})`);
    await gone.client.post("/api/account-delete.php", { reason: "privacy", password: "gone-secret-1" });
    await kept.client.post("/api/account-delete.php", { reason: "other", password: "kept-secret-1" });
    await t.client().post("/api/reactivate.php", { token: await reactivationToken(kept.email) });

    // Fifteen days later.
    await db().execute(sql`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = ${gone.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'erase-account'`);
    await t.server.worker.drain();
    const users = rowsOf<{ id: number }>(await db().execute(sql`SELECT id FROM users WHERE id IN (${gone.id}, ${kept.id})`));
    expect(users.map((u) => u.id)).toEqual([kept.id]);
    const [payment] = rowsOf<{ user_id: number | null; amount: number; provider_customer_id: string | null; discount_claim: string | null }>(
      await db().execute(
        sql`SELECT user_id, amount, provider_customer_id, discount_claim FROM payments WHERE amount = 999 AND method = 'ideal' AND user_id IS NULL`,
      ),
    );
    expect(payment).toEqual({ user_id: null, amount: 999, provider_customer_id: null, discount_claim: null });
    const reasons = rowsOf<{ reason: string; erased: boolean; reactivated: boolean }>(
      await db().execute(sql`SELECT reason, erased_at IS NOT NULL AS erased, reactivated_at IS NOT NULL AS reactivated FROM account_deletions ORDER BY id`),
    );
    expect(reasons).toEqual(
      expect.arrayContaining([
        { reason: "privacy", erased: true, reactivated: false },
        { reason: "other", erased: false, reactivated: true },
      ]),
    );
  });

  it("offers the company's delete discount as a personal code instead", async () => {
    const m = await t.loggedIn();
    const offer = await m.client.post<DiscountCode>("/api/delete-offer.php");
    expect(offer.body).toMatchObject({ value_percentage: 50, user_id: m.id, validity: "once-per-user", expired: false });
    expect((await m.client.get<DiscountCode>(`/api/discountcode.php?code=${offer.body.code}`)).body.code).toBe(offer.body.code);
    const other = await t.loggedIn();
    expect((await other.client.get(`/api/discountcode.php?code=${offer.body.code}`)).status).toBe(404);
    expect((await t.client().post("/api/delete-offer.php")).status).toBe(403);
  });
});
