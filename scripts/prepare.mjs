import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(root, "node_modules/.package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(root, "package-lock.json")).mtimeMs) return;
  console.log("Installing dependencies (npm ci)…");
  execSync("npm ci --no-audit --no-fund", { cwd: root, stdio: "inherit" });
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
