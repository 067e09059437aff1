import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, setPasswordHashCost, verifyPassword } from './passwords.ts';

// test/setup.ts lowers the cost for the other suites; these tests check the real one.
let lowered: number;
beforeAll(() => {
  lowered = setPasswordHashCost(17);
});
afterAll(() => {
  setPasswordHashCost(lowered);
});

describe('password hashing', () => {
  it('uses the ASVS scrypt minimum (N=2^17, r=8, p=1)', () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
  });

  it('stores the parameters with a random salt, verifies the password and rejects others', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse'),
      hashPassword('correct horse'),
    ]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse', first!)).toBe(true);
    expect(await verifyPassword('correct horsE', first!)).toBe(false);
    expect(await verifyPassword('correct horse', 'bcrypt$whatever')).toBe(false);
  });
});
