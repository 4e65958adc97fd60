// One app instance of the call-setup benchmark, in a process of its own (started by calls.bench.ts):
// the built client and the API on a free port, sharing PostgreSQL and Redis with the other instance.
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";

const config = loadConfig({
  // Not production mode (cookies over plain http on 127.0.0.1), but PostgreSQL and Redis as in production.
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: mkdtempSync(join(tmpdir(), "calls-")),
  DATABASE_URL: process.env.BENCH_DB_URL,
  REDIS_URL: process.env.BENCH_REDIS_URL,
  SEED: "false",
});
const instance = await buildApp(config, { redisPrefix: `${process.env.BENCH_PREFIX}:`, webRoot: join(process.cwd(), "dist/web") });
await instance.app.listen({ port: 0, host: "127.0.0.1" });
const { port } = instance.app.server.address() as AddressInfo;

process.on("message", async (question: string) => {
  if (question === "stop") {
    await instance.close();
    process.exit(0);
  }
});
process.send?.({ type: "ready", port });
