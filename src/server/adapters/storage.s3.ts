import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config } from "../config";
import { assertSafeKey, assertSafePrefix, type Storage, type StoredEntry } from "./storage";

export type S3Settings = NonNullable<Config["s3"]>;

/** A call the bucket has not answered by then fails; the client tries a failed call 3 times in all. */
const CONNECT_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Connections to the bucket per instance. A streamed photo holds its connection until the browser has
 * taken the bytes, so a crowd of slow phones must not exhaust the pool (the SDK's default is 50).
 */
const MAX_CONNECTIONS = 500;

/** The bucket answers, but cannot be used as configured; `variable` names what to fix. */
export class BucketUnusable extends Error {
  constructor(
    readonly variable: "S3_BUCKET" | "S3_ACCESS_KEY_ID",
    message: string,
  ) {
    super(message);
    this.name = "BucketUnusable";
  }
}

const contentTypeOf = (key: string) => (key.endsWith(".jpg") ? "image/jpeg" : key.endsWith(".webp") ? "image/webp" : "application/octet-stream");

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway...) through the official
 * client. The bucket stays private: every file is read by the app and handed out by it (app.ts says why).
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The checksums newer SDKs add to every call are not spoken by every S3-compatible service;
      // only the calls that need one send it (TLS guards the bytes on the way).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        httpAgent: { maxSockets: MAX_CONNECTIONS },
        httpsAgent: { maxSockets: MAX_CONNECTIONS },
      },
    });
  }

  async put(key: string, body: Buffer): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentTypeOf(key) }));
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.open(key);
    return found ? buffer(found.body) : null;
  }

  async open(key: string): Promise<{ body: Readable; size: number } | null> {
    assertSafeKey(key);
    try {
      const { Body, ContentLength } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // On Node.js the body is the HTTP response itself: sent on as it arrives.
      if (!(Body instanceof Readable) || ContentLength === undefined) {
        (Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new Error(`the bucket answered ${key} without a body and its length`);
      }
      return { body: Body, size: ContentLength };
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    // Answers success whether or not there was such a file.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertSafePrefix(prefix);
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix || undefined })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      }
    }
  }

  /** Throws unless the bucket answers, exists and lets the credentials in (BucketUnusable for the last two). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // A HEAD answer has no body: its status is all there is to go by.
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status === 404) throw new BucketUnusable("S3_BUCKET", `no bucket named ${this.bucket}`);
      if (status === 401 || status === 403)
        throw new BucketUnusable("S3_ACCESS_KEY_ID", `the bucket ${this.bucket} refuses these credentials (a wrong key or secret, or no right to it)`);
      throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
