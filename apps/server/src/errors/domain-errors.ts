import type { TErrorCode } from '@pulse/contract/errors';

/**
 * Errors the services throw on purpose. The error handler turns them into HTTP in one place, so a
 * service never knows about status codes and every client sees the same shape.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: TErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
    this.fields = fields;
  }
}

export class InvalidError extends DomainError {
  readonly statusCode = 400;
  readonly code = 'validation_failed';
}

export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
  readonly code = 'unauthorized';
}

export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
  readonly code = 'forbidden';
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code = 'not_found';
}

export class ConflictError extends DomainError {
  readonly statusCode = 409;
  readonly code = 'conflict';
}

export class RateLimitedError extends DomainError {
  readonly statusCode = 429;
  readonly code = 'rate_limited';

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred on the server. Please try again later.';

export class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
  readonly code = 'payload_too_large';
}

/** The upload is not an image of an accepted kind (or not multipart at all). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly statusCode = 415;
  readonly code = 'bad_request';
}
