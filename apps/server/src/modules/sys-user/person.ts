import { eq } from 'drizzle-orm';
import type { Person, PersonUpdateInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { adminUsers } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { UnauthorizedError, ValidationError } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  assertPasswordAllowed,
  hashPassword,
  revokeSubjectSessions,
  verifyPassword,
} from '../auth/index.ts';
import { getSysUser } from './service.ts';

function operatorOf(ctx: Ctx) {
  if (ctx.actor.kind !== 'admin') throw new UnauthorizedError();
  return ctx.actor;
}

/** `GET comm/person`: the signed-in operator's own profile. */
export async function getPerson(ctx: Ctx): Promise<Person> {
  return getSysUser(ctx, { id: operatorOf(ctx).adminId });
}

/**
 * `POST comm/person-update`: the operator's own name, e-mail, phone and password. A new password
 * needs the current one and ends the operator's other sessions, keeping this one.
 */
export async function updatePerson(ctx: Ctx, input: PersonUpdateInput): Promise<Person> {
  const operator = operatorOf(ctx);
  const [before] = await ctx.db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.id, operator.adminId))
    .limit(1);
  if (!before) throw new UnauthorizedError();
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if (!(await verifyPassword(input.oldPassword ?? '', before.passwordHash))) {
      throw new ValidationError({ oldPassword: 'account.current_password_incorrect' });
    }
    await assertPasswordAllowed(input.password, [
      before.username,
      input.email ?? before.email,
      input.phone ?? before.phone,
    ]);
    passwordHash = await hashPassword(input.password);
  }
  const { password: _password, oldPassword: _old, ...fields } = input;
  await withTransaction(ctx, async (tx) => {
    const [after] = await tx.db
      .update(adminUsers)
      .set({ ...fields, ...(passwordHash && { passwordHash }), updatedAt: new Date() })
      .where(eq(adminUsers.id, before.id))
      .returning();
    if (passwordHash) {
      await revokeSubjectSessions(tx.db, { type: 'admin', id: before.id }, operator.sessionId);
    }
    await recordAudit(tx, {
      object: 'sys_user',
      id: before.id,
      before: { ...before, passwordChanged: false },
      after: { ...after!, passwordChanged: passwordHash !== undefined },
    });
  });
  return getPerson(ctx);
}
