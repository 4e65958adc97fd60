import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

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
  execSync("npm install --no-audit --no-fund", { cwd: root, stdio: "inherit" });
  writeFileSync(stamp, manifestHash());
}

/** Builds the web client when dist/web is missing or older than its sources. */
export function ensureBuilt() {
  const built = newestMtime(join(root, "dist/web/index.html"));
  const sources = Math.max(
    newestMtime(join(root, "src/web")),
    newestMtime(join(root, "src/common")),
    newestMtime(join(root, "vite.config.ts")),
    newestMtime(join(root, "package-lock.json")),
  );
  if (built >= sources) return;
  console.log("Building the web client…");
  execSync("npx vite build --logLevel warn", { cwd: root, stdio: "inherit" });
}
