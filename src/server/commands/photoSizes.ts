import { join } from "node:path";
import { LocalStorage, type Storage } from "../adapters/storage";
import { S3Storage } from "../adapters/storage.s3";
import { loadConfig, loadEnvFile } from "../config";
import { makeAllPhotoSizes } from "../features/photos/photoSizes";

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
try {
  const { photos, made, removed } = await makeAllPhotoSizes(storage, (done, of) => console.log(`${done} of ${of} photos`));
  console.log(`${photos} photos: ${made} sizes made; the sizes of ${removed} deleted photos removed.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  if (storage instanceof S3Storage) storage.close();
}
