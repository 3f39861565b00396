import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, CloseButton, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { TTopUpResponse, TWalletResponse } from '@pulse/contract/wallet';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatMoney } from '../../../lib/format';
import { applyTopUpResult } from '../../../lib/wallet/apply-top-up-result';
import { topUpOutcome, topUpStep, type TopUpOutcome } from '../../../lib/wallet/top-up-flow';
import type { TopUpValues } from '../../../lib/wallet/top-up-input';
import { readTopUpCancel, readTopUpReturn, withoutTopUpReturn } from '../utils/top-up-return';
import { TopUpProgress } from '../../../components/wallet/top-up-progress';
import { WalletTopUpForm } from '../../../components/wallet/wallet-top-up-form';

interface ActiveTopUp {
  id: string;
  /** The number typed for mobile money (where the SMS code went); null after the provider's page. */
  phone: string | null;
}

/**
 * The wallet's "Top up" box: the form, then whatever a pending top-up needs (the SMS code, approving
 * on the phone, "Confirming your payment..." after the provider's page), then what became of it.
 * The form stays mounted underneath, so a failed payment keeps what the person typed.
 */
export function TopUpSection({ wallet }: { wallet: TWalletResponse | undefined }) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [params, setParams] = useSearchParams();
  const returnId = readTopUpReturn(params);
  const [active, setActive] = useState<ActiveTopUp | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [outcome, setOutcome] = useState<TopUpOutcome | null>(null);
  // Back from the provider's page: that top-up first (the address says which).
  const current = active ?? (returnId ? { id: returnId, phone: null } : null);
  // Back by the Cancel of the provider's page (its cancel_action): give that top-up up, the server verifies first.
  const cancelled = active === null && returnId !== null && readTopUpCancel(params);

  const leaveReturn = useCallback(() => {
    const rest = withoutTopUpReturn(params);
    if (rest) setParams(rest, { replace: true });
  }, [params, setParams]);

  const finish = useCallback(
    (response: TTopUpResponse) => {
      void applyTopUpResult(queryClient, userId, response);
      setOutcome(topUpOutcome(response, i18n));
      if (response.status === 'succeeded') {
        const added = formatMoney(response.amountMinor, response.wallet.currency);
        const available = formatMoney(response.wallet.availableMinor, response.wallet.currency);
        notifications.show({ color: 'green', title: t`Wallet topped up`, message: t`${added} added. Available: ${available}` });
      }
      setActive(null);
      leaveReturn();
    },
    [queryClient, userId, i18n, t, leaveReturn],
  );

  const close = useCallback(() => {
    setActive(null);
    leaveReturn();
  }, [leaveReturn]);

  const notFound = useCallback(() => {
    setOutcome({ tone: 'failure', text: t`We could not find this payment. If money left your account, it will be credited once the provider confirms.` });
    close();
  }, [close, t]);

  // Back from the provider's page by the browser's Back button, the page may be restored as it was.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const answer = async (response: TTopUpResponse, values: TopUpValues) => {
    const step = topUpStep(response);
    if (step.kind === 'redirect') {
      await applyTopUpResult(queryClient, userId, response);
      setRedirecting(true);
      window.location.assign(step.url);
      return;
    }
    if (response.status !== 'pending') {
      finish(response);
      return;
    }
    await applyTopUpResult(queryClient, userId, response);
    setActive({ id: response.id, phone: values.method === 'mobile_money' ? values.phone : null });
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="top-up-heading">
      <Title order={2} fz="lg" id="top-up-heading" mb="sm">
        <Trans>Top up</Trans>
      </Title>
      {current && (
        <TopUpProgress
          key={current.id}
          id={current.id}
          phone={current.phone}
          cancelled={cancelled}
          onDecided={finish}
          onClose={close}
          onNotFound={notFound}
        />
      )}
      {redirecting && (
        <Text size="sm" c="dimmed" role="status" mb="sm">
          <Trans>Opening Paystack’s payment page…</Trans>
        </Text>
      )}
      {wallet ? (
        <Box display={current || redirecting ? 'none' : undefined}>
          <WalletTopUpForm
            currency={wallet.currency}
            provider={wallet.paymentProvider}
            onAnswer={answer}
            onSubmitStart={() => setOutcome(null)}
            notice={outcome && <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
          />
        </Box>
      ) : (
        !current && <Text c="dimmed">{t`Loading…`}</Text>
      )}
    </Paper>
  );
}

function OutcomeAlert({ outcome, onClose }: { outcome: TopUpOutcome; onClose: () => void }) {
  const { t } = useLingui();
  const success = outcome.tone === 'success';
  return (
    <Alert
      color={success ? 'green' : 'red'}
      variant="light"
      icon={success ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />}
      role={success ? 'status' : 'alert'}
      data-testid="top-up-outcome"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm">{outcome.text}</Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t`Dismiss`} />
      </Group>
    </Alert>
  );
}
