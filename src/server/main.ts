import { ConfigError, loadConfig, loadEnvFile, productionGap } from "./config";
import { DataDirInUseError } from "./db/dataDirLock";

// The configuration is checked before the server's modules load, so that a start that cannot work
// stops within a moment.

/** Stops the start with one line that names what to fix. */
function stop(line: string): never {
  console.error(line);
  process.exit(2);
}

try {
  loadEnvFile();
  const config = loadConfig();
  if (config.env === "test") stop("NODE_ENV: test is for the test suites only; leave it unset (embedded default) or set production");
  const gap = productionGap(config);
  if (gap) stop(gap);
  const { serviceProblem } = await import("./startChecks");
  const problem = await serviceProblem(config);
  if (problem) stop(problem);
  const { buildApp } = await import("./app");
  const server = await buildApp(config);
  // The demo site: the login and a first set of members before listening, the rest in the background
  // (a first start answers sooner; a stop half-way resumes at the next start).
  let seedTheRest = async () => {};
  if (config.seed) {
    const { FIRST_DEMO_MEMBERS, seedDemoSite } = await import("./seed/seedDemoSite");
    const seed = (members: number) => seedDemoSite(server.database.db, server.storage, { members, log: server.app.log, demoPassword: config.demoPassword });
    await seed(Math.min(config.seedMembers, FIRST_DEMO_MEMBERS));
    seedTheRest = () => seed(config.seedMembers).catch((err) => server.app.log.warn({ err }, "demo seeding stopped; it goes on at the next start"));
  }
  await server.app.listen({ port: config.port, host: config.host });
  void seedTheRest();
  const where = config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
  const address = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(`\nThe site is running at ${address} (database: ${where}${config.production ? ", production mode" : ""}; Node.js ${process.version}).`);
  if (config.devMailbox) console.log(`Mail it sends is in the dev mailbox: http://localhost:${config.port}/dev/mail`);
  if (config.devSms) console.log(`Texts it sends (direct-debit codes) are in the dev SMS outbox: http://localhost:${config.port}/dev/sms`);
  if (config.payments?.provider === "test") console.log("Payments go through the built-in test provider: its checkout page lets you pick the outcome.");
  if (!config.payments) console.log("Payments are off: set MOLLIE_API_KEY (or PAYMENT_PROVIDER=test to use the test provider).");
  console.log("");
  const { exitOnSignals } = await import("./shutdown");
  exitOnSignals(server);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) stop(err.message);
  throw err;
}
