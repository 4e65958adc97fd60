import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SHUTDOWN_BOUND_MS } from "../../src/server/shutdown";
import { freePort } from "../support/freePort";

// A real server process stopped as an orchestrator stops it (SIGTERM): it exits by itself, cleanly
// and within its bound; and when closing hangs, the bound ends it anyway.

const quietEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };

function exitOf(child: ChildProcess): Promise<{ code: number | null; at: number }> {
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, at: performance.now() })));
}

async function untilAnswers(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

describe("shutdown on SIGTERM", () => {
  it("exits with 0 well within its bound, and answers nothing more", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dating-shutdown-"));
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: process.cwd(),
      env: { ...quietEnv, LOG_LEVEL: "silent", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = exitOf(child);
    try {
      await untilAnswers(`http://127.0.0.1:${port}/api/health.php`, child);
      const sent = performance.now();
      child.kill("SIGTERM");
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - sent).toBeLessThan(SHUTDOWN_BOUND_MS);
      expect(output).toContain("SIGTERM: shutting down");
      await expect(fetch(`http://127.0.0.1:${port}/api/health.php`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("exits with 1 at the bound when closing does not finish", async () => {
    // A server whose close never ends (a request that never completes), with a bound of 300 ms.
    const script = `
      import { exitOnSignals } from "./src/server/shutdown.ts";
      exitOnSignals({ close: () => new Promise(() => {}) }, 300);
      setInterval(() => {}, 1000);
      console.log("started");`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      env: quietEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = exitOf(child);
    await new Promise<void>((resolve) => child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("started") && resolve()));
    const sent = performance.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(1);
    expect(at - sent).toBeGreaterThanOrEqual(250);
    expect(at - sent).toBeLessThan(3000);
    expect(stderr).toContain("shutdown took longer than 0.3 s");
  }, 30_000);
});
