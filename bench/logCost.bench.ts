// What logging costs: req/s of two cheap routes with logs off, with the production logging (errors,
// slow requests and 1% of the rest) and with every request logged, in one run: the three apps run
// side by side on one PostgreSQL database and are measured in turns, so that a busy moment of the
// machine hits all three alike. The log is written to a file as pino writes to stdout (synchronously).
import { closeSync, mkdtempSync, openSync, statSync, writeSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { type App, buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createSite } from "../tests/support/factories";
import { benchDatabase } from "./benchDatabase";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUTES = ["/api/health.php", "/api/settings.php"];

const bench = await benchDatabase("dating_logcost");
const { database } = bench;
await createSite(database.db);
const dir = mkdtempSync(join(tmpdir(), "bench-logs-"));

const variants = [
  { name: "logs off", env: { LOG_LEVEL: "silent" } },
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

// The site is found by its domain (localhost): every request names it.
const headers = { host: "localhost" };
async function run(url: string, duration: number) {
  const result = await autocannon({ url, connections: 20, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

for (const app of apps) for (const route of ROUTES) await run(app.base + route, 2);

const rps = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const route of ROUTES) {
    // A different order each round, so that no variant always runs first or last.
    const order = apps.map((_, i) => apps[(i + round) % apps.length]);
    for (const app of order) {
      const key = `${app.name}|${route}`;
      rps.set(key, [...(rps.get(key) ?? []), await run(app.base + route, SECONDS)]);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${ROUNDS} rounds of ${SECONDS} s per route and variant, autocannon 20 connections; median req/s\n`);
console.log("| route | logs off | production logging | cost | every request logged | cost |\n|---|---|---|---|---|---|");
for (const route of ROUTES) {
  const [off, production, every] = apps.map((app) => median(rps.get(`${app.name}|${route}`) ?? []));
  const cost = (value: number) => `${(((off - value) / off) * 100).toFixed(1)}%`;
  console.log(`| ${route} | ${Math.round(off)} | ${Math.round(production)} | ${cost(production)} | ${Math.round(every)} | ${cost(every)} |`);
}
for (const app of apps) {
  await app.server.close();
  closeSync(app.fd);
  console.log(`log written by "${app.name}": ${(statSync(app.logFile).size / 1e6).toFixed(1)} MB`);
}
await bench.drop();
