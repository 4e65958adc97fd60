import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

// A start with a configuration that cannot work stops at once with one line that names the variable
// to fix: no stack trace, no half-started server.

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const NOWHERE = "127.0.0.1:1";

async function start(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, lines: stderr.trim().split("\n") };
}

// Each start is its own process: they run side by side.
describe.concurrent("starting the server", () => {
  it("refuses the test suites' mode", async () => {
    const { code, lines } = await start({ NODE_ENV: "test" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^NODE_ENV: test is for the test suites only/)]);
  });

  it("stops when a production variable is set but the database is still the embedded one", async () => {
    const { code, lines } = await start({ REDIS_URL: "redis://cache.example:6379", SMTP_URL: "smtp://mail.example:587" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^DATABASE_URL: required in production \(REDIS_URL is set\)/)]);
  });

  it("names a malformed variable in one line", async () => {
    const { code, lines } = await start({ TRUST_PROXY: "true" });
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });

  it("names the database it cannot reach, without its password", async () => {
    const { code, lines } = await start({
      DATABASE_URL: `postgres://app:s3cret@${NOWHERE}/dating`,
      REDIS_URL: `redis://${NOWHERE}`,
      SMTP_URL: `smtp://${NOWHERE}`,
    });
    expect(code).toBe(2);
    expect(lines).toEqual([`DATABASE_URL: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });

  it.skipIf(!PG)("names Redis when it cannot be reached", async () => {
    const { code, lines } = await start({ DATABASE_URL: PG as string, REDIS_URL: `redis://:s3cret@${NOWHERE}`, SMTP_URL: `smtp://${NOWHERE}` });
    expect(code).toBe(2);
    expect(lines).toEqual([`REDIS_URL: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });

  it.skipIf(!PG || !REDIS)("stops without a working mail server: signups' activation mails would never leave", async () => {
    const { code, lines } = await start({ DATABASE_URL: PG as string, REDIS_URL: REDIS as string, SMTP_URL: `smtp://${NOWHERE}` });
    expect(code).toBe(2);
    expect(lines).toEqual([`SMTP_URL: cannot reach ${NOWHERE} (ECONNREFUSED)`]);
  });
});
