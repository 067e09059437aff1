import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

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

/**
 * The key from STORE_SECRET_KEY; outside production without it, a key generated once into
 * `DATA_DIR/store-secret.key` (mode 0600) and read from there afterwards, so stored
 * credentials survive restarts. Config already refuses production without the variable.
 */
export function loadSecretKey(
  config: Pick<Config, 'STORE_SECRET_KEY' | 'NODE_ENV' | 'DATA_DIR'>,
): Buffer {
  if (config.STORE_SECRET_KEY) return parseSecretKey(config.STORE_SECRET_KEY);
  if (config.NODE_ENV === 'production') throw new Error('STORE_SECRET_KEY is required');
  const file = path.join(config.DATA_DIR, KEY_FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    // Written aside and linked into place: link fails if another process got there first, so
    // every process ends up reading the same complete key.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return parseSecretKey(fs.readFileSync(file, 'utf8'));
}

const boxes = new WeakMap<object, SecretBox>();

/**
 * The box for store credentials under `config`, one per config. A bad STORE_SECRET_KEY fails
 * here, at start-up; a generated key file is only read or written when first needed, so apps
 * that never touch a store (most tests) leave DATA_DIR alone.
 */
export function storeSecretBox(
  config: Pick<Config, 'STORE_SECRET_KEY' | 'NODE_ENV' | 'DATA_DIR'>,
): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    if (config.STORE_SECRET_KEY) {
      box = createSecretBox(parseSecretKey(config.STORE_SECRET_KEY));
    } else {
      let inner: SecretBox | null = null;
      const load = () => (inner ??= createSecretBox(loadSecretKey(config)));
      box = { seal: (plaintext) => load().seal(plaintext), open: (sealed) => load().open(sealed) };
    }
    boxes.set(config, box);
  }
  return box;
}
