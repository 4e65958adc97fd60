import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReadyResponse } from "../../src/common/schemas/health";
import { openDatabase } from "../../src/server/db/client";
import { freePort } from "../support/freePort";
import { TcpProxy } from "../support/tcpProxy";
import { startTestApp, type TestApp } from "../support/testApp";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";

// Readiness tells a load balancer whether to send members to an instance: 503, naming the service,
// while the bucket or the database cannot be reached, 200 again when it can, without a restart.
// (Redis stopped and started: redisDown.test.ts.)

const redisState = process.env.TEST_REDIS_URL ? "up" : "not_configured";

/** Asks readiness until `check` says `state` (answers are reused for a second). */
async function untilCheck(app: TestApp, check: keyof ReadyResponse["checks"], state: string) {
  let last: { status: number; body: ReadyResponse } | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await app.client().get<ReadyResponse>("/api/ready");
    last = { status: res.status, body: res.body };
    if (res.body.checks?.[check] === state) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${check} never reported ${state}: ${JSON.stringify(last)}`);
}

/** s3rver on a fixed port and folder, so that it can be stopped and started again with its bucket. */
class StoppableBucket {
  private server: S3rver | null = null;
  readonly directory = mkdtempSync(join(tmpdir(), "dating-s3-ready-"));
  readonly bucket = "ready-photos";
  constructor(readonly port: number) {}

  async start() {
    this.server = new S3rver({ address: "127.0.0.1", port: this.port, silent: true, directory: this.directory, configureBuckets: [{ name: this.bucket }] });
    await this.server.run();
  }

  async stop() {
    await this.server?.close();
    this.server = null;
  }

  env() {
    return {
      S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      S3_REGION: "us-east-1",
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    };
  }
}

describe("readiness with the bucket", () => {
  let bucket: StoppableBucket;
  let app: TestApp;

  beforeAll(async () => {
    bucket = new StoppableBucket(await freePort());
    await bucket.start();
    app = await startTestApp({ env: bucket.env() });
  });

  afterAll(async () => {
    await app?.close();
    await bucket?.stop();
    rmSync(bucket.directory, { recursive: true, force: true });
  });

  it("is ready while the bucket answers", async () => {
    const ready = await app.client().get("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, draining: false, checks: { database: "up", redis: redisState, bucket: "up" } });
  });

  it("answers 503 naming the bucket while it is stopped, and 200 when it is back", async () => {
    await bucket.stop();
    const down = await untilCheck(app, "bucket", "down");
    expect(down).toEqual({ status: 503, body: { ok: false, draining: false, checks: { database: "up", redis: redisState, bucket: "down" } } });
    expect((await app.client().get("/api/health.php")).status).toBe(200);

    await bucket.start();
    const up = await untilCheck(app, "bucket", "up");
    expect(up).toEqual({ status: 200, body: { ok: true, draining: false, checks: { database: "up", redis: redisState, bucket: "up" } } });
  });
});

// PostgreSQL reached through a relay that the test cuts: every connection of the pool drops and new
// ones are refused, as when the database host goes away. (PGlite has no network: the closed database
// of health.test.ts stands for it there.)
describe.runIf(process.env.TEST_DATABASE_URL)("readiness with PostgreSQL", () => {
  let real: TestDatabase;
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    real = await createTestDatabase();
    const url = new URL(real.url as string);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, onIdleError: () => {} });
    app = await startTestApp({ testDb: { ...real, database, url: url.toString(), drop: async () => {} } });
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.open();
    await app?.testDb.database.close();
    await real?.drop();
  });

  it("answers 503 naming the database while PostgreSQL is unreachable, and 200 when it is back", async () => {
    expect((await app.client().get("/api/ready")).status).toBe(200);
    await proxy.cut();
    const down = await untilCheck(app, "database", "down");
    expect(down).toEqual({ status: 503, body: { ok: false, draining: false, checks: { database: "down", redis: redisState, bucket: "not_configured" } } });

    await proxy.open();
    const up = await untilCheck(app, "database", "up");
    expect(up).toEqual({ status: 200, body: { ok: true, draining: false, checks: { database: "up", redis: redisState, bucket: "not_configured" } } });
  });
});
