import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { seedDemoSite } from "../../scripts/seed/seedDemoSite";

try {
  const config = loadConfig();
  const server = await buildApp(config);
  if (config.seed) await seedDemoSite(server.database.db, { dataDir: config.dataDir, members: config.seedMembers, log: server.app.log });
  await server.app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
  console.log(`\nThe site is running at http://localhost:${config.port} (database: ${where}).`);
  if (config.devMailbox) console.log(`Mail it sends is in the dev mailbox: http://localhost:${config.port}/dev/mail`);
  if (config.devSms) console.log(`Texts it sends (direct-debit codes) are in the dev SMS outbox: http://localhost:${config.port}/dev/sms`);
  if (config.payments?.provider === "test") console.log("Payments go through the built-in test provider: its checkout page lets you pick the outcome.");
  if (!config.payments) console.log("Payments are off: set MOLLIE_API_KEY (or PAYMENT_PROVIDER=test to use the test provider).");
  console.log("");
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
