import { join, resolve } from "node:path";
import { LocalStorage } from "../src/server/adapters/storage";
import { S3Storage } from "../src/server/adapters/storage.s3";
import { ConfigError, loadConfig, loadEnvFile } from "../src/server/config";
import { DataDirInUseError } from "../src/server/db/dataDirLock";
import { bucketProblem } from "../src/server/startChecks";
import { copyFiles } from "./copyFiles";

// `npm run storage:upload -- [folder]`: copies the photos of a local folder (by default DATA_DIR/uploads,
// the embedded default's) into the bucket named by the S3_* variables, before a site moves to it.
// Safe to run again: files already in the bucket with the same size are skipped.

function stop(line: string): never {
  console.error(line);
  process.exit(2);
}

try {
  loadEnvFile();
  const config = loadConfig();
  if (!config.s3) stop("S3_BUCKET: required, with the other S3_* variables: the bucket to copy the photos into");
  const folder = process.argv[2] ? resolve(process.argv[2]) : join(config.dataDir, "uploads");
  const problem = await bucketProblem(config.s3);
  if (problem) stop(problem);
  const bucket = new S3Storage(config.s3);
  try {
    let shown = 0;
    const report = await copyFiles(new LocalStorage(folder), bucket, ({ copied }) => {
      if (copied - shown < 500) return;
      shown = copied;
      console.log(`Files copied so far: ${copied}`);
    });
    const megabytes = (report.bytes / 1e6).toFixed(1);
    console.log(`Files copied from ${folder} into the bucket ${config.s3.bucket}: ${report.copied} (${megabytes} MB); already there: ${report.skipped}.`);
  } finally {
    bucket.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) stop(err.message);
  throw err;
}
