import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useResolvedAccountName } from '../lib/payout-account-name-api';

/**
 * Under the payout details of the seller and agent applications: the name the payment provider has
 * for the account typed, so a wrong number shows before any money goes to it. Nothing when the
 * provider cannot tell (mobile money at Paystack, the sandbox).
 */
export function PayoutAccountName({ method, providerName, accountNumber }: { method: 'mobile_money' | 'bank' | null; providerName: string; accountNumber: string }) {
  const accountName = useResolvedAccountName(method, providerName, accountNumber);
  return (
    <div role="status" aria-live="polite">
      {accountName && (
        <Text size="sm" data-testid="payout-account-name">
          <Trans>
            Account name:{' '}
            <Text span fw={600}>
              {accountName}
            </Text>
          </Trans>
        </Text>
      )}
    </div>
  );
}
