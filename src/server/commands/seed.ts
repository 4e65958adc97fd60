import { join } from "node:path";
import { FIRST_DEMO_MEMBERS, seedDemoSite } from "../seed/seedDemoSite";
import { LocalStorage, type Storage } from "../adapters/storage";
import { S3Storage } from "../adapters/storage.s3";
import { loadConfig, loadEnvFile } from "../config";
import { openDatabase } from "../db/client";
import { fillMissingPlaces } from "../features/profile/places.repo";

// `npm start` runs this beside the client build on a first start: the migrations and the demo
// site's first members, so that the server then has only to open the database and listen. It does
// what the server's own start would do (and that finds it done).

loadEnvFile();
const config = loadConfig();
if (config.seed) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage: Storage = config.s3 ? new S3Storage(config.s3) : new LocalStorage(join(config.dataDir, "uploads"));
  try {
    await database.migrate();
    await fillMissingPlaces(database.db);
    await seedDemoSite(database.db, storage, { members: Math.min(config.seedMembers, FIRST_DEMO_MEMBERS), demoPassword: config.demoPassword });
  } finally {
    await database.close();
  }
}
