import { z } from 'zod';

/** Integer minor units (cents); every amount on the wire is one of these, computed by the server. */
export const ZMinor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** Signed minor units for ledger movements (negative leaves the account). */
export const ZSignedMinor = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

export { formatMoney } from './money-format';
