import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createLocalStorage,
  isObjectKey,
  newObjectKey,
  type ObjectStorage,
} from './object-storage.ts';

let dir: string;
let storage: ObjectStorage;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = createLocalStorage(dir);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

it('makes keys as <seller>/<yyyy>/<mm>/<uuid>.<ext>', () => {
  const key = newObjectKey(42, 'png', new Date(Date.UTC(2025, 2, 9)));
  expect(key).toMatch(/^42\/2025\/03\/[0-9a-f-]{36}\.png$/);
  expect(isObjectKey(key)).toBe(true);
  expect(newObjectKey(42, 'png')).not.toBe(newObjectKey(42, 'png'));
});

it('stores, reads, serves the url of and deletes an object', async () => {
  const key = newObjectKey(7, 'jpg');
  await storage.put(key, Buffer.from('hello'), 'image/jpeg');
  const object = await storage.get(key);
  expect(object).toMatchObject({ size: 5, contentType: 'image/jpeg' });
  expect(await text(object!.body)).toBe('hello');
  expect(storage.url(key)).toBe(`/api/files/${key}`);
  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key);
  const leftovers = await fs.readdir(path.join(dir, ...key.split('/').slice(0, 3)));
  expect(leftovers).toEqual([]);
});

it('refuses keys it did not make, so no path leaves its folder', async () => {
  const outside = path.join(path.dirname(dir), 'escaped.png');
  for (const key of [
    '../escaped.png',
    '1/2025/01/../../../escaped.png',
    outside,
    '1/2025/01/x.png',
    '1/2025/01/00000000-0000-0000-0000-000000000000.svg',
  ]) {
    expect(isObjectKey(key), key).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Invalid object key/,
    );
    await expect(storage.delete(key)).rejects.toThrow(/Invalid object key/);
  }
  await expect(fs.stat(outside)).rejects.toThrow();
});
