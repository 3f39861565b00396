import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { TPaymentProviderName, TTopUpResponse } from '@pulse/contract/wallet';
import { useAuth } from '../../lib/auth/use-auth';
import { formatMoney } from '../../lib/format';
import { applyTopUpResult } from '../../lib/wallet/apply-top-up-result';
import { topUpOutcome, topUpStep } from '../../lib/wallet/top-up-flow';
import { WalletTopUpForm } from './wallet-top-up-form';

interface CheckoutTopUpProps {
  currency: string;
  provider: TPaymentProviderName | undefined;
  /** What the wallet is missing: the amount the form starts from. */
  missingMinor: number;
  /** The wallet was topped up: the checkout can pay now. */
  onDone: (response: TTopUpResponse) => void;
}

/**
 * The checkout's "Top up" step: the wallet's own top-up form, started at the missing amount. A
 * payment decided at once ends here (a toast, or the reason it failed at the top of the form); one
 * that needs the provider's page or the phone goes on where the wallet follows it to the end.
 */
export function CheckoutTopUp({ currency, provider, missingMinor, onDone }: CheckoutTopUpProps) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const answer = async (response: TTopUpResponse) => {
    await applyTopUpResult(queryClient, user?.id ?? null, response);
    const step = topUpStep(response);
    if (step.kind === 'redirect') {
      window.location.assign(step.url);
      return;
    }
    if (response.status === 'pending') {
      // The SMS code, the approval on the phone: the wallet page follows this top-up.
      void navigate(`/wallet?topUp=${encodeURIComponent(response.id)}`);
      return;
    }
    if (response.status !== 'succeeded') {
      setFailure(topUpOutcome(response, i18n)?.text ?? null);
      return;
    }
    const added = formatMoney(response.amountMinor, response.wallet.currency);
    const available = formatMoney(response.wallet.availableMinor, response.wallet.currency);
    notifications.show({ color: 'green', title: t`Wallet topped up`, message: t`${added} added. Available: ${available}` });
    onDone(response);
  };

  return (
    <WalletTopUpForm
      currency={currency}
      provider={provider}
      initialAmountMinor={missingMinor}
      onAnswer={answer}
      onSubmitStart={() => setFailure(null)}
      notice={
        failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="top-up-outcome">
            {failure}
          </Alert>
        )
      }
    />
  );
}
