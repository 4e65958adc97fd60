// First start of a fresh clone: `git clone` then `npm start` until the first page answers, with the
// phases the start prints (Node.js fetch, install, client build, listening) timed from the clone.
// npm's cache is warm after one run (as on a developer's machine that has installed anything).
//
//   node bench/firstStart.bench.mjs [runs=1] [repository=this checkout]
//
// Figures in bench/README.md. Plain Node, so that it runs whatever the machine's Node.js is.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const runs = Number(process.argv[2] ?? 1);
const repository = process.argv[3] ?? new URL("..", import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** What the start prints when a phase begins or ends (scripts/prepare.mjs, main.ts, the seed's log). */
const MARKS = [
  ["node fetched", /Fetching Node\.js/],
  ["install started", /Installing dependencies/],
  ["client build started", /Building the web client/],
  ["server started", /"msg":"(seeding|opening)|Server listening|The site is running/],
  ["listening", /The site is running/],
  ["seed done", /demo members seeded|"msg":"demo site ready"/],
];

async function once() {
  const dir = mkdtempSync(join(tmpdir(), "amoria-first-start-"));
  const port = await freePort();
  const started = performance.now();
  const at = (label, times) => {
    if (!(label in times)) times[label] = Math.round(performance.now() - started);
  };
  const times = {};
  execFileSync("git", ["clone", "--quiet", repository, dir]);
  at("cloned", times);
  const env = { ...process.env, PORT: String(port) };
  for (const name of ["DATABASE_URL", "REDIS_URL", "NODE_ENV", "TEST_DATABASE_URL", "TEST_REDIS_URL", "SEED_MEMBERS"]) delete env[name];
  const child = spawn("npm", ["start"], { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const watch = (chunk) => {
    output += chunk;
    for (const [label, pattern] of MARKS) if (pattern.test(chunk.toString())) at(label, times);
  };
  child.stdout.on("data", watch);
  child.stderr.on("data", watch);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-2000)}`);
      try {
        const res = await fetch(`http://localhost:${port}/`);
        if (res.ok && (await res.text()).includes('id="root"')) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    at("first page", times);
    // The rest of the demo site, after the first page (when the seed goes on in the background).
    for (let i = 0; i < 1200 && !("seed done" in times); i++) await new Promise((r) => setTimeout(r, 100));
  } finally {
    process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
  return times;
}

const all = [];
for (let i = 0; i < runs; i++) {
  const times = await once();
  all.push(times);
  console.log(
    Object.entries(times)
      .map(([label, ms]) => `${label} ${(ms / 1000).toFixed(1)} s`)
      .join(", "),
  );
}
if (runs > 1) {
  const firstPage = all.map((t) => t["first page"]).sort((a, b) => a - b);
  console.log(`first page: median ${(firstPage[Math.floor(runs / 2)] / 1000).toFixed(1)} s, best ${(firstPage[0] / 1000).toFixed(1)} s`);
}
