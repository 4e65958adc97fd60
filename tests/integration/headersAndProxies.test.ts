import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/testApp";

// Every answer carries the security headers; the client's address comes from X-Forwarded-For only
// as far as TRUST_PROXY says, so a forged header cannot change it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get("content-security-policy") ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "));
  expect(scriptSrc, what).toBe("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  // The camera for the verification selfie and the microphone for voice messages, on the site's own pages only.
  expect(headers.get("permissions-policy"), what).toContain("camera=(self)");
  expect(headers.get("permissions-policy"), what).toContain("microphone=(self)");
  expect(headers.get("permissions-policy"), what).toContain("geolocation=(self)");
  // The embedded default is plain HTTP on localhost: HSTS there would pin localhost to HTTPS.
  expect(headers.get("strict-transport-security"), what).toBeNull();
}

describe("security headers", () => {
  it("are on pages, API answers, errors and files alike", async () => {
    const c = t.client();
    for (const path of ["/", "/members/12", "/api/settings.php", "/api/user.php", "/api/nonexistent.php", "/favicon.svg", "/photos/nothing.jpg"]) {
      const res = await c.get(path);
      expect(res.status, path).toBeLessThan(500);
      expectSecurityHeaders(res.headers, path);
    }
  });
});

describe("the client's address behind proxies", () => {
  const countryWith = async (app: TestApp, forwardedFor: string) =>
    (await app.client({ "x-forwarded-for": forwardedFor }).get<{ geoip_country: string }>("/api/settings.php")).body.geoip_country;

  it("ignores X-Forwarded-For without TRUST_PROXY: a visitor cannot pick their own address", async () => {
    const direct = await startTestApp({ env: { TRUST_PROXY: "false" }, testDb: t.testDb, withSite: false });
    try {
      // 127.0.0.1 cannot be placed: the site's main country counts (NL by default), not Germany.
      expect(await countryWith(direct, "5.9.0.1")).toBe(direct.site.settings.countries[0]);
    } finally {
      await direct.close();
    }
  });

  it("takes the address the trusted proxy saw, not the one a visitor wrote in front of it", async () => {
    const behindOne = await startTestApp({ env: { TRUST_PROXY: "1" }, testDb: t.testDb, withSite: false });
    try {
      // The visitor sent "X-Forwarded-For: 8.8.8.8" (US); the proxy appended the real address (DE).
      expect(await countryWith(behindOne, "8.8.8.8, 5.9.0.1")).toBe("DE");
      expect(await countryWith(behindOne, "5.9.0.1")).toBe("DE");
    } finally {
      await behindOne.close();
    }
  });

  it("trusts only the listed proxy addresses", async () => {
    const listed = await startTestApp({ env: { TRUST_PROXY: "10.0.0.0/8" }, testDb: t.testDb, withSite: false });
    try {
      // The test client connects from 127.0.0.1, which is not a listed proxy: its header counts for nothing.
      expect(await countryWith(listed, "5.9.0.1")).toBe(listed.site.settings.countries[0]);
    } finally {
      await listed.close();
    }
  });
});
