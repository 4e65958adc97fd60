// One app instance of the real-time benchmark, in a process of its own (started by realtime.bench.ts):
// it listens on a free port, tells the parent, and answers its questions about memory and sockets.
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";

// Counts the statements this instance sends to PostgreSQL (round trips per message); every query of
// node-postgres, pooled or in a transaction, goes through Client#query.
let queries = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
  queries += 1;
  return query.apply(this, args);
} as typeof query;

// How late the event loop runs (a busy instance answers late however fast its queries are).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: mkdtempSync(join(tmpdir(), "rt-")),
  DATABASE_URL: process.env.BENCH_DB_URL,
  REDIS_URL: process.env.BENCH_REDIS_URL,
  SMTP_URL: process.env.BENCH_SMTP_URL,
  // How long the e-mail about a message waits (the product's default, 300 s, is beyond a run).
  MESSAGE_MAIL_DELAY_S: process.env.BENCH_MAIL_DELAY_S,
});
const instance = await buildApp(config, { redisPrefix: `${process.env.BENCH_PREFIX}:` });
await instance.app.listen({ port: 0, host: "127.0.0.1" });
const { port } = instance.app.server.address() as AddressInfo;

process.on("message", async (question: string) => {
  if (question === "stats") {
    global.gc?.();
    process.send?.({
      type: "stats",
      rss: process.memoryUsage().rss,
      heapUsed: process.memoryUsage().heapUsed,
      connections: instance.realtime.connections(),
      cpu: process.cpuUsage(),
      queries,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
    });
    loopDelay.reset();
  }
  if (question === "stop") {
    await instance.close();
    process.exit(0);
  }
});
process.send?.({ type: "ready", port });
