// `npm start`: on the project's Node.js (fetched into .node when the machine has another), installs
// what is missing, builds the client when its sources changed, then runs the server (PGlite under
// ./data by default; PostgreSQL with DATABASE_URL). Plain Node, no dependencies, so that it runs on a
// fresh clone.
import { spawnSync } from "node:child_process";
import { ensureBuilt, ensureInstalled, runOnProjectNode } from "./prepare.mjs";

await runOnProjectNode();

ensureInstalled();
ensureBuilt();
const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit" });
process.exit(result.status ?? 1);
