import { ZId } from '@pulse/contract/ids';
import { PAYMENT_CANCELLED_PARAM } from '@pulse/contract/wallet';

/**
 * Coming back from the provider's page: Paystack sends the person to the callback address the
 * server gave it, `/wallet?topUp=<id>&trxref=<ref>&reference=<ref>`. The wallet reads the top-up's
 * id and asks the server (which verifies with the provider); the provider's reference is never
 * trusted here. Once decided, these parameters leave the address (a reload does not ask again).
 */
export const TOP_UP_RETURN_PARAMS = ['topUp', 'trxref', 'reference', PAYMENT_CANCELLED_PARAM] as const;

/**
 * Whether the person came back by the Cancel of the provider's page (its cancel_action,
 * `/wallet?topUp=<id>&cancelled=1`): the wallet then asks the server to give that top-up up.
 */
export function readTopUpCancel(params: URLSearchParams): boolean {
  return params.get(PAYMENT_CANCELLED_PARAM) === '1';
}

/** The top-up the person came back for, or null (none, or not an id: nothing to ask the server). */
export function readTopUpReturn(params: URLSearchParams): string | null {
  const id = params.get('topUp')?.trim() ?? '';
  return ZId.safeParse(id).success ? id : null;
}

/** The address's other parameters, without the return's; null when there is nothing to remove. */
export function withoutTopUpReturn(params: URLSearchParams): URLSearchParams | null {
  if (!TOP_UP_RETURN_PARAMS.some((name) => params.has(name))) return null;
  const next = new URLSearchParams(params);
  for (const name of TOP_UP_RETURN_PARAMS) next.delete(name);
  return next;
}
