import { useQuery } from '@tanstack/react-query';
import type { TBasketCountResponse } from '@pulse/contract/counts';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { serverChecked } from '../../../lib/server-checked';

export async function getBasketCount(): Promise<number> {
  const response = await apiRequest('/api/baskets/count', { schema: serverChecked<TBasketCountResponse>(), reactTo: reactToSessionExpiryOnly });
  return response.count;
}

/** Spec §8: a failed basket count reads 0 and is only logged, with no message to the user. */
async function getBasketCountOrZero(): Promise<number> {
  try {
    return await getBasketCount();
  } catch (error) {
    console.error('Could not load the basket count', error);
    return 0;
  }
}

/** Items in the basket: 0 for visitors; fetched again whenever the signed-in identity changes. */
export function useBasketCount(): number {
  const { isAuthenticated, user, token } = useAuth();
  const query = useQuery({
    queryKey: ['basket', 'count', user?.id ?? null, token],
    queryFn: getBasketCountOrZero,
    enabled: isAuthenticated,
  });
  return isAuthenticated ? (query.data ?? 0) : 0;
}
