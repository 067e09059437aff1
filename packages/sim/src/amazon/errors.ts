/**
 * An SP-API error answer: HTTP status plus one entry of the `ErrorList` body
 * `{"errors":[{"code","message","details"}]}` (reference 1.7).
 */
export class SpApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details = '',
  ) {
    super(message);
    this.name = 'SpApiError';
  }
}

export const errorList = (code: string, message: string, details = '') => ({
  errors: [{ code, message, details }],
});

export const invalidInput = (message: string, details = '') =>
  new SpApiError(400, 'InvalidInput', message, details);

export const notFound = (message: string) => new SpApiError(404, 'NotFound', message);

/**
 * SP-API refuses a missing, bad or expired LWA token with 403 `Unauthorized` and this message;
 * the details differ per cause (seen in amzn/selling-partner-api-docs#2336 and the clients that
 * match on them, e.g. jlevers/selling-partner-api).
 */
export const unauthorized = (details: string) =>
  new SpApiError(403, 'Unauthorized', 'Access to requested resource is denied.', details);

/** The OAuth2 error of the LWA token endpoint, e.g. `{"error":"invalid_grant",...}` (reference 1.3). */
export class LwaError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}
