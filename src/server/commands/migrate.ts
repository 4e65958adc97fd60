import { loadConfig, loadEnvFile } from "../config";
import { openDatabase } from "../db/client";
import { fillMissingPlaces } from "../features/profile/places.repo";

// `npm run migrate` (dist/server/migrate.js): brings the database of DATABASE_URL (or the embedded
// PGlite in DATA_DIR) to the latest schema once, then exits; compose runs it before the app
// instances start. The instances migrate at start too, which is then a no-op.

loadEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const filled = await fillMissingPlaces(database.db);
  console.log(
    `Migrations applied (${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`})${filled ? `; places filled in for ${filled} profiles` : ""}.`,
  );
} finally {
  await database.close();
}
