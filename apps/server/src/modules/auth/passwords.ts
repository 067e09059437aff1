import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** ASVS 5.0 appendix C minimum for scrypt: N=2^17, r=8, p=1 (128 MiB per hash). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
type ScryptParams = { N: number; r: number; p: number };
/**
 * What new hashes use. Only test runs lower it (config PASSWORD_HASH_COST, test/setup.ts): a hash
 * at the real cost takes ~350 ms of a core, and the suites hash and verify thousands of times.
 * Verifying reads the parameters from the stored hash, so every other rule runs unchanged.
 */
let hashParams: ScryptParams = SCRYPT_PARAMS;
/** Sets log2 of N for new hashes; returns the one it replaces. */
export function setPasswordHashCost(log2N: number): number {
  const previous = Math.log2(hashParams.N);
  hashParams = { ...SCRYPT_PARAMS, N: 2 ** log2N };
  return previous;
}
const KEY_LENGTH = 32;
/** Node's default maxmem (32 MiB) rejects N=2^17; 128 * N * r bytes plus headroom. */
const MAX_MEM = 256 * 1024 * 1024;
/** At ~350 ms and 128 MiB a hash, two at a time keeps the event loop and memory free. */
const MAX_CONCURRENT_HASHES = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** Encoded as `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, hashParams);
  const { N, r, p } = hashParams;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
