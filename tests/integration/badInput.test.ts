import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "../support/factories";
import { startTestApp, type TestApp, type TestClient } from "../support/testApp";

let t: TestApp;
let member: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  const { email, password } = await createMember(t.testDb.database.db, t.site.id);
  member = t.client();
  await member.post("/api/user.php", { email, password });
});
afterAll(async () => {
  await t?.close();
});

// Every endpoint of the foundation issue, with the method it takes a body on.
const BODY_ENDPOINTS: Array<[string, string]> = [
  ["POST", "/api/user.php"],
  ["PUT", "/api/user.php"],
  ["POST", "/api/signup.php"],
  ["POST", "/api/signup-step.php"],
  ["POST", "/api/login-link.php"],
  ["POST", "/api/reset-password.php"],
  ["POST", "/api/reset-password-do.php"],
  ["POST", "/api/mail-change.php"],
  ["POST", "/api/mail-change-do.php"],
  ["POST", "/api/page-hidden.php"],
  ["POST", "/api/activation-mail.php"],
  ["POST", "/api/chat.php"],
  ["PUT", "/api/profile.php"],
  ["POST", "/api/like.php"],
  ["POST", "/api/block.php"],
  ["POST", "/api/swipe.php"],
  ["POST", "/api/payment.php"],
  ["POST", "/api/refund.php"],
  ["POST", "/api/repeat-order.php"],
  ["POST", "/api/directdebit.php"],
  ["POST", "/api/directdebit-confirm.php"],
  ["POST", "/api/directdebit-resend.php"],
  ["PUT", "/api/notifications.php"],
  ["POST", "/api/complaints.php"],
  ["POST", "/api/account-delete.php"],
  ["POST", "/api/reactivate.php"],
  ["POST", "/api/password.php"],
];

const QUERY_CASES = [
  "/api/geocode.php",
  "/api/geocode.php?lat=north&lon=5",
  "/api/geocode.php?lat=95&lon=5",
  "/api/geocode.php?lat=52&lon=5&extra=1",
  "/api/interests.php?x=1",
  "/api/regions.php?x=1",
  "/api/companyinfo.php?x=1",
  "/api/members.php?page=2",
  "/api/members.php?min_age=17",
  "/api/members.php?gender=other",
  "/api/members.php?cursor=abc",
  "/api/members.php?interests=nothing",
  "/api/member.php?id=abc",
  "/api/member.php?id=-1",
  "/api/chat.php",
  "/api/chat.php?id=abc",
  "/api/chat.php?member=0",
  "/api/activate.php",
  "/api/settings.php?domain=%3Cscript%3E",
  "/api/credits.php?code=%3Cb%3E",
  "/api/discountcode.php",
  "/api/discountcode.php?code=a%20b",
  "/api/payment.php",
  "/api/payment.php?id=123",
  "/api/transactions.php?id=nope",
  "/api/sessions.php?x=1",
  "/api/my-data.php?x=1",
  "/api/repeat-order.php?x=1",
  "/api/credit-history.php?x=1",
  "/api/lander.php?niche=nope",
  "/api/lander.php?limit=0",
];

interface ErrorBody {
  error: { code: string; message: string };
}

function expectClearError(res: { status: number; body: unknown; text: string }, label: string) {
  expect(res.status, label).toBe(400);
  const body = res.body as ErrorBody;
  expect(body.error?.code, label).toBeTruthy();
  expect(body.error.message.length, label).toBeGreaterThan(3);
  expect(res.text, label).not.toMatch(/at .+\.(ts|js):\d+/);
}

describe("bad input answers 400 with a clear message, never 500", () => {
  for (const [method, path] of BODY_ENDPOINTS) {
    it(`${method} ${path}`, async () => {
      const cases: Array<[string, string, Record<string, string>]> = [
        ["malformed JSON", '{"email": ', { "content-type": "application/json" }],
        ["wrong types", JSON.stringify({ email: 42, password: ["x"], language: 7, token: {}, name: null }), { "content-type": "application/json" }],
        ["a JSON array", "[1,2,3]", { "content-type": "application/json" }],
        ["unknown fields", JSON.stringify({ totally: "unknown" }), { "content-type": "application/json" }],
        ["an oversized body", JSON.stringify({ email: "x".repeat(100_000) }), { "content-type": "application/json" }],
        ["a form instead of JSON", "email=a", { "content-type": "text/plain" }],
      ];
      for (const [label, raw, headers] of cases) {
        const res = await member.request(method, path, undefined, { raw, headers });
        expectClearError(res, `${method} ${path}: ${label}`);
      }
    });
  }

  it("missing fields name the field", async () => {
    const res = await t.client().post<{ error: { fields: Record<string, string> } }>("/api/signup.php", { email: "a@example.com" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["name", "password", "date_of_birth"]));
  });

  for (const path of QUERY_CASES) {
    it(`GET ${path}`, async () => {
      expectClearError(await member.get(path), path);
    });
  }

  it("POST /api/page-hidden.php?lb=yes", async () => {
    expectClearError(await member.post("/api/page-hidden.php?lb=yes", {}), "lb=yes");
  });

  it("a huge cookie or a garbage session token is just a visitor", async () => {
    const res = await t.client({ cookie: `auth=${"x".repeat(4000)}` }).get<{ user: null }>("/api/user.php");
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
  });
});
