import { issueMessage } from '@app/shared';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../../errors.ts';
import type { UploadInput } from './service.ts';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { paramValue } from '../sys-params/index.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Multipart parsing for the routes registered in `scope` only. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
}

export interface MultipartUpload extends UploadInput {
  /** Text fields sent before the file part; later ones are not read. */
  fields: Record<string, string>;
}

const MB = 1024 * 1024;

/** The one file of a multipart request, buffered within the size limit (`maxBytes`, at most 10 MB). */
export async function readUpload(
  scope: FastifyInstance,
  request: FastifyRequest,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new ValidationError({ file: 'common.multipart_file_field' });
  }
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part || part.fieldname !== 'file')
    throw new ValidationError({ file: 'common.file_required' });
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') {
      fields[name] = value.value;
    }
  }
  try {
    return { bytes: await part.toBuffer(), filename: part.filename, fields };
  } catch (error) {
    if (error instanceof scope.multipartErrors.RequestFileTooLargeError) {
      throw new ValidationError({
        file: { key: 'uploads.file_too_large', params: { mb: maxBytes / MB } },
      });
    }
    throw error;
  }
}

/**
 * The largest image an upload takes now: `upload.max_mb`, read at each upload so an operator's
 * change applies to the next one (one indexed row read; no cache to go stale).
 */
export async function imageUploadMaxBytes(db: Executor): Promise<number> {
  return (await paramValue(db, 'upload.max_mb')) * MB;
}

/** An image upload within the operators' current limit (`upload.max_mb`). */
export async function readImageUpload(
  scope: FastifyInstance,
  request: FastifyRequest,
  ctx: Pick<Ctx, 'db'>,
): Promise<MultipartUpload> {
  return readUpload(scope, request, await imageUploadMaxBytes(ctx.db));
}

/** Multipart text fields checked like a body: a bad value is a 422 naming the field. */
export function parseFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new ValidationError(
    Object.fromEntries(
      parsed.error.issues.map((i) => [i.path.join('.') || 'file', issueMessage(i)]),
    ),
  );
}
