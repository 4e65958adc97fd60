import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/rawRequest";
import { startSmtpSink } from "../support/smtpSink";
import { startTestApp, type TestApp } from "../support/testApp";

// Production is decided by configuration: NODE_ENV=production (or any production variable) turns off
// every dev door, refuses hosts that are no site's domain, and hardens cookies and headers.

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ domain: "dating.example", env: { NODE_ENV: "production", SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const SITE = { host: "dating.example" };

describe("a production server", () => {
  it("answers its site's domain, with or without www. and a port", async () => {
    for (const host of ["dating.example", "www.dating.example", "DATING.example:443"]) {
      expect((await rawRequest(t.baseUrl, { path: "/api/settings.php", headers: { host } })).status, host).toBe(200);
    }
  });

  it("refuses a host that is no site's domain with 421 in the visitor's language, instead of serving another site", async () => {
    for (const host of ["evil.example", "127.0.0.1", "dating.example.evil.example"]) {
      const res = await rawRequest<{ error: { code: string; message: string } }>(t.baseUrl, { path: "/api/settings.php", headers: { host } });
      expect(res.status, host).toBe(421);
      expect(res.body.error.code).toBe("misdirected_request");
    }
    const page = await rawRequest<{ error: { message: string } }>(t.baseUrl, {
      path: "/",
      headers: { host: "evil.example", "accept-language": "de-CH,de;q=0.9" },
    });
    expect(page.status).toBe(421);
    expect(page.body.error.message).toBe("Diese Adresse gehört zu keiner unserer Seiten. Bitte prüfe die eingegebene Adresse.");
  });

  it("still answers the load balancer's liveness check on any host", async () => {
    expect((await rawRequest(t.baseUrl, { path: "/api/health.php", headers: { host: "10.0.0.7:3000" } })).status).toBe(200);
  });

  it("has no dev mailbox, no SMS outbox and no test payment provider", async () => {
    for (const path of ["/dev/mail", "/dev/mail.json", "/dev/sms", "/dev/sms.json", "/test-provider/checkout/tr_x"]) {
      expect((await rawRequest(t.baseUrl, { path, headers: SITE })).status, path).toBe(404);
    }
    expect(t.config.payments).toBeNull();
    expect(t.config.seed).toBe(false);
  });

  it("sets the session cookie Secure and HTTP-only even when the request came over plain HTTP", async () => {
    const member = await t.loggedIn();
    const res = await rawRequest(t.baseUrl, {
      method: "POST",
      path: "/api/user.php",
      headers: { ...SITE, "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, password: "correct horse" }),
    });
    expect(res.status).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat().find((c) => c?.startsWith("auth="));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it("tells browsers to use HTTPS only (HSTS) and to upgrade insecure requests", async () => {
    const res = await rawRequest(t.baseUrl, { path: "/", headers: SITE });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    expect(res.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
