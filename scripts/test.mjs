// `npm test`: on the project's Node.js, installs and builds as needed, then runs the unit, integration and end-to-end tests.
// Against PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set, else PGlite.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
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

// With no arguments, two lanes side by side: the journeys (e2e: one file at a time, Chromium and
// their sites) in a process of their own, and the unit and integration tiers beside them, printed as
// a block once they end. The journeys are the long pole, so the other lane has half of the machine's
// cores. With TEST_EMBEDDED_TOO=1 (CI) and TEST_DATABASE_URL set, that lane then runs the integration
// tier again on the embedded default (PGlite, counters in the database), which newcomers run. With
// arguments (a file, a project, a filter), one run as asked.
const passed = process.argv.slice(2);
const half = String(Math.max(1, Math.floor(availableParallelism() / 2)));
const embeddedToo = process.env.TEST_EMBEDDED_TOO === "1" && Boolean(process.env.TEST_DATABASE_URL);
const withoutServers = { ...process.env };
delete withoutServers.TEST_DATABASE_URL;
delete withoutServers.TEST_REDIS_URL;
const integration = ["--project", "integration", "--project", "integration-isolated", "--maxWorkers", half];
const lanes =
  passed.length > 0
    ? [{ name: "tests", shown: true, runs: [{ label: "", args: passed, env: process.env }] }]
    : [
        {
          name: "unit and integration",
          shown: false,
          runs: [
            { label: "", args: ["--project", "unit", ...integration], env: process.env },
            ...(embeddedToo ? [{ label: "PGlite: ", args: integration, env: withoutServers }] : []),
          ],
        },
        { name: "journeys", shown: true, runs: [{ label: "", args: ["--project", "e2e"], env: process.env }] },
      ];

/** One vitest run: its exit status and the JSON report it wrote. */
function vitest(run, report, shown) {
  return new Promise((resolve) => {
    rmSync(report, { force: true });
    const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...run.args];
    const child = spawn("npx", args, { cwd: root, stdio: shown ? "inherit" : ["ignore", "pipe", "pipe"], env: run.env });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

const results = (
  await Promise.all(
    lanes.map(async (lane, i) => {
      const done = [];
      for (const [j, run] of lane.runs.entries()) {
        const report = join(root, `.test-data/vitest-report-${i}-${j}.json`);
        const { status, output } = await vitest(run, report, lane.shown);
        if (!lane.shown) process.stdout.write(`\n── ${run.label}${lane.name} ──\n${output}\n── end of ${run.label}${lane.name} ──\n`);
        done.push({ status, report, label: run.label });
      }
      return done;
    }),
  )
).flat();

// One plain closing line, whatever the runners printed.
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;
const failures = [];
for (const { report, label } of results) {
  if (!existsSync(report)) continue;
  const result = JSON.parse(readFileSync(report, "utf8"));
  passedTests += result.numPassedTests;
  failedTests += result.numFailedTests;
  skippedTests += result.numPendingTests + result.numTodoTests;
  // Each failure in one line (file, test, the message's first line), so that the end of a long log names them.
  for (const file of result.testResults) {
    const failed = file.assertionResults.filter((t) => t.status === "failed");
    if (failed.length === 0 && file.status === "failed") failures.push(`FAILED ${label}${file.name.replace(root, "")}: ${firstLine(file.message)}`);
    for (const test of failed) failures.push(`FAILED ${label}${file.name.replace(root, "")} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
}
console.log(`\ntests: ${passedTests} passed, ${failedTests} failed${skippedTests ? `, ${skippedTests} skipped` : ""}`);
for (const line of failures) console.log(line);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);

function firstLine(text) {
  return (
    (text ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.slice(0, 300) ?? "(no message)"
  );
}
