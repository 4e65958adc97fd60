import { describe, expect, it } from "vitest";
import { rawRequest } from "../support/rawRequest";
import { createTestDatabase } from "../support/testDatabase";
import { startTestApp } from "../support/testApp";

// Liveness (/api/health.php) and readiness (/api/ready) are asked by load balancers by address:
// they answer whatever the Host, and readiness tells a missing database from a missing Redis.

const getWithHost = async (baseUrl: string, path: string, host: string) => {
  const { status, body } = await rawRequest<unknown>(baseUrl, { path, headers: { host } });
  return { status, body };
};

const redisState = process.env.TEST_REDIS_URL ? "up" : "not_configured";

describe("liveness and readiness", () => {
  it("answer for any Host, even before the database holds a site", async () => {
    const app = await startTestApp({ withSite: false });
    try {
      for (const host of ["unknown.example", "10.0.0.7:8080"]) {
        expect(await getWithHost(app.baseUrl, "/api/health.php", host)).toEqual({ status: 200, body: { ok: true } });
        expect(await getWithHost(app.baseUrl, "/api/ready", host)).toEqual({
          status: 200,
          body: { ok: true, draining: false, checks: { database: "up", redis: redisState, bucket: "not_configured" } },
        });
      }
    } finally {
      await app.close();
    }
  });

  it("reports not ready without the database, while liveness still answers", async () => {
    const testDb = await createTestDatabase();
    const app = await startTestApp({ testDb });
    try {
      await testDb.database.close();
      const ready = await app.client().get("/api/ready");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ ok: false, draining: false, checks: { database: "down", redis: redisState, bucket: "not_configured" } });
      expect((await app.client().get("/api/health.php")).body).toEqual({ ok: true });
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
