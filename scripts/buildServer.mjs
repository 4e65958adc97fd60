// The server for production: one JavaScript bundle per entry point in dist/server, run with plain
// `node` (no TypeScript loader). Packages stay in node_modules (native ones such as sharp cannot be
// bundled); the SQL migrations are copied beside the bundles, where db/client.ts looks for them, and
// dist/server/../web is the built client.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "dist/server");

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(root, "src/server/main.ts"),
    migrate: join(root, "src/server/commands/migrate.ts"),
    site: join(root, "src/server/commands/site.ts"),
    operator: join(root, "src/server/commands/operator.ts"),
    photoSizes: join(root, "src/server/commands/photoSizes.ts"),
    // The nudity model's worker thread (features/photoSafety/workerClassifier.ts looks for it beside main.js).
    nsfwWorker: join(root, "src/server/features/photoSafety/nsfwWorker.ts"),
  },
  outdir: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync(join(root, "src/server/db/migrations"), join(out, "migrations"), { recursive: true });
console.log(`Server built in ${out}`);
