import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { OPERATOR_ROLES, type OperatorRole, type ConsoleSession, type TotpSetup } from "../../src/common/schemas/console";
import { DbLimiter } from "../../src/server/adapters/limiter.db";
import { PasswordAttempts } from "../../src/server/features/auth/passwordAttempts";
import { ConsoleAuthService } from "../../src/server/features/operators/consoleAuth.service";
import { addOperator } from "../../src/server/features/operators/operatorAccounts";
import { routeAuthOf } from "../../src/server/plugins/routeAuth";
import { OPERATOR_PASSWORD, signedInOperator } from "../support/operators";
import { appForFile, type TestApp, type TestClient } from "../support/testApp";

let t: TestApp;
appForFile((app) => (t = app));

interface ErrorBody {
  error: { code: string };
}

describe("console sign-in", () => {
  it("signs an operator in with its own cookie, only for /api/console, and not as a member", async () => {
    await addOperator(t.testDb.database.db, "Anna@Staff.example", "support", OPERATOR_PASSWORD);
    const client = t.client();
    const wrong = await client.post<ErrorBody>("/api/console/session", { email: "anna@staff.example", password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("login_failed");
    const res = await client.post<ConsoleSession>("/api/console/session", { email: "anna@staff.example", password: OPERATOR_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ step: "done", operator: { email: "anna@staff.example", role: "support", totp: false }, second_factor_required: false });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("console="));
    expect(cookie).toMatch(/Path=\/api\/console/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // The operator's session is no member's.
    expect((await client.get<{ user: unknown }>("/api/user.php")).body.user).toBeNull();
    expect((await client.get<ErrorBody>("/api/likes.php")).body.error.code).toBe("authentication_required");
    expect((await client.get<ConsoleSession>("/api/console/session")).body.step).toBe("done");
    await client.del("/api/console/session");
    expect((await client.get<ConsoleSession>("/api/console/session")).body.step).toBeNull();
    expect((await client.get("/api/console/members?q=x")).status).toBe(403);
  });

  it("locks an operator's account after repeated wrong passwords, like a member's", async () => {
    await addOperator(t.testDb.database.db, "locked@staff.example", "admin", OPERATOR_PASSWORD);
    const client = t.client({ "x-forwarded-for": "203.0.113.77" });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await client.post("/api/console/session", { email: "locked@staff.example", password: `wrong ${i}` })).status);
    expect(codes.at(-1)).toBe(429);
    const right = await client.post<ErrorBody>("/api/console/session", { email: "locked@staff.example", password: OPERATOR_PASSWORD });
    expect(right.status).toBe(429);
  });

  it("enrols a second factor with a QR code and one valid code, then asks for a code at every sign-in", async () => {
    const op = await signedInOperator(t, "moderator");
    const setup = await op.client.post<TotpSetup>("/api/console/totp");
    expect(setup.status).toBe(200);
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    // Not active before a valid code.
    expect((await op.client.post<ErrorBody>("/api/console/totp/activate", { code: "000000" })).body.error.code).toBe("code_invalid");
    const active = await op.client.post<ConsoleSession>("/api/console/totp/activate", { code: await generate({ secret: setup.body.secret }) });
    expect(active.body.operator?.totp).toBe(true);

    const again = t.client();
    const first = await again.post<ConsoleSession>("/api/console/session", { email: op.email, password: OPERATOR_PASSWORD });
    expect(first.body.step).toBe("code");
    const suspended = await again.post<ErrorBody>("/api/console/members/1/suspension", { days: 1, reason: "x" });
    expect(suspended.status).toBe(403);
    const code = await generate({ secret: setup.body.secret, epoch: Date.now() / 1000 + 30 });
    expect((await again.post<ConsoleSession>("/api/console/code", { code })).body.step).toBe("done");
    // The same code is not taken twice.
    const third = t.client();
    await third.post("/api/console/session", { email: op.email, password: OPERATOR_PASSWORD });
    expect((await third.post<ErrorBody>("/api/console/code", { code })).body.error.code).toBe("code_invalid");
  });

  it("requires the second factor in production: a right password alone leads to the enrolment", async () => {
    const db = t.testDb.database.db;
    const limiter = new DbLimiter(db);
    const production = new ConsoleAuthService(db, new PasswordAttempts(limiter), limiter, true);
    await addOperator(db, "prod@staff.example", "admin", OPERATOR_PASSWORD);
    const { session } = await production.signIn({ email: "prod@staff.example", password: OPERATOR_PASSWORD }, "198.51.100.1");
    expect(session).toMatchObject({ step: "enrol", second_factor_required: true });
  });
});

describe("who reaches which console route (from the route table)", () => {
  const consoleRoutes = () =>
    t.server.routes
      .filter((r) => r.url.startsWith("/api/console/"))
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== "HEAD").map((method) => ({ method, url: r.url, access: routeAuthOf(r.config) })),
      );

  const call = (client: TestClient, method: string, url: string) =>
    client.request(method, url.replace(":id", "1"), method === "GET" || method === "DELETE" ? undefined : {});

  it("declares access on every console route", () => {
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(8);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it("answers 403 to visitors and to members on every route that is not the sign-in itself", async () => {
    const member = await t.loggedIn();
    const visitor = t.client();
    for (const r of consoleRoutes().filter((r) => r.access !== "visitor")) {
      expect((await call(visitor, r.method, r.url)).status, `visitor ${r.method} ${r.url}`).toBe(403);
      expect((await call(member.client, r.method, r.url)).status, `member ${r.method} ${r.url}`).toBe(403);
    }
  });

  it("lets each role reach its routes and no others", async () => {
    const clients = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (role) => [role, (await signedInOperator(t, role)).client] as const)),
    ) as Record<OperatorRole, TestClient>;
    for (const r of consoleRoutes()) {
      if (!Array.isArray(r.access)) continue;
      for (const role of OPERATOR_ROLES) {
        const status = (await call(clients[role], r.method, r.url)).status;
        if (r.access.includes(role)) expect([401, 403], `${role} ${r.method} ${r.url}: ${status}`).not.toContain(status);
        else expect(status, `${role} ${r.method} ${r.url}`).toBe(403);
      }
    }
  });
});
