import { z } from 'zod';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZAddress, ZAddressListResponse, type TAddress, type TAddressInput, type TAddressListResponse } from '@pulse/contract/addresses';
import { apiRequest } from './api-client';
import { useAuth } from './auth/use-auth';
import { reactToSessionOrOutage } from './react-to-session-or-outage';

export function addressesQueryKey(userId: string | null) {
  return ['addresses', userId] as const;
}

export async function getAddresses(signal?: AbortSignal): Promise<TAddressListResponse> {
  return apiRequest('/api/addresses', { schema: ZAddressListResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The signed-in person's saved addresses, the default first. */
export function useAddresses() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: addressesQueryKey(userId),
    queryFn: ({ signal }) => getAddresses(signal),
    enabled: userId !== null,
  });
}

export async function postAddress(input: TAddressInput): Promise<TAddress> {
  return apiRequest('/api/addresses', { method: 'POST', body: input, schema: ZAddress, reactTo: reactToSessionOrOutage });
}

export async function putAddress(addressId: string, input: TAddressInput): Promise<TAddress> {
  return apiRequest(`/api/addresses/${encodeURIComponent(addressId)}`, { method: 'PUT', body: input, schema: ZAddress, reactTo: reactToSessionOrOutage });
}

export async function deleteAddress(addressId: string): Promise<void> {
  await apiRequest(`/api/addresses/${encodeURIComponent(addressId)}`, { method: 'DELETE', schema: z.unknown(), reactTo: reactToSessionOrOutage });
}

/** Makes this address the default; the server answers with the address or the whole list. */
export async function postDefaultAddress(addressId: string): Promise<void> {
  await apiRequest(`/api/addresses/${encodeURIComponent(addressId)}/default`, { method: 'POST', schema: z.unknown(), reactTo: reactToSessionOrOutage });
}

export function invalidateAddresses(queryClient: QueryClient, userId: string | null): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) });
}
