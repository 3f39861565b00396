import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { TErrorCode } from '@pulse/contract/errors';
import { englishText, translateContractMessage } from '@pulse/contract/messages-i18n';
import { translatorFor } from '../i18n/translator';

/**
 * A text for people: a Lingui descriptor (`msg\`...\``), a text made of translated parts
 * (`(i18n) => ...`, e.g. a sentence with a plural inside), or a registered message's English text
 * (`contractMessage(msg\`...\`)`, the constants tests compare).
 */
export type UserText = MessageDescriptor | ((i18n: I18n) => string) | string;

function english(text: UserText): string {
  if (typeof text === 'string') return text;
  if (typeof text === 'function') return text(translatorFor('en'));
  return englishText(text);
}

/** A text in the reader's language; a string is translated when it is a registered message. */
export function translateUserText(i18n: I18n, text: UserText): string {
  if (typeof text === 'string') return translateContractMessage(i18n, text);
  if (typeof text === 'function') return text(i18n);
  return i18n._(text);
}

/**
 * Errors the services throw on purpose. The error handler turns them into HTTP in one place, so a
 * service never knows about status codes and every client sees the same shape. The message is a
 * descriptor, written in the caller's language by the error handler; `message` is its English text
 * (logs, tests).
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: TErrorCode;
  readonly text: UserText;
  readonly fieldTexts: Record<string, UserText> | undefined;

  constructor(message: UserText, fields?: Record<string, UserText>) {
    super(english(message));
    this.name = new.target.name;
    this.text = message;
    this.fieldTexts = fields;
  }

  /** The fields' messages in English. */
  get fields(): Record<string, string> | undefined {
    return this.fieldTexts ? Object.fromEntries(Object.entries(this.fieldTexts).map(([key, value]) => [key, english(value)])) : undefined;
  }

  /** The message and fields in a reader's language. */
  translated(i18n: I18n): { message: string; fields?: Record<string, string> } {
    return {
      message: translateUserText(i18n, this.text),
      ...(this.fieldTexts
        ? { fields: Object.fromEntries(Object.entries(this.fieldTexts).map(([key, value]) => [key, translateUserText(i18n, value)])) }
        : {}),
    };
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

/** Applications and payouts wait until the account's address is confirmed (decision 053). */
export class EmailUnverifiedError extends DomainError {
  readonly statusCode = 403;
  readonly code = 'email_unverified';
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
    message: UserText,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export const INTERNAL_ERROR = msg`An unexpected error occurred on the server. Please try again later.`;
export const INTERNAL_ERROR_MESSAGE = englishText(INTERNAL_ERROR);

export class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
  readonly code = 'payload_too_large';
}

/** The upload is not an image of an accepted kind (or not multipart at all). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly statusCode = 415;
  readonly code = 'bad_request';
}
