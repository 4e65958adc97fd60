import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "../support/factories";
import { startTestApp, type TestApp } from "../support/testApp";

// What the log holds: one line per logged request (server errors, slow requests, a sample of the
// rest), and never a password, a token, a code, a cookie or a message's text, even when every
// request is logged.

/** The app's log lines, as written. */
class CapturedLog extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  lines(): Array<Record<string, unknown>> {
    return this.text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }
}

const PASSWORD = "Canary-Password-7731";
const WRONG_PASSWORD = "Canary-Wrong-Password-5519";
const MESSAGE = "canary message text 8842, meet me at the station";
const TOKEN = "canarytoken0123456789abcdef";
const DISCOUNT = "CANARY9981";
const METRICS_TOKEN = "canary-metrics-token-0123456789";

describe("with every request logged", () => {
  const log = new CapturedLog();
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { LOG_LEVEL: "info", LOG_SAMPLE_RATE: "1", METRICS_TOKEN }, logDestination: log });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("never holds a password, a token, a code, a cookie or a message's text", async () => {
    const sender = await createMember(app.testDb.database.db, app.site.id, { password: PASSWORD, credits: 500, paidUser: true });
    const other = await createMember(app.testDb.database.db, app.site.id);
    const client = app.client();
    expect((await client.post("/api/user.php", { email: sender.email, password: WRONG_PASSWORD })).status).toBe(401);
    expect((await client.post("/api/user.php", { email: "not an address", password: WRONG_PASSWORD, text: MESSAGE })).status).toBeGreaterThanOrEqual(400);
    expect((await client.post("/api/user.php", { email: sender.email, password: PASSWORD })).status).toBe(200);
    const session = client.cookies.get("auth") as string;
    expect(session).toBeTruthy();
    expect((await client.post("/api/chat.php", { to: other.user.id, text: MESSAGE })).status).toBe(200);
    await client.get(`/api/activate.php?token=${TOKEN}`);
    await client.get(`/api/discountcode.php?code=${DISCOUNT}`);
    expect((await app.client().get("/metrics", { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);

    const lines = log.lines();
    const requests = lines.filter((l) => l.msg === "request completed" || l.msg === "slow request");
    // Logged they were: one line each, with method, path and route.
    expect(requests.map((l) => (l.req as { route?: string }).route)).toEqual(
      expect.arrayContaining(["/api/user.php", "/api/chat.php", "/api/activate.php", "/api/discountcode.php", "/metrics"]),
    );
    const activation = requests.find((l) => (l.req as { route?: string }).route === "/api/activate.php");
    expect(activation).toMatchObject({ reqId: expect.any(String), req: { method: "GET", url: "/api/activate.php?token=…" }, res: { statusCode: 302 } });
    for (const secret of [PASSWORD, WRONG_PASSWORD, MESSAGE, "canary message", TOKEN, DISCOUNT, METRICS_TOKEN, session, encodeURIComponent(session)]) {
      expect(log.text).not.toContain(secret);
    }
  });
});

describe("as production logs by default", () => {
  it("logs slow requests and server errors but not every request", async () => {
    const log = new CapturedLog();
    // Sample 0: only what must be logged is. A login (password hashing) takes longer than 1 ms.
    const app = await startTestApp({ env: { LOG_LEVEL: "info", LOG_SAMPLE_RATE: "0", LOG_SLOW_MS: "1" }, logDestination: log });
    try {
      const member = await createMember(app.testDb.database.db, app.site.id);
      for (let i = 0; i < 20; i++) await app.client().get("/api/health.php");
      await app.client().post("/api/user.php", { email: member.email, password: member.password });
      await app.testDb.database.close();
      expect((await app.client().get("/api/ready")).status).toBe(503);
      const lines = log.lines();
      expect(lines.filter((l) => l.msg === "request completed")).toEqual([]);
      const slow = lines.filter((l) => l.msg === "slow request").map((l) => (l.req as { route: string }).route);
      expect(slow).toContain("/api/user.php");
      expect(lines.filter((l) => l.msg === "request answered with a server error").map((l) => [l.level, (l.res as { statusCode: number }).statusCode])).toEqual(
        [[50, 503]],
      );
      expect(log.text).not.toContain(member.password);
    } finally {
      await app.close();
    }
  });
});
