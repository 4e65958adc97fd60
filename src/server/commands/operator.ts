import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import type { OperatorRole } from "../../common/schemas/console";
import { ConfigError, loadConfig, loadEnvFile } from "../config";
import { DataDirInUseError } from "../db/dataDirLock";
import { openDatabase } from "../db/client";
import { addOperator, listOperators, operatorInputProblem } from "../features/operators/operatorAccounts";

// `npm run operator -- add <email> <role>`: creates the console account, or sets a new password and
// role for it (the password from OPERATOR_PASSWORD, otherwise asked for without echo).
// `npm run operator -- list`: the operators, their roles and whether their second factor is set up.
// On the embedded default's database (DATA_DIR; stop the server first: PGlite has one user) or on
// PostgreSQL (DATABASE_URL).

const USAGE = "usage: npm run operator -- add <email> <moderator|support|admin>\n       npm run operator -- list";

function stop(line: string): never {
  console.error(line);
  process.exit(2);
}

/** Reads a line from the terminal without showing what is typed. */
async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) stop("OPERATOR_PASSWORD: set it, or run the command in a terminal to type the password");
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const line = await answer;
  rl.close();
  process.stdout.write("\n");
  return line;
}

async function passwordOf(email: string, role: string): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await askHidden(`Password for ${email}: `);
  const problem = operatorInputProblem(email, role, first);
  if (problem) stop(problem);
  if ((await askHidden("The same password again: ")) !== first) stop("the passwords differ");
  return first;
}

const [command, email, role] = process.argv.slice(2);
if (command !== "add" && command !== "list") stop(USAGE);
if (command === "add" && (!email || !role)) stop(USAGE);

try {
  loadEnvFile();
  const config = loadConfig();
  if (command === "add") {
    const early = operatorInputProblem(email, role, "x".repeat(64));
    if (early) stop(early);
  }
  const password = command === "add" ? await passwordOf(email, role) : "";
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === "add") {
      const problem = operatorInputProblem(email, role, password);
      if (problem) stop(problem);
      const { id, created } = await addOperator(database.db, email, role as OperatorRole, password);
      console.log(`${created ? "Operator created" : "Operator updated"}: #${id} ${email.trim().toLowerCase()} (${role}).`);
    } else {
      const rows = await listOperators(database.db);
      if (rows.length === 0) console.log("No operators yet: npm run operator -- add <email> <role>");
      for (const r of rows)
        console.log(
          `#${r.id}\t${r.email}\t${r.role}\t${r.secondFactor ? "second factor on" : "no second factor"}\tsince ${r.createdAt.toISOString().slice(0, 10)}`,
        );
    }
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) stop(err.message);
  throw err;
}
