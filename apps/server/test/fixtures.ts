import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import {
  adminUserRoles,
  adminUsers,
  groups,
  memberLevels,
  menus,
  sellers,
  sysRoles,
  userGroups,
  users,
} from '../src/db/schema.ts';
import { bumpRevision, MENUS_REVISION } from '../src/db/revisions.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { issueToken } from '../src/modules/auth/sessions.ts';

export const FIXTURE_PASSWORD = 'Fixture@123456';

/** One scrypt hash per password per test file: the salt does not matter here. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

const unique = () => randomBytes(4).toString('hex');

export interface SellerFixture {
  sellerId: number;
  userId: number;
  token: string;
  email: string;
  password: string;
}

/** Every permission of the seller menu tree. */
export async function sellerPermissions(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ perms: menus.perms })
    .from(menus)
    .where(and(eq(menus.scope, 'seller'), isNotNull(menus.perms)));
  return rows.flatMap((r) => r.perms!.split(',').map((p) => p.trim()));
}

/**
 * A signed-in seller user made directly in the database: a new seller with its boss by
 * default, or a staff user of `sellerId`. Staff are put in a group of their own holding
 * `permissions` (default: every seller permission, so store-scope tests see only the scope);
 * `permissions: null` leaves them in no group.
 */
export async function createSeller(
  db: Executor,
  opts: {
    name?: string;
    email?: string;
    mobile?: string | null;
    password?: string;
    sellerId?: number;
    isBoss?: boolean;
    permissions?: string[] | null;
  } = {},
): Promise<SellerFixture> {
  const password = opts.password ?? FIXTURE_PASSWORD;
  const email = opts.email ?? `seller-${unique()}@example.com`;
  let sellerId = opts.sellerId;
  if (sellerId === undefined) {
    const [level] = await db
      .select({ id: memberLevels.id })
      .from(memberLevels)
      .orderBy(asc(memberLevels.orderNum))
      .limit(1);
    const [seller] = await db
      .insert(sellers)
      .values({ name: opts.name ?? `Seller ${unique()}`, levelId: level?.id ?? null })
      .returning({ id: sellers.id });
    sellerId = seller!.id;
  }
  const [user] = await db
    .insert(users)
    .values({
      sellerId,
      name: opts.name ?? 'Fixture User',
      email,
      mobile: opts.mobile ?? null,
      passwordHash: await hashOnce(password),
      isBoss: opts.isBoss ?? opts.sellerId === undefined,
    })
    .returning({ id: users.id });
  const isStaff = !(opts.isBoss ?? opts.sellerId === undefined);
  if (isStaff && opts.permissions !== null) {
    const permissions = opts.permissions ?? (await sellerPermissions(db));
    const [group] = await db
      .insert(groups)
      .values({ sellerId, name: `Fixture ${unique()}`, permissions })
      .returning({ id: groups.id });
    await db.insert(userGroups).values({ userId: user!.id, groupId: group!.id });
  }
  const { token } = await issueToken(db, { type: 'user', id: user!.id }, '127.0.0.1');
  return { sellerId, userId: user!.id, token, email, password };
}

/**
 * A signed-in platform operator, with the seeded super role (every admin permission) unless
 * `roleIds` names the roles to hold (none: no permission at all).
 */
export async function createOperator(
  db: Executor,
  opts: { username?: string; roleIds?: number[] } = {},
): Promise<{ adminId: number; token: string }> {
  const [admin] = await db
    .insert(adminUsers)
    .values({
      username: opts.username ?? `op-${unique()}`,
      name: 'Fixture Operator',
      passwordHash: await hashOnce(FIXTURE_PASSWORD),
    })
    .returning({ id: adminUsers.id });
  const roleIds =
    opts.roleIds ??
    (await db.select({ id: sysRoles.id }).from(sysRoles).where(eq(sysRoles.key, 'super'))).map(
      (r) => r.id,
    );
  if (roleIds.length) {
    await db
      .insert(adminUserRoles)
      .values(roleIds.map((roleId) => ({ adminId: admin!.id, roleId })));
    await bumpRevision(db, MENUS_REVISION);
  }
  const { token } = await issueToken(db, { type: 'admin', id: admin!.id }, '127.0.0.1');
  return { adminId: admin!.id, token };
}
