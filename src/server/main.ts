import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { seedDemoSite } from "../../scripts/seed/seedDemoSite";

try {
  const config = loadConfig();
  const server = await buildApp(config);
  if (config.seed) await seedDemoSite(server.database.db, { dataDir: config.dataDir, members: config.seedMembers, log: server.app.log });
  await server.app.listen({ port: config.port, host: config.host });
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
