import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { z, ZodError } from 'zod';
import {
  DEFAULT_LANGUAGE,
  issueMessage,
  languageFromAcceptLanguage,
  validationErrorMap,
  type Language,
} from '@app/shared';
import { uniqueViolationOf } from '../db/unique.ts';
import { AppError, messageOf, type FieldMessages } from '../errors.ts';
import { hasMessage, renderMessage, type Message, type MessageKey } from '../i18n/messages.ts';

/**
 * The request's language: the actor's (saved language, else Accept-Language, resolved with the
 * session), or the header alone for errors raised before the context exists (body parsing,
 * unknown routes, rate limits).
 */
function languageOf(request: FastifyRequest): Language {
  return (
    (request.ctx as FastifyRequest['ctx'] | null)?.lang ??
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

interface Failure {
  status: number;
  message: Message;
  data?: Record<string, unknown> | null;
  fields?: FieldMessages | null;
}

function fieldsFromIssues(issues: z.core.$ZodIssue[]): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issueMessage(issue);
  }
  return fields;
}

/** Fastify's own 4xx (malformed JSON, unsupported media type, body too large) by its code. */
const FASTIFY_KEYS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'common.malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'common.malformed_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.body_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'common.multipart_required',
  FST_PARTS_LIMIT: 'common.multipart_too_many_parts',
  FST_FILES_LIMIT: 'common.multipart_too_many_files',
  FST_FIELDS_LIMIT: 'common.multipart_too_many_fields',
  FST_REQ_FILE_TOO_LARGE: 'common.multipart_file_too_large',
  FST_PROTO_VIOLATION: 'common.multipart_malformed',
  FST_INVALID_JSON_FIELD_ERROR: 'common.multipart_malformed',
  FST_MP_PREMATURE_CLOSE: 'common.multipart_malformed',
};

/** Statuses Fastify and its plugins give bad input; the spec answers all of them with 422. */
const INPUT_STATUSES = new Set([400, 406, 413, 415]);

/**
 * busboy (under @fastify/multipart) rejects a body it cannot parse ("Unexpected end of form",
 * "Malformed part header") with a plain Error and no code; its stack is how it is known.
 */
function isBusboyError(error: Error): boolean {
  return /[\\/]busboy[\\/]/.test(error.stack ?? '');
}

/** Every error as a status, a message by key, and its fields; null for the unexpected ones. */
function failureOf(error: FastifyError | AppError | ZodError): Failure | null {
  if (error instanceof AppError) {
    if (!hasMessage(error.key)) return null;
    return {
      status: error.status,
      message: { key: error.key, params: error.params },
      data: error.data,
      fields: error.fields,
    };
  }
  if (error instanceof ZodError) {
    return {
      status: 422,
      message: { key: 'validation.invalid_input' },
      fields: fieldsFromIssues(error.issues),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      ...(v.params as object),
      code: v.keyword,
      message: v.message,
      path: v.instancePath.split('/').filter(Boolean),
    })) as z.core.$ZodIssue[];
    return {
      status: 422,
      message: { key: 'validation.invalid_input' },
      fields: fieldsFromIssues(issues),
    };
  }
  if (isBusboyError(error)) {
    const message = { key: 'common.multipart_malformed' } as const;
    return { status: 422, message, fields: { _: message } };
  }
  // A unique index refused a write no service expected to race: the row exists already.
  if (uniqueViolationOf(error)) return { status: 409, message: { key: 'common.duplicate' } };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: { key: 'common.too_many_requests' } };
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    // The client's input is wrong: malformed JSON or multipart, unsupported media type, too large.
    const key = FASTIFY_KEYS[error.code] ?? 'common.bad_request';
    const message = { key, params: { detail: error.message } };
    return {
      status: INPUT_STATUSES.has(status) ? 422 : status,
      message,
      fields: { _: message },
    };
  }
  return null;
}

/** The one place errors become envelopes; a 500 carries the request id and never a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Every zod issue's message becomes a `validation.*` key, rendered per request below.
  z.config({ customError: validationErrorMap });

  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const failure = failureOf(error);
    if (!failure) {
      // An AppError whose key the catalogue lacks is a programming error too: tests see a 500.
      request.log.error({ err: error }, 'unhandled error');
      const message = renderMessage(languageOf(request), {
        key: 'common.internal',
        params: { requestId: request.id },
      });
      return reply
        .status(500)
        .send({ code: 500, key: 'common.internal', data: { request_id: request.id }, message });
    }
    const language = languageOf(request);
    const { status, data, fields } = failure;
    const retryAfter = data?.retry_after;
    if (status === 429 && retryAfter !== undefined) {
      void reply.header('retry-after', String(retryAfter));
    }
    let body: Record<string, unknown> | null = data ?? null;
    if (fields) {
      const messages = Object.entries(fields).map(([f, m]) => [f, messageOf(m)] as const);
      body = {
        ...body,
        fields: Object.fromEntries(messages.map(([f, m]) => [f, renderMessage(language, m)])),
        field_keys: Object.fromEntries(messages.map(([f, m]) => [f, m.key])),
      };
    }
    return reply.status(status).send({
      code: status,
      key: failure.message.key,
      data: body,
      message: renderMessage(language, failure.message),
    });
  });
}
