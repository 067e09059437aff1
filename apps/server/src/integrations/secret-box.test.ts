import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseForFile } from '../../test/helper.ts';
import { serverSecrets } from '../db/schema.ts';
import { createSecretBox, KEY_FILE_NAME, loadSecretKey, parseSecretKey } from './secret-box.ts';

const key = randomBytes(32);
const box = createSecretBox(key);

/** Flips one bit of the sealed payload's byte at `index` (negative counts from the end). */
function flip(sealed: string, index: number): string {
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const at = index < 0 ? raw.length + index : index;
  raw[at] = raw[at]! ^ 0x01;
  return `v1.${raw.toString('base64url')}`;
}

describe('secret box', () => {
  it('opens what it sealed, with a version prefix and a fresh IV each time', () => {
    const secret = JSON.stringify({ accessToken: 'Atza|token-1', refreshToken: 'Atzr|r-1' });
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Atza');
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
  });

  it('opens a value built from a published AES-256-GCM vector', () => {
    // McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", Appendix B, Test Case 14:
    // K = 0^256, IV = 0^96, P = 0^128 → C = cea7403d4d606b6e074ec5d3baf39d18,
    // T = d0d1c8a799996bf0265b98b5d48ab919.
    // https://csrc.nist.gov/CSRC/media/Projects/Block-Cipher-Techniques/documents/BCM/proposed-modes/gcm/gcm-spec.pdf
    const zeroBox = createSecretBox(Buffer.alloc(32));
    const payload = Buffer.concat([
      Buffer.alloc(12),
      Buffer.from('cea7403d4d606b6e074ec5d3baf39d18', 'hex'),
      Buffer.from('d0d1c8a799996bf0265b98b5d48ab919', 'hex'),
    ]);
    expect(zeroBox.open(`v1.${payload.toString('base64url')}`)).toBe('\0'.repeat(16));
  });

  it('refuses an altered IV, ciphertext or tag, another key, and unknown formats', () => {
    const sealed = box.seal('shpat_secret');
    for (const index of [0, 12, -1]) {
      expect(() => box.open(flip(sealed, index))).toThrow(/failed authentication/);
    }
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow(/failed authentication/);
    expect(() => box.open(sealed.replace(/^v1/, 'v2'))).toThrow(/known version/);
    expect(() => box.open('shpat_secret')).toThrow(/known version/);
    expect(() => box.open('v1.AAAA')).toThrow(/too short/);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('parseSecretKey', () => {
  it('reads 64 hex digits or base64 of 32 bytes', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('base64url')}\n`)).toEqual(key);
  });

  it('refuses other lengths and text', () => {
    for (const bad of [randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), '']) {
      expect(() => parseSecretKey(bad)).toThrow(/STORE_SECRET_KEY must be 32 bytes/);
    }
    expect(() => parseSecretKey('not a key!')).toThrow(/STORE_SECRET_KEY/);
  });
});

describe('loadSecretKey', () => {
  const dirs: string[] = [];
  // A copy of the migrated template on the run's database, as every other file has.
  const database = databaseForFile();
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    dirs.push(dir);
    return dir;
  };
  const dev = (dir: string) => ({
    STORE_SECRET_KEY: undefined,
    NODE_ENV: 'development' as const,
    DATA_DIR: dir,
  });
  afterEach(async () => {
    await database().db.delete(serverSecrets);
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prefers STORE_SECRET_KEY and stores nothing', async () => {
    const dir = tempDir();
    const loaded = await loadSecretKey(database().db, {
      ...dev(dir),
      STORE_SECRET_KEY: key.toString('hex'),
    });
    expect(loaded).toEqual(key);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await database().db.select().from(serverSecrets)).toEqual([]);
  });

  it('generates one key in the database that every process on it shares', async () => {
    // Two processes with their own data folders, as two servers on one PostgreSQL have.
    const [a, b] = await Promise.all([
      loadSecretKey(database().db, dev(tempDir())),
      loadSecretKey(database().db, dev(tempDir())),
    ]);
    expect(a).toHaveLength(32);
    expect(b).toEqual(a);
    const sealed = createSecretBox(a).seal('kept across processes and restarts');
    const later = await loadSecretKey(database().db, dev(tempDir()));
    expect(createSecretBox(later).open(sealed)).toBe('kept across processes and restarts');
    expect(await database().db.select().from(serverSecrets)).toHaveLength(1);
  });

  it('takes over the key file an earlier version wrote', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, KEY_FILE_NAME), `${key.toString('base64')}\n`);
    expect(await loadSecretKey(database().db, dev(dir))).toEqual(key);
    expect(await loadSecretKey(database().db, dev(tempDir()))).toEqual(key);
  });

  it('refuses production without the variable', async () => {
    await expect(
      loadSecretKey(database().db, { ...dev(tempDir()), NODE_ENV: 'production' }),
    ).rejects.toThrow(/STORE_SECRET_KEY is required/);
  });
});
