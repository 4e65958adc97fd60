import { join } from "node:path";
import { photoFileOf } from "../../common/photoSizes";
import { LocalStorage, type Storage } from "../adapters/storage";
import { S3Storage } from "../adapters/storage.s3";
import { loadConfig, loadEnvFile } from "../config";
import { makeMissingPhotoSizes, removePhotoSizes } from "../features/photos/photoSizes";

// `npm run photos:sizes` (dist/server/photoSizes.js in production): makes the WebP sizes
// (common/photoSizes.ts) of every stored photo that lacks some: the photos stored before there were
// sizes, or every photo after a width is added. Without it the first viewer of each photo waits
// while an instance makes its size (and stores it for all). Reads only the storage (DATA_DIR/uploads
// or the bucket), not the database, so it can run beside the servers; run it again at will: it
// makes only what is missing. Also removes sizes whose photo is gone (a size made while its photo
// was being deleted).

loadEnvFile();
const config = loadConfig();
const storage: Storage = config.s3 ? new S3Storage(config.s3) : new LocalStorage(join(config.dataDir, "uploads"));
/** Photos worked on at once: sharp spreads each image over the CPU's threads already. */
const AT_ONCE = 2;

try {
  const ids = new Set<string>();
  for await (const { key } of storage.list("photos/")) {
    const file = photoFileOf(key);
    if (file?.kind === "main" && key === `photos/${file.id}.jpg`) ids.add(file.id);
  }
  const queue = [...ids];
  let made = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const count = await makeMissingPhotoSizes(storage, id);
        made += count;
        if (++done % 100 === 0) console.log(`${done} of ${ids.size} photos`);
      }
    }),
  );
  const orphans = new Set<string>();
  for await (const { key } of storage.list("photosizes/")) {
    const id = key.split("/")[1];
    if (!ids.has(id)) orphans.add(id);
  }
  // Checked again one by one: a photo uploaded since the first listing is no orphan.
  let removed = 0;
  for (const id of orphans) {
    if (await storage.get(`photos/${id}.jpg`)) continue;
    await removePhotoSizes(storage, id);
    removed++;
  }
  console.log(`${ids.size} photos: ${made} sizes made; the sizes of ${removed} deleted photos removed.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  if (storage instanceof S3Storage) storage.close();
}
