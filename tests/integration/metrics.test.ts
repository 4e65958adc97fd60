import { describe, expect, it } from "vitest";
import { createMember } from "../support/factories";
import { connect } from "../support/liveSocket";
import { createTestDatabase } from "../support/testDatabase";
import { appForFile, startTestApp, type TestApp } from "../support/testApp";

// Prometheus scrapes /metrics with a bearer token: request counts and durations by route pattern,
// errors, pool use, sockets, the job queue, payments and mail. Nobody else learns it exists.

const TOKEN = "metrics-token-for-tests-0123456789";
const bearer = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
appForFile((app) => (t = app), { env: { METRICS_TOKEN: TOKEN } });

/** The value of one series in the scrape (`name{labels}` exactly as exposed), or undefined. */
function series(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

async function scrape(app: TestApp = t) {
  const res = await app.client().get("/metrics", bearer);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
}

describe("metrics", () => {
  it("reports the process, the open sockets, the queue, payments and mail", async () => {
    // Before the first scrape: the counts from the database are read at most every 30 s.
    const buyer = await t.loggedIn();
    const offer = await buyer.client.get<{ bundles: { id: number }[] }>("/api/credits.php");
    expect((await buyer.client.post("/api/payment.php", { bundle_id: offer.body.bundles[0].id, method: "ideal" })).status).toBe(200);
    const page = await connect(t, buyer.client);
    const member = await createMember(t.testDb.database.db, t.site.id);
    expect((await t.client().post("/api/reset-password.php", { email: member.email })).status).toBe(200);
    // The mail job runs on the app's worker: the mail is counted once it is handed to the (dev) mailer.
    for (let i = 0; i < 100 && series(await scrape(), "amoria_mails_sent_total") !== 1; i++) await new Promise((r) => setTimeout(r, 50));

    const text = await scrape();
    expect(series(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(series(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(series(text, "websocket_connections")).toBe(1);
    page.socket.close();
    await page.closed;
    expect(series(text, "amoria_mails_sent_total")).toBe(1);
    expect(series(text, "amoria_mails_failed_total")).toBe(0);
    for (const state of ["due", "scheduled", "running", "retrying", "dead"]) expect(series(text, `amoria_jobs{state="${state}"}`)).toBeTypeOf("number");
    expect(series(text, 'amoria_payments{status="open"}')).toBe(1);
    if (t.testDb.database.kind === "postgres") {
      expect(series(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(series(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else expect(text).not.toContain("db_pool_connections");
  });

  it("counts requests and their durations by route pattern, never by raw URL", async () => {
    for (let i = 0; i < 3; i++) await t.client().get("/api/health.php");
    await t.client().get("/photos/no-such-photo-1.jpg");
    await t.client().get("/photos/no-such-photo-2.jpg");
    await t.client().get("/api/no-such-route.php?x=1");
    const text = await scrape();
    expect(series(text, 'http_requests_total{method="GET",route="/api/health.php",status="200"}')).toBe(3);
    expect(series(text, 'http_request_duration_seconds_count{method="GET",route="/api/health.php"}')).toBe(3);
    expect(series(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health.php"}')).toBe(3);
    const photos = text.split("\n").filter((l) => l.startsWith("http_requests_total") && l.includes('route="/photos/:file"'));
    expect(photos.reduce((sum, l) => sum + Number(l.split(" ")[1]), 0)).toBe(2);
    expect(text).not.toContain("no-such-photo");
    expect(text).not.toContain("no-such-route");
    expect(series(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
  });

  it("answers 404 without the token, with a wrong one, and to a logged-in member", async () => {
    const member = await t.loggedIn();
    for (const res of [
      await t.client().get("/metrics"),
      await t.client().get("/metrics", { authorization: `Bearer ${TOKEN}x` }),
      await t.client().get("/metrics", { authorization: TOKEN }),
      await member.client.get("/metrics"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("http_requests_total");
    }
  });
});

describe("metrics without METRICS_TOKEN", () => {
  it("do not exist", async () => {
    const app = await startTestApp();
    try {
      const res = await app.client().get("/metrics", { authorization: "Bearer " });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("process_cpu");
    } finally {
      await app.close();
    }
  });
});

describe("metrics while the database is gone", () => {
  it("count the 503 answers of readiness as server errors, and still answer", async () => {
    const testDb = await createTestDatabase();
    const app = await startTestApp({ testDb, env: { METRICS_TOKEN: TOKEN } });
    try {
      await testDb.database.close();
      expect((await app.client().get("/api/ready")).status).toBe(503);
      const text = await scrape(app);
      expect(series(text, 'http_server_errors_total{method="GET",route="/api/ready"}')).toBe(1);
      expect(series(text, 'http_requests_total{method="GET",route="/api/ready",status="503"}')).toBe(1);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
