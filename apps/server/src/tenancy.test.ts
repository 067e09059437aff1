import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { systemCtx } from './context.ts';
import type { Executor } from './db/client.ts';
import { UnauthorizedError } from './errors.ts';
import { loadPerms } from './modules/menus/index.ts';
import { actingSellerId, requireUser, sellerIdOf, storeViewOf } from './tenancy.ts';

// The helpers below never query: a stand-in handle proves it.
const db = {} as Executor;
const log = pino({ level: 'silent' });

describe('the system actor under the tenancy helpers', () => {
  it('scopes a job to its seller with the boss view', () => {
    const ctx = systemCtx(db, log, { sellerId: 7 });
    expect(ctx.actor).toEqual({ kind: 'system', sellerId: 7 });
    expect(sellerIdOf(ctx)).toBe(7);
    expect(storeViewOf(ctx)).toEqual({ sellerId: 7, isBoss: true });
  });

  it("keeps a staff user's store view for the job they queued", () => {
    const ctx = systemCtx(db, log, { sellerId: 7, forUser: { userId: 3, isBoss: false } });
    expect(storeViewOf(ctx)).toEqual({ sellerId: 7, isBoss: false, userId: 3 });
  });

  it('has no seller for platform-wide work, so seller-scoped reads refuse it', () => {
    const ctx = systemCtx(db, log);
    expect(actingSellerId(ctx)).toBeNull();
    expect(() => sellerIdOf(ctx)).toThrow(UnauthorizedError);
    expect(() => storeViewOf(ctx)).toThrow(UnauthorizedError);
  });

  it('is never a user and holds no permission', async () => {
    const ctx = systemCtx(db, log, { sellerId: 7 });
    expect(() => requireUser(ctx)).toThrow(UnauthorizedError);
    expect(await loadPerms(ctx)).toEqual([]);
  });
});
