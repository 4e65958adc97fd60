// What logging costs: server CPU time per request and req/s of two cheap routes with logs off, with
// the production logging (errors, slow requests and 1% of the rest) and with every request logged,
// in one run: the three apps run side by side on one PostgreSQL database and are measured in turns,
// so that a busy moment of the machine hits all three alike. The log is written to a file as pino
// writes to stdout (synchronously).
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, statSync, writeSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { type App, buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const AUTOCANNON = join(import.meta.dirname, "../node_modules/autocannon/autocannon.js");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUTES = ["/api/health.php", "/api/settings.php"];

const bench = await benchDatabase("dating_logcost");
const { database } = bench;
await createSite(database.db);
const dir = mkdtempSync(join(tmpdir(), "bench-logs-"));

const variants = [
  { name: "logs off", env: { LOG_LEVEL: "silent" } },
  { name: "logger on, nothing to log (LOG_LEVEL=error)", env: { LOG_LEVEL: "error" } },
  { name: "production logging (errors, slow > 1 s, 1% sample)", env: { LOG_LEVEL: "info", LOG_SLOW_MS: "1000", LOG_SAMPLE_RATE: "0.01" } },
  { name: "every request logged", env: { LOG_LEVEL: "info", LOG_SAMPLE_RATE: "1" } },
] as const;

const apps: { name: string; server: App; base: string; logFile: string; fd: number }[] = [];
for (const [index, variant] of variants.entries()) {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")),
    SMTP_URL: "smtp://127.0.0.1:2525",
    ...variant.env,
  });
  const logFile = join(dir, `log-${index}.jsonl`);
  const fd = openSync(logFile, "w");
  const server = await buildApp(config, { database, logDestination: { write: (line: string) => void writeSync(fd, line) } });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  apps.push({ name: variant.name, server, base: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`, logFile, fd });
}

// The load comes from autocannon in a process of its own, so that the CPU time this process uses is
// the servers' alone: CPU time per request is the cost that holds on a busy machine, where req/s
// swings with whatever else runs.
async function run(url: string, duration: number): Promise<{ rps: number; cpuUs: number }> {
  // The garbage of the run before is not this run's cost.
  gc();
  const before = process.cpuUsage();
  const child = spawn(process.execPath, [AUTOCANNON, "-c", "20", "-d", String(duration), "-j", "-H", "host=localhost", url], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  await new Promise((resolve) => child.on("exit", resolve));
  const used = process.cpuUsage(before);
  const result = JSON.parse(out) as { requests: { average: number; total: number }; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: (used.user + used.system) / result.requests.total };
}

if (ROUNDS > 0) for (const app of apps) for (const route of ROUTES) await run(app.base + route, 2);

const runs = new Map<string, { rps: number; cpuUs: number }[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const route of ROUTES) {
    // A different order each round, so that no variant always runs first or last.
    const order = apps.map((_, i) => apps[(i + round) % apps.length]);
    for (const app of order) {
      const key = `${app.name}|${route}`;
      runs.set(key, [...(runs.get(key) ?? []), await run(app.base + route, SECONDS)]);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pct = (base: number, value: number) => `${(((value - base) / base) * 100).toFixed(1)}%`;
if (ROUNDS > 0) {
  console.log(`${ROUNDS} rounds of ${SECONDS} s per route and variant, autocannon (own process) 20 connections; medians\n`);
  console.log("| route | variant | server CPU per request | cost (CPU) | req/s | cost (req/s) |\n|---|---|---|---|---|---|");
}
for (const route of ROUTES) {
  if (ROUNDS === 0) break;
  const [off, ...others] = apps.map((app) => {
    const list = runs.get(`${app.name}|${route}`) ?? [];
    return { name: app.name, cpuUs: median(list.map((r) => r.cpuUs)), rps: median(list.map((r) => r.rps)) };
  });
  console.log(`| ${route} | ${off.name} | ${off.cpuUs.toFixed(1)} µs | | ${Math.round(off.rps)} | |`);
  for (const v of others) {
    console.log(`| ${route} | ${v.name} | ${v.cpuUs.toFixed(1)} µs | ${pct(off.cpuUs, v.cpuUs)} | ${Math.round(v.rps)} | ${pct(off.rps, v.rps)} |`);
  }
}

// The same in-process (Fastify's inject: the whole request path but the socket), in many short
// batches that take turns: a change in the machine's load between two batches of 1,000 requests is
// small, so the median of the per-batch CPU times holds on a busy machine. Without the HTTP work the
// share of logging is larger than over the network: an upper bound of its cost.
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const BATCH_SIZE = 1000;
async function injectBatch(app: App, route: string): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < BATCH_SIZE; i++) {
    const res = await app.app.inject({ method: "GET", url: route, headers: { host: "localhost" } });
    if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / BATCH_SIZE;
}
for (const app of apps) for (const route of ROUTES) await injectBatch(app.server, route);
const batches = new Map<string, number[]>();
for (let batch = 0; batch < BATCHES; batch++) {
  for (const route of ROUTES) {
    for (const app of apps.map((_, i) => apps[(i + batch) % apps.length])) {
      const key = `${app.name}|${route}`;
      batches.set(key, [...(batches.get(key) ?? []), await injectBatch(app.server, route)]);
    }
  }
}
console.log(`\nin-process (inject), ${BATCHES} batches of ${BATCH_SIZE} requests per route and variant, taking turns; median CPU per request\n`);
console.log("| route | variant | CPU per request | cost |\n|---|---|---|---|");
for (const route of ROUTES) {
  const [off, ...others] = apps.map((app) => ({ name: app.name, cpuUs: median(batches.get(`${app.name}|${route}`) ?? []) }));
  console.log(`| ${route} | ${off.name} | ${off.cpuUs.toFixed(1)} µs | |`);
  for (const v of others) console.log(`| ${route} | ${v.name} | ${v.cpuUs.toFixed(1)} µs | ${pct(off.cpuUs, v.cpuUs)} |`);
}

for (const app of apps) {
  await app.server.close();
  closeSync(app.fd);
  console.log(`log written by "${app.name}": ${(statSync(app.logFile).size / 1e6).toFixed(1)} MB`);
}
await bench.drop();
