/** Typed errors thrown by services; `http/error-handler.ts` maps them to the envelope once. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'Invalid input') {
    super(422, message, { fields });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Identity has expired, please log in again') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, data: unknown = null) {
    super(409, message, data);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests, please try again later', retryAfterSeconds?: number) {
    super(
      429,
      message,
      retryAfterSeconds === undefined ? null : { retry_after: retryAfterSeconds },
    );
  }
}
