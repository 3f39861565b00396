import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';

/**
 * Ids are UUIDv7 strings: sortable by creation, leak no counts. The pattern already fixes the
 * length; `max(36)` writes it as `maxLength` too, for tools that read only that (decision 042).
 */
export const ZId = z.uuid({ message: contractMessage(msg`Must be a valid id`) }).max(36, { message: contractMessage(msg`Must be a valid id`) });
export type TId = z.infer<typeof ZId>;

/** `2026-11-20T10:00:00.123456789+05:30` is 35 characters; an instant a client sends is at most this long. */
export const ISO_DATE_TIME_MAX_LENGTH = 40;

export const ZIdParams = z.object({ id: ZId });
