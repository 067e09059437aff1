import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import {
  createLocalStorage,
  newObjectKey,
  privateObjectKey,
  type ObjectStorage,
} from './object-storage.ts';
import { startSimStorage } from '../../test/sim-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** The behaviour every ObjectStorage must have, whatever keeps the bytes. */
function contract(
  name: string,
  open: () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>,
) {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    let close: () => Promise<void>;
    beforeAll(async () => ({ storage, close } = await open()));
    afterAll(() => close?.());

    const read = async (key: string) => {
      const object = await storage.get(key);
      return object && { ...object, bytes: await buffer(object.body) };
    };

    it('stores and reads back bytes with their size and content type', async () => {
      const key = newObjectKey(1, 'png');
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      await storage.put(key, bytes, 'image/png');
      const object = await read(key);
      expect(object).toMatchObject({ size: bytes.length, contentType: 'image/png' });
      expect(object!.bytes.equals(bytes)).toBe(true);
      expect(storage.url(key)).toBe(`/api/files/${key}`);
    });

    it('stores a stream as it comes, and nothing when the stream fails', async () => {
      const key = privateObjectKey(5, 'zip');
      const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
      const size = await storage.putStream(key, Readable.from(chunks), 'application/zip');
      expect(size).toBe(40 * 64 * 1024);
      const object = await read(key);
      expect(object).toMatchObject({ size, contentType: 'application/zip' });
      expect(object!.bytes.equals(Buffer.concat(chunks))).toBe(true);

      const broken = privateObjectKey(5, 'zip');
      async function* failing() {
        yield Buffer.from('partial');
        throw new Error('source failed');
      }
      await expect(
        storage.putStream(broken, Readable.from(failing()), 'application/zip'),
      ).rejects.toThrow('source failed');
      expect(await storage.get(broken)).toBeNull();
    });

    it('answers null for a missing object and deletes idempotently', async () => {
      const key = newObjectKey(2, 'jpg');
      expect(await storage.get(key)).toBeNull();
      await storage.put(key, Buffer.from('x'), 'image/jpeg');
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('overwrites an object whole', async () => {
      const key = newObjectKey(3, 'webp');
      await storage.put(key, Buffer.from('a longer first version'), 'image/webp');
      await storage.put(key, Buffer.from('second'), 'image/webp');
      const object = await read(key);
      expect(object!.size).toBe(6);
      expect(object!.bytes.toString()).toBe('second');
    });

    it('keeps one whole version when the same key is written concurrently', async () => {
      const key = newObjectKey(4, 'gif');
      const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(4096 + i, i));
      await Promise.all(versions.map((v) => storage.put(key, v, 'image/gif')));
      const object = await read(key);
      expect(versions.some((v) => v.equals(object!.bytes))).toBe(true);
      expect(object!.size).toBe(object!.bytes.length);
    });

    it('keeps concurrent writes to different keys apart', async () => {
      const keys = Array.from({ length: 10 }, () => newObjectKey(5, 'png'));
      await Promise.all(
        keys.map((k, i) => storage.put(k, Buffer.from(`object ${i}`), 'image/png')),
      );
      const objects = await Promise.all(keys.map(read));
      expect(objects.map((o) => o!.bytes.toString())).toEqual(keys.map((_, i) => `object ${i}`));
    });

    it('refuses keys it did not make', async () => {
      for (const key of ['../escaped.png', '1/2025/01/x.png', '/etc/passwd', 'demo/../x.png']) {
        expect(await storage.get(key), key).toBeNull();
        await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
          /Invalid object key/,
        );
        await expect(storage.delete(key)).rejects.toThrow(/Invalid object key/);
      }
    });
  });
}

contract('local disk', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
  return {
    storage: createLocalStorage(dir),
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
});

contract('S3 on the simulator', startSimStorage);

// Any real S3-compatible server (MinIO, s3rver, AWS) when CI or a developer provides one.
const real = process.env.TEST_S3_ENDPOINT;
if (real) {
  contract(`S3 at ${real}`, async () => ({
    storage: createS3Storage({
      endpoint: real,
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      bucket: process.env.TEST_S3_BUCKET ?? 'seller-hub',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: true,
    }),
    close: async () => {},
  }));
}
