import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceSimulators } from '@app/sim';
import { buildTestApp, call, type TestApp } from '../../test/helper.ts';
import { createSecretBox } from '../integrations/secret-box.ts';
import { issueToken } from '../modules/auth/sessions.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { DEMO_LOGINS, seedDemo } from './seed.ts';
import { DEMO_STAFF } from './markets.ts';
import { stores, storeStaff, users } from '../db/schema.ts';

describe('demo stores', () => {
  let t: TestApp;
  const box = createSecretBox(randomBytes(32));
  beforeAll(async () => {
    t = await buildTestApp();
    const seeded = await seedDemo(t.database.db, {
      stores: { box, simulators: createMarketplaceSimulators() },
    });
    expect(seeded).toBe(true);
  });
  afterAll(() => t?.close());

  it('gives the demo seller one sandbox store per marketplace, authorized on the simulators', async () => {
    const rows = await t.database.db.select().from(stores).orderBy(asc(stores.id));
    expect(rows.map((r) => [r.marketplace, r.marketSiteId, r.account, r.source, r.status])).toEqual(
      [
        ['amazon', 1, 'A3SIMSELLER0001', 'sandbox', 1],
        ['shopify', 101, 'demo-shop.myshopify.com', 'sandbox', 1],
        ['shopee', 201, '322300222', 'sandbox', 1],
        ['temu', 301, '634418212233', 'sandbox', 1],
      ],
    );
    for (const row of rows) {
      const auth = JSON.parse(box.open(row.credentials));
      expect(auth.account).toBe(row.account);
      expect(auth.accessToken).toBeTruthy();
      expect(row.credentials).not.toContain(auth.accessToken);
      expect(row.authStatus).toBe('active');
    }
  });

  it('adds two staff users with the demo password, each seeing only the store assigned to them', async () => {
    const [boss] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_LOGINS.seller.email));
    const staff = await t.database.db
      .select()
      .from(users)
      .where(eq(users.sellerId, boss!.sellerId))
      .orderBy(asc(users.id));
    expect(staff.map((u) => [u.email, u.isBoss])).toEqual([
      [DEMO_LOGINS.seller.email, true],
      ...DEMO_STAFF.map((s) => [s.email, false]),
    ]);
    expect(await verifyPassword(DEMO_LOGINS.seller.password, staff[1]!.passwordHash)).toBe(true);
    expect(await t.database.db.select().from(storeStaff)).toHaveLength(2);

    const { token } = await issueToken(t.database.db, { type: 'user', id: staff[1]!.id }, '::1');
    const seen = await call(t.app, 'GET', '/api/market/index', { token });
    expect(seen.body.data.list.map((s: { marketplace: string }) => s.marketplace)).toEqual([
      'amazon',
    ]);
  });
});
