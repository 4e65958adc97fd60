import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { freePort } from "../support/freePort";

// The site's process, for the journeys and for the run's first start (globalSetup): no test-runner
// imports here.

export interface SiteServer {
  url: string;
  /** Its data folder (PGlite and uploads). */
  dataDir: string;
  /** Stops the site (SIGTERM, as an operator would); its data folder stays until `remove`. */
  stop(): Promise<void>;
  /** Deletes the data folder. */
  remove(): void;
}

/** Starts the real site (`src/server/main.ts`) as `npm start` does, on the embedded default in `dataDir`. */
export async function runSite(dataDir: string, env: Record<string, string> = {}, options: { startSeconds?: number } = {}): Promise<SiteServer> {
  const startSeconds = options.startSeconds ?? 60;
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    // As `npm start` runs it: the embedded default, not the test mode of the integration tests.
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_MEMBERS: "24",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      JOB_POLL_MS: "200",
      // Photos are scored by the deterministic marker classifier (a magenta image is "explicit"), not the model.
      PHOTO_CLASSIFIER: "marker",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // The site's own address, as its links name it (the browser keeps one cookie jar per host name).
  const url = `http://localhost:${port}`;
  let healthy = false;
  for (let i = 0; i < startSeconds * 10 && !healthy; i++) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}`);
    healthy = await fetch(`${url}/api/health.php`).then(
      (res) => res.ok,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 100));
  }
  if (!healthy) {
    child.kill("SIGKILL");
    throw new Error(`the site did not answer ${url}/api/health.php within ${startSeconds} s`);
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
    },
    remove() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
