import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_VARIABLES, loadEnvFile } from "./config";

// The variables a server reads are documented in .env.example, and a copy of it as .env is read at
// start, so that setting up a server is copying one file and filling it in.

const root = join(import.meta.dirname, "../..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "env-file-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe(".env.example", () => {
  const example = readFileSync(join(root, ".env.example"), "utf8");
  /** The variables it names, set (NAME=) or shown commented out (# NAME=). */
  const named = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

  it("names every variable src/server/config.ts reads", () => {
    expect(ENV_VARIABLES.filter((name) => !named.includes(name))).toEqual([]);
  });

  it("names no variable the server does not read", () => {
    expect(named.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
  });
});

describe("loadEnvFile", () => {
  it("adds the file's variables, keeping those already set in the real environment", () => {
    const file = join(tempDir(), ".env");
    writeFileSync(file, '# a comment\nPORT=4100\nLOG_LEVEL=debug\nMAIL_FROM="noreply@example.com"\n');
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: "warn" };
    expect(loadEnvFile(file, env)).toBe(true);
    expect(env).toEqual({ PORT: "4100", LOG_LEVEL: "warn", MAIL_FROM: "noreply@example.com" });
  });

  it("leaves the environment as it is without a file", () => {
    const env: NodeJS.ProcessEnv = { PORT: "1" };
    expect(loadEnvFile(join(tempDir(), ".env"), env)).toBe(false);
    expect(env).toEqual({ PORT: "1" });
  });
});

describe("the server's start", () => {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  /** Starts src/server/main.ts in a directory holding this .env; a start that passes the configuration checks is stopped after 20 s. */
  const start = (dotEnv: string, env: Record<string, string> = {}) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, ".env"), dotEnv);
    const run = spawnSync(process.execPath, ["--import", tsx, join(root, "src/server/main.ts")], {
      cwd,
      env: { PATH: process.env.PATH ?? "", PORT: "0", DATA_DIR: join(cwd, "data"), ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
    return { status: run.status, stderr: run.stderr };
  };

  it("reads .env from its working directory", () => {
    // NODE_ENV=test is refused at once: the refusal shows the file was read.
    expect(start("NODE_ENV=test\n")).toEqual({ status: 2, stderr: expect.stringMatching(/^NODE_ENV: test is for the test suites only/) });
  });

  it("lets the real environment win over .env", () => {
    expect(start("NODE_ENV=test\n", { NODE_ENV: "production" })).toEqual({ status: 2, stderr: expect.stringMatching(/^DATABASE_URL: required in production/) });
  });
});
