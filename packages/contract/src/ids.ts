import { z } from 'zod';

/** Ids are UUIDv7 strings: sortable by creation, leak no counts. */
export const ZId = z.uuid({ message: 'Must be a valid id' });
export type TId = z.infer<typeof ZId>;

export const ZIdParams = z.object({ id: ZId });
