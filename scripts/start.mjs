// `npm start`: on the project's Node.js (fetched into .node when the machine has another), installs
// what is missing, builds the client when its sources changed, then runs the server (PGlite under
// ./data by default; PostgreSQL with DATABASE_URL). Plain Node, no dependencies, so that it runs on a
// fresh clone.
import { spawnSync } from "node:child_process";
import { buildClient, clientBuildNeeded, ensureInstalled, run, runOnProjectNode } from "./prepare.mjs";

await runOnProjectNode();

ensureInstalled();
// A client to build (a fresh clone, changed sources): meanwhile the database's start is done too
// (migrations, the demo site's first members), so that the server then only opens it and listens.
if (clientBuildNeeded()) await Promise.all([buildClient(), run("node --import tsx src/server/commands/seed.ts")]);
const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit" });
process.exit(result.status ?? 1);
