import { parseArgs } from "node:util";
import { asc } from "drizzle-orm";
import { loadConfig, loadEnvFile } from "../config";
import { openDatabase } from "../db/client";
import { sites } from "../db/schema";
import { addSite } from "../features/settings/addSite";

// `npm run site -- add <domain> [--name Amoria] [--countries CH,DE,AT]` and `npm run site -- list`
// (dist/server/site.js): the sites of a production database, where nothing is seeded. Settings
// beyond these start from the defaults (features/settings/defaultSettings.ts).

const USAGE = "usage: site add <domain> [--name <site name>] [--countries CH,DE,AT] | site list";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, countries: { type: "string" } },
});
const [command, domain] = positionals;
if (!(command === "list" || (command === "add" && domain))) {
  console.error(USAGE);
  process.exit(2);
}

loadEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  if (command === "add") {
    const countries = values.countries
      ?.split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    const { site, created } = await addSite(database.db, { domain, name: values.name, countries });
    console.log(created ? `Site ${site.id} added for ${site.domain}.` : `A site for ${site.domain} exists already (site ${site.id}); left as it is.`);
  } else {
    for (const site of await database.db.select().from(sites).orderBy(asc(sites.id))) console.log(`${site.id}\t${site.domain}\t${site.settings.name}`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
