import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

/** Seals short secrets (store credentials) for storage in a text column. */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws when the value was altered, sealed with another key, or is not a sealed value. */
  open(sealed: string): string;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The format version leads every sealed value, so a later format or key can be told apart. */
const VERSION = 'v1';
export const KEY_FILE_NAME = 'store-secret.key';

/** AES-256-GCM with a random 96-bit IV per value: `v1.<base64url(iv ‖ ciphertext ‖ tag)>`. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The secret key must be ${KEY_BYTES} bytes`);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, payload, extra] = sealed.split('.');
      if (version !== VERSION || payload === undefined || extra !== undefined) {
        throw new Error('Not a sealed value of a known version');
      }
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value is too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      try {
        const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('Sealed value failed authentication (altered, or sealed with another key)');
      }
    },
  };
}

/** A 32-byte key written as 64 hex digits or as base64. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new Error(`STORE_SECRET_KEY must be ${KEY_BYTES} bytes, as 64 hex digits or base64`);
  }
  return key;
}

/** The `server_secrets` row that holds a generated store credentials key. */
export const STORE_KEY_NAME = 'store-secret-key';

/**
 * The key from STORE_SECRET_KEY; outside production without it, a key generated once and kept
 * in the database (`server_secrets`), so every process on that database seals and opens store
 * credentials with the same key. A key file an earlier version wrote to
 * `DATA_DIR/store-secret.key` is taken over as that key, so its stores stay readable. Config
 * already refuses production without the variable: there the key never sits beside the data.
 */
export async function loadSecretKey(
  db: Executor,
  config: Pick<Config, 'STORE_SECRET_KEY' | 'NODE_ENV' | 'DATA_DIR'>,
): Promise<Buffer> {
  if (config.STORE_SECRET_KEY) return parseSecretKey(config.STORE_SECRET_KEY);
  if (config.NODE_ENV === 'production') throw new Error('STORE_SECRET_KEY is required');
  const file = path.join(config.DATA_DIR, KEY_FILE_NAME);
  const candidate = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').trim()
    : randomBytes(KEY_BYTES).toString('base64');
  // The first process to get here decides; the others read its key.
  await db
    .insert(serverSecrets)
    .values({ name: STORE_KEY_NAME, value: candidate })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, STORE_KEY_NAME));
  return parseSecretKey(row!.value);
}

const boxes = new WeakMap<object, SecretBox>();

/**
 * Loads the store credentials key for `config` (see `loadSecretKey`) and keeps its box for
 * `storeSecretBox`; called once at start-up, before anything seals or opens credentials. A
 * bad STORE_SECRET_KEY fails here.
 */
export async function prepareStoreSecretBox(
  config: Pick<Config, 'STORE_SECRET_KEY' | 'NODE_ENV' | 'DATA_DIR'>,
  db: Executor,
): Promise<SecretBox> {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(await loadSecretKey(db, config));
    boxes.set(config, box);
  }
  return box;
}

/** The box for store credentials under `config`, as `prepareStoreSecretBox` loaded it. */
export function storeSecretBox(
  config: Pick<Config, 'STORE_SECRET_KEY' | 'NODE_ENV' | 'DATA_DIR'>,
): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    if (!config.STORE_SECRET_KEY) {
      throw new Error('The store credentials key is not loaded: call prepareStoreSecretBox first');
    }
    box = createSecretBox(parseSecretKey(config.STORE_SECRET_KEY));
    boxes.set(config, box);
  }
  return box;
}
