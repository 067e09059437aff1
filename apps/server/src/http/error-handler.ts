import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors.ts';

function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The one place errors become envelopes; a 500 carries the request id and never a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (
        error.status === 429 &&
        error.data &&
        typeof error.data === 'object' &&
        'retry_after' in error.data
      ) {
        void reply.header('retry-after', String(error.data.retry_after));
      }
      return reply
        .status(error.status)
        .send({ code: error.status, data: error.data, message: error.message });
    }
    if (error instanceof ZodError) {
      return reply
        .status(422)
        .send({ code: 422, data: { fields: fieldsFromZod(error) }, message: 'Invalid input' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      return reply.status(422).send({ code: 422, data: { fields }, message: 'Invalid input' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: 429, data: null, message: 'Too many requests, please try again later' });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Malformed JSON, unsupported media type, body too large: the client's input is wrong.
      const code = status === 400 || status === 415 ? 422 : status;
      return reply
        .status(code)
        .send({ code, data: { fields: { _: error.message } }, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: 500,
      data: { request_id: request.id },
      message: `Internal server error (request id ${request.id})`,
    });
  });
}
