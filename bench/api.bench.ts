// GET /api/settings.php, GET /api/user.php (logged in) and a bare Fastify JSON route, measured in one
// run with autocannon on PostgreSQL (BENCH_DATABASE_URL, default the local test database).
// Prints requests per second, p99 latency and each as a ratio to the bare route.
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createMember, createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const bench = await benchDatabase("dating_bench");
const { database } = bench;
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")), SMTP_URL: "smtp://127.0.0.1:2525" });
const server = await buildApp(config, {
  database,
  extraRoutes: (app) => app.get("/bench/bare", { config: { auth: "visitor" } }, async () => ({ ok: true, hello: "world" })),
});
const site = await createSite(database.db);
const { email, password } = await createMember(database.db, site.id);
await server.app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/user.php`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

async function measure(path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: base + path, connections: 20, duration: Number(process.env.BENCH_SECONDS ?? 10), headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

// Warm up every route (JIT, pool) before measuring.
for (const path of ["/bench/bare", "/api/settings.php"]) await autocannon({ url: base + path, connections: 10, duration: 2 });
await autocannon({ url: `${base}/api/user.php`, connections: 10, duration: 2, headers: { cookie } });

const bare = await measure("/bench/bare");
const settings = await measure("/api/settings.php");
const user = await measure("/api/user.php", { cookie });
await server.close();

// The same call with the member cache off: every request reads the member from PostgreSQL.
const uncachedServer = await buildApp({ ...config, memberCacheMs: 0 }, { database });
await uncachedServer.app.listen({ port: 0, host: "127.0.0.1" });
const uncachedBase = `http://127.0.0.1:${(uncachedServer.app.server.address() as AddressInfo).port}`;
await autocannon({ url: `${uncachedBase}/api/user.php`, connections: 10, duration: 2, headers: { cookie } });
const uncachedRun = await autocannon({ url: `${uncachedBase}/api/user.php`, connections: 20, duration: Number(process.env.BENCH_SECONDS ?? 10), headers: { cookie } });
const uncached = { rps: uncachedRun.requests.average, p99: uncachedRun.latency.p99 };
await uncachedServer.close();

const row = (label: string, r: { rps: number; p99: number }) =>
  `| ${label} | ${Math.round(r.rps)} | ${r.p99} ms | ${((r.rps / bare.rps) * 100).toFixed(0)}% |`;
console.log("| route | req/s | p99 | of bare |\n|---|---|---|---|");
console.log(row("bare Fastify JSON route", bare));
console.log(row("GET /api/settings.php", settings));
console.log(row("GET /api/user.php (logged in)", user));
console.log(row("GET /api/user.php (logged in, member cache off)", uncached));
console.log(`\ntargets: settings >= 70% of bare (${settings.rps / bare.rps >= 0.7 ? "met" : "NOT met"}), user >= 30% (${user.rps / bare.rps >= 0.3 ? "met" : "NOT met"})`);

await bench.drop();
