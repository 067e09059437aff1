import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage, type ObjectStorage } from './object-storage.ts';
import { createS3Storage, s3BucketUrl } from './s3-storage.ts';

// Which store start-up uses, chosen from the config. It sits apart from both stores, so the S3 one
// takes the contract from object-storage.ts without the two importing each other.

/** The origin browsers PUT direct uploads to (for the CSP), or null without S3. */
export function directUploadOrigin(config: Config): string | null {
  if (!config.S3_BUCKET) return null;
  return new URL(
    s3BucketUrl({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    }),
  ).origin;
}

/** S3-compatible storage when S3_BUCKET is set, else local disk under DATA_DIR/files. */
export function createObjectStorage(config: Config): ObjectStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      // The config schema requires both keys whenever S3_BUCKET is set.
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'files'));
}
