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
  // Each failure in one line (file, test, the message's first line), so that the end of a long log names them.
  for (const file of result.testResults) {
    const failed = file.assertionResults.filter((t) => t.status === "failed");
    if (failed.length === 0 && file.status === "failed") console.log(`FAILED ${file.name.replace(root, "")}: ${firstLine(file.message)}`);
    for (const test of failed) console.log(`FAILED ${file.name.replace(root, "")} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
}
process.exit(run.status ?? 1);

function firstLine(text) {
  return (
    (text ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.slice(0, 300) ?? "(no message)"
  );
}
