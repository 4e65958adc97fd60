declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }
  /** What s3rver keeps for an object being put (its FilesystemStore's argument). */
  export interface StoredObject {
    bucket: string;
    key: string;
    metadata: Record<string, string>;
    content: Buffer | NodeJS.ReadableStream;
  }
  export interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: FilesystemStore;
    run(): Promise<import("node:net").AddressInfo>;
    close(): Promise<void>;
  }
}
