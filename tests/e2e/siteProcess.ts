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

/** What the site prints once it listens (src/server/main.ts). */
const LISTENING_LINE = "The site is running at";

/**
 * Waits until `child` (the site's start, spawned with its standard output piped) says it listens and
 * then answers its health check on `url`. The line comes first because a port from freePort can be
 * taken by another process before the site binds it: the site then exits, and an answer on the port
 * would come from someone else. Throws at once when the child exits (PortTakenError when its piped
 * standard error says the port was in use); kills it after `seconds`. `output` receives what the child
 * prints on standard output; its standard error, when piped, goes on to this process's.
 */
export async function waitForSite(child: ChildProcess, url: string, seconds: number, output: (chunk: string) => void = () => {}): Promise<void> {
  let printed = "";
  let listening = false;
  let portTaken = false;
  child.stdout?.on("data", (chunk: Buffer) => {
    output(chunk.toString());
    if (listening) return;
    printed += chunk.toString();
    listening = printed.includes(LISTENING_LINE);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    if (!listening && chunk.toString().includes("EADDRINUSE")) portTaken = true;
  });
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) {
      // Its last words may still be on their way through the pipe.
      await new Promise((r) => setTimeout(r, 100));
      if (portTaken) throw new PortTakenError(url);
      throw new Error(`the site exited with ${child.exitCode}`);
    }
    const healthy =
      listening &&
      (await fetch(`${url}/api/health.php`).then(
        (res) => res.ok,
        () => false,
      ));
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the site did not answer ${url}/api/health.php within ${seconds} s`);
}

/** The site could not listen: its port was taken between freePort and its start. */
export class PortTakenError extends Error {
  constructor(url: string) {
    super(`the port of ${url} was taken before the site could listen on it`);
  }
}

/** Starts the real site (`src/server/main.ts`) as `npm start` does, on the embedded default in `dataDir`. */
export async function runSite(dataDir: string, env: Record<string, string> = {}, options: { startSeconds?: number } = {}): Promise<SiteServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runSiteOnce(dataDir, env, options.startSeconds ?? 60);
    } catch (err) {
      // Another process (a test's server on port 0, a connection's local port) took the port first: another port.
      if (!(err instanceof PortTakenError) || attempt === 3) throw err;
      console.error(`${err.message}: starting it on another port`);
    }
  }
}

async function runSiteOnce(dataDir: string, env: Record<string, string>, startSeconds: number): Promise<SiteServer> {
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The site's own address, as its links name it (the browser keeps one cookie jar per host name).
  const url = `http://localhost:${port}`;
  await waitForSite(child, url, startSeconds, (chunk) => process.stdout.write(chunk));
  // A site that ends on its own says so, so that the journeys' failures that follow are explained.
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`the site at ${url} (${dataDir}) exited by itself: code ${code}, signal ${signal}`);
  });
  return {
    url,
    dataDir,
    async stop() {
      stopping = true;
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
