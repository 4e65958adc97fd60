import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testProviderPayments } from "../../src/server/db/schema";
import { createMember } from "../support/factories";
import { rawRequest } from "../support/rawRequest";
import { appForFile, type TestApp } from "../support/testApp";

// Links in mails, pushes and payment calls come from the site's configured domain, never from the
// request's Host or X-Forwarded-* headers: a forged host would carry a member's token to another domain.

let t: TestApp;
appForFile((app) => (t = app), { domain: "dating.example" });

const FORGED = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http", "content-type": "application/json" };

async function mailsTo(to: string, count = 1): Promise<Array<{ text: string; html: string }>> {
  for (let i = 0; i < 100; i++) {
    const res = await t.client().get<{ mails: Array<{ text: string; html: string }> }>(`/dev/mail.json?to=${encodeURIComponent(to)}`);
    if (res.body.mails.length >= count) return res.body.mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

const links = (mail: { text: string; html: string }) => [...`${mail.text} ${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => new URL(m[0]));

describe("links in e-mails", () => {
  it("point to the site's own domain when a password reset is asked for with a forged Host", async () => {
    const victim = await createMember(t.testDb.database.db, t.site.id, { email: "victim@example.com" });
    const res = await rawRequest(t.baseUrl, {
      method: "POST",
      path: "/api/reset-password.php",
      headers: FORGED,
      body: JSON.stringify({ email: victim.email }),
    });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(victim.email);
    const found = links(mail);
    expect(found.some((l) => l.pathname === "/reset-password/do")).toBe(true);
    for (const link of found.filter((l) => l.searchParams.has("token"))) expect(link.origin).toBe("https://dating.example");
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
  });

  it("point to the site's own domain in the activation mail of a signup made with a forged Host", async () => {
    const body = JSON.stringify({ email: "newbie@example.com", name: "Newbie", password: "a-long-secret-1", date_of_birth: "1990-01-01" });
    const res = await rawRequest(t.baseUrl, { method: "POST", path: "/api/signup.php", headers: FORGED, body });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo("newbie@example.com");
    expect(links(mail).find((l) => l.pathname === "/api/activate.php")?.origin).toBe("https://dating.example");
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
  });
});

describe("payment addresses", () => {
  it("send the payer back to, and call the webhook on, the site's own domain", async () => {
    const member = await t.loggedIn();
    const cookie = `auth=${member.client.cookies.get("auth")}`;
    const offer = await member.client.get<{ bundles: Array<{ id: number }> }>("/api/credits.php");
    const res = await rawRequest<{ checkout_url: string }>(t.baseUrl, {
      method: "POST",
      path: "/api/payment.php",
      headers: { ...FORGED, cookie },
      body: JSON.stringify({ bundle_id: offer.body.bundles[0].id, method: "ideal" }),
    });
    expect(res.status).toBe(200);
    expect(new URL(res.body.checkout_url).origin).toBe("https://dating.example");
    const [row] = await t.testDb.database.db.select().from(testProviderPayments).orderBy(desc(testProviderPayments.createdAt)).limit(1);
    expect(new URL(row.redirectUrl).origin).toBe("https://dating.example");
    expect(new URL(row.webhookUrl).origin).toBe("https://dating.example");
  });
});
