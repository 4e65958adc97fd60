// `npm test`: on the project's Node.js, installs and builds as needed, then runs the unit, integration and end-to-end tests.
// Against PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set, else PGlite.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureBuilt, ensureInstalled, runOnProjectNode } from "./prepare.mjs";

await runOnProjectNode();

const root = new URL("..", import.meta.url).pathname;
ensureInstalled();
ensureBuilt();

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const report = join(root, ".test-data/vitest-report.json");
rmSync(report, { force: true });
const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync("npx", args, { cwd: root, stdio: "inherit", env: process.env });

// One plain closing line, whatever the runner printed.
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, "utf8"));
  const skipped = result.numPendingTests + result.numTodoTests;
  console.log(`\ntests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
}
process.exit(run.status ?? 1);
