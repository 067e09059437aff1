import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { jobs } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { ObjectStorage, StoredObject } from '../../integrations/object-storage.ts';
import { findOwned } from '../../tenancy.ts';

/**
 * The stored file a finished job of the actor's seller made (an export, a picture zip): another
 * seller's job, a job of another kind or a file gone is a 404 under `notFound`; one still
 * running is a 409 under `notReady`.
 */
export async function finishedJobFile<P extends { key: string }>(
  ctx: Ctx,
  storage: ObjectStorage,
  jobId: string,
  kind: { name: string; payload: z.ZodType<P>; notFound: MessageKey; notReady: MessageKey },
): Promise<{ object: StoredObject; payload: P; result: unknown }> {
  const row = await findOwned(ctx, jobs, jobId, kind.notFound);
  const payload = kind.payload.safeParse(row.payload);
  if (row.kind !== kind.name || !payload.success) throw new NotFoundError(kind.notFound);
  if (row.status !== 'succeeded')
    throw new ConflictError(kind.notReady, {}, { reason: 'not_ready' });
  const object = await storage.get(payload.data.key);
  if (!object) throw new NotFoundError(kind.notFound);
  return { object, payload: payload.data, result: row.result };
}
