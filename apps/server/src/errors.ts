import type { Language } from '@app/shared';
import type { Message, MessageKey, MessageParams } from './i18n/messages.ts';
import { renderMessage } from './i18n/messages.ts';

/** A field error: a key, or a key with its parameters. */
export type FieldMessage = MessageKey | Message;
export type FieldMessages = Record<string, FieldMessage>;

export function messageOf(field: FieldMessage): Message {
  return typeof field === 'string' ? { key: field } : field;
}

/**
 * Typed errors thrown by services; `http/error-handler.ts` maps them to the envelope once and
 * renders `key` (and each field's key) in the request's language. `Error.message` is the English
 * rendering, for logs and for failures kept as text (job results).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly data: Record<string, unknown> | null = null,
    readonly fields: FieldMessages | null = null,
  ) {
    super(renderMessage('en', { key, params }));
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(
    fields: FieldMessages,
    key: MessageKey = 'validation.invalid_input',
    params: MessageParams = {},
  ) {
    super(422, key, params, null, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(key: MessageKey = 'auth.session_expired') {
    super(401, key);
  }
}

export class ForbiddenError extends AppError {
  constructor(key: MessageKey = 'common.forbidden') {
    super(403, key);
  }
}

export class NotFoundError extends AppError {
  constructor(key: MessageKey = 'common.not_found', params: MessageParams = {}) {
    super(404, key, params);
  }
}

export class ConflictError extends AppError {
  constructor(
    key: MessageKey,
    params: MessageParams = {},
    data: Record<string, unknown> | null = null,
    fields: FieldMessages | null = null,
  ) {
    super(409, key, params, data, fields);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    key: MessageKey = 'common.too_many_requests',
    params: MessageParams = {},
    retryAfterSeconds?: number,
  ) {
    super(
      429,
      key,
      params,
      retryAfterSeconds === undefined ? null : { retry_after: retryAfterSeconds },
    );
  }
}

/** The error's message in `language`, for results that carry a refusal as text (batch items). */
export function renderError(error: AppError, language: Language): string {
  return renderMessage(language, { key: error.key, params: error.params });
}

/** Each field's message in `language`; null when the error names no field. */
export function renderFields(error: AppError, language: Language): Record<string, string> | null {
  if (!error.fields) return null;
  return Object.fromEntries(
    Object.entries(error.fields).map(([f, m]) => [f, renderMessage(language, messageOf(m))]),
  );
}

/** A refusal as one line of text: its field messages when it names fields, else its message. */
export function reasonText(error: AppError, language: Language): string {
  const texts = Object.values(renderFields(error, language) ?? {});
  return texts.length > 0 ? texts.join('; ') : renderError(error, language);
}
