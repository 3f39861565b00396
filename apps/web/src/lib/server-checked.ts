import type { ResponseParser } from './api-client';

/**
 * For the calls of the first page (session, product listing, counts, popups): the body is taken as
 * the contract type without running the contract's zod schema in the browser. The server builds
 * these responses from the same contract types (and validates them with the schemas where it
 * serialises through them), and keeping zod out of the first load saves about 25 kB of gzipped
 * JavaScript (docs/decisions/020-first-load-budget.md). Every other call parses with its schema.
 */
export function serverChecked<T>(): ResponseParser<T> {
  return { parse: (data) => data as T };
}
