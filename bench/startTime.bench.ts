// Time from `npm start` to the first page, on an already installed and built checkout with an
// already seeded data folder (the second start), and on a fresh data folder (first start, with seed).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

async function timeToFirstPage(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn("npm", ["start"], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" }, stdio: "ignore", detached: true });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok && (await res.text()).includes('id="root"')) return performance.now() - started;
      } catch {}
      if (performance.now() - started > 300_000) throw new Error("no page after 5 minutes");
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-(child.pid as number), "SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-start-"));
const port = 3900 + Math.floor(Math.random() * 50);
const first = await timeToFirstPage(dataDir, port);
const runs: number[] = [];
for (let i = 0; i < 3; i++) runs.push(await timeToFirstPage(dataDir, port));
rmSync(dataDir, { recursive: true, force: true });
console.log(`first start (migrate + seed ${process.env.SEED_MEMBERS ?? 320} members): ${(first / 1000).toFixed(1)} s`);
console.log(`later starts: ${runs.map((ms) => (ms / 1000).toFixed(2)).join(" s, ")} s (target < 5 s)`);
