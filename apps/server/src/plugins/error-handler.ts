import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiErrorResponse, TErrorCode } from '@pulse/contract/errors';
import { translateContractMessage } from '@pulse/contract/messages-i18n';
import { DomainError, INTERNAL_ERROR, RateLimitedError } from '../errors/domain-errors';
import { translatorFor } from '../i18n/translator';
import { REQUEST_ID_HEADER } from './access-log';

function sendError(reply: FastifyReply, statusCode: number, error: TApiErrorResponse['error']) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error });
}

/** `/email` -> `email`, `/address/city` -> `address.city`; the whole body (``) has no field. */
function toFieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').join('.');
}

const NOT_JSON = msg`The request body is not valid JSON.`;

const fastifyClientErrors: Record<string, { code: TErrorCode; message: MessageDescriptor }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'bad_request',
    message: msg`Unsupported content type. Send the request body as JSON (Content-Type: application/json).`,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: msg`The request body is too large.` },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'bad_request',
    message: msg`The request body is empty but its Content-Type says JSON. Send a JSON body or no Content-Type.`,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: NOT_JSON },
};

/**
 * The caller's language. `request.i18n` reads the signed-in user's choice; a request that failed before
 * its handler ran (no user yet, or a framework error) still has its Accept-Language.
 */
function readerOf(request: FastifyRequest): I18n {
  try {
    return request.i18n ?? translatorFor(null);
  } catch {
    return translatorFor(null);
  }
}

function codeForStatus(statusCode: number): TErrorCode {
  switch (statusCode) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      return 'bad_request';
  }
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const i18n = readerOf(request);
  if (error instanceof DomainError) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    const { message, fields } = error.translated(i18n);
    return sendError(reply, error.statusCode, { code: error.code, message, ...(fields ? { fields } : {}) });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    const messages: string[] = [];
    for (const issue of error.validation) {
      const field = toFieldName(issue.instancePath);
      const message =
        !field && issue.keyword === 'invalid_type' && error.validationContext === 'body'
          ? i18n._(msg`The request body must be a JSON object.`)
          : issue.message
            ? translateContractMessage(i18n, issue.message)
            : i18n._(msg`Invalid value`);
      if (field && !(field in fields)) fields[field] = message;
      if (!field) messages.push(message);
    }
    const fieldMessages = Object.values(fields);
    const message =
      messages[0] ?? (fieldMessages.length === 1 ? fieldMessages[0] : undefined) ?? i18n._(msg`Some fields are not valid. Correct them and try again.`);
    return sendError(reply, 400, {
      code: 'validation_failed',
      message,
      ...(fieldMessages.length ? { fields } : {}),
    });
  }

  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return sendError(reply, error.statusCode ?? 400, { code: known.code, message: i18n._(known.message) });

  // Fastify's own client errors (a SyntaxError from the JSON parser, a bad header...) carry a 4xx.
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    if (error instanceof SyntaxError) {
      return sendError(reply, 400, { code: 'bad_request', message: i18n._(NOT_JSON) });
    }
    return sendError(reply, statusCode, { code: codeForStatus(statusCode), message: error.message });
  }

  // Never tell the client what went wrong inside; the log has the detail and the request id.
  request.log.error({ err: error }, 'unexpected error');
  return sendInternalError(request, reply, i18n);
}

/**
 * A 500: the spec's sentence to the letter (spec §8), and the request id as `reference`, the same id
 * as the X-Request-Id header and every log line of the request, so support can find what happened.
 */
function sendInternalError(request: FastifyRequest, reply: FastifyReply, i18n: I18n) {
  // A framework error is answered before the onRequest hook that sets it on every other answer.
  reply.header(REQUEST_ID_HEADER, request.id);
  return sendError(reply, 500, { code: 'internal_error', message: i18n._(INTERNAL_ERROR), reference: request.id });
}

/** Every non-2xx response carries `{ error: { code, message, fields? } }`. */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);

/**
 * Errors Fastify raises before routing (a malformed or over-long URL); without this hook they
 * would answer in Fastify's own shape.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const i18n = readerOf(request);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, { code: 'bad_request', message: i18n._(msg`The address is too long.`) });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 400, { code: 'bad_request', message: i18n._(msg`The address is malformed.`) });
  }
  request.log.error({ err: error }, 'unexpected framework error');
  return sendInternalError(request, reply, i18n);
}
