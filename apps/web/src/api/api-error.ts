import { ValidationErrorData } from '@app/shared';

/**
 * A rejected API call. `handled` means the client already told the user (or chose to stay
 * silent, as for 404), so screens must not show the message a second time.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  /** The server's stable message key (`cart.changed_since_checkout`): branch on it, never on the text. */
  readonly key: string | null;
  readonly handled: boolean;

  constructor(options: {
    code: number;
    status: number;
    message: string;
    data?: unknown;
    key?: string | null;
    handled?: boolean;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.data = options.data ?? null;
    this.key = options.key ?? null;
    this.handled = options.handled ?? false;
  }

  /** `data.fields` (a 422, or a 409 naming the taken e-mail or mobile), or null when the error is not about fields. */
  get fields(): Record<string, string> | null {
    const parsed = ValidationErrorData.safeParse(this.data);
    return parsed.success ? parsed.data.fields : null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
