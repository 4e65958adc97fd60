// A real S3-protocol server (s3rver) with one bucket, in a process of its own as a bucket would be on
// its own machine: prints the S3_* variables of its bucket as one JSON line, then serves until killed.
import { startTestBucket } from "../tests/support/s3Server";

const bucket = await startTestBucket();
console.log(JSON.stringify(bucket.env));
process.once("SIGTERM", async () => {
  await bucket.close();
  process.exit(0);
});
