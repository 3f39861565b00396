import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ZResolveAccountResponse, type TResolveAccountInput } from '@pulse/contract/payments';
import { findPayoutInstitution } from '@pulse/contract/payout-institutions';
import { apiRequest, reactToNoFailures } from './api-client';
import { useAuth } from './auth/use-auth';

/** The account holder's name as the payment provider knows it (null when it cannot tell). */
export async function resolveAccountName(input: TResolveAccountInput, signal?: AbortSignal): Promise<string | null> {
  const answer = await apiRequest('/api/wallet/payout-recipients/resolve', {
    method: 'POST',
    body: input,
    schema: ZResolveAccountResponse,
    signal,
    // A help for the person, never an error of theirs: a refusal just shows no name.
    reactTo: reactToNoFailures,
  });
  return answer.accountName;
}

const ACCOUNT_NUMBER = /^[0-9 +]{6,20}$/;

/**
 * The name on the payout account being typed, for the person to confirm ("Account name: Ama
 * Mensah"), once the network or bank is one the app knows and the number looks whole; asked again
 * only when they pause typing. null while unknown.
 */
export function useResolvedAccountName(method: 'mobile_money' | 'bank' | null, providerName: string, accountNumber: string): string | null {
  const { user } = useAuth();
  // One string, so the debounce compares values, not a new object every render.
  const [typed] = useDebouncedValue(JSON.stringify([method, providerName.trim(), accountNumber.trim()]), 600);
  const [typedMethod, typedProvider, typedNumber] = JSON.parse(typed) as [typeof method, string, string];
  const institution = typedMethod ? findPayoutInstitution(typedMethod, typedProvider) : null;
  const input: TResolveAccountInput | null =
    typedMethod && institution && ACCOUNT_NUMBER.test(typedNumber) ? { method: typedMethod, bankCode: institution.network ?? institution.code, accountNumber: typedNumber } : null;
  const query = useQuery({
    queryKey: ['payout-account-name', user?.id ?? null, input?.method, input?.bankCode, input?.accountNumber],
    queryFn: ({ signal }) => (input ? resolveAccountName(input, signal) : null),
    enabled: input !== null && user !== null,
    staleTime: Infinity,
    retry: false,
  });
  return input && query.isSuccess ? query.data : null;
}
