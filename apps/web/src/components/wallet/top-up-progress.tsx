import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconClockHour4, IconDeviceMobile, IconMessage2, IconReceipt } from '@tabler/icons-react';
import { ZPaymentOtpInput, type TPaymentOtpInput, type TTopUpResponse } from '@pulse/contract/wallet';
import { LoadErrorAlert } from '../load-error-alert';
import { useAuth } from '../../lib/auth/use-auth';
import { contractText } from '../../lib/contract-text';
import { formatMoney } from '../../lib/format';
import { getServerFormErrors } from '../../lib/form-errors';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { applyTopUpResult } from '../../lib/wallet/apply-top-up-result';
import { useTopUp } from '../../lib/wallet/get-top-up';
import { postTopUpOtp } from '../../lib/wallet/post-top-up-otp';
import { isPaymentPageUrl, topUpStep, type TopUpStep } from '../../lib/wallet/top-up-flow';
import { usePaymentPolling } from '../../lib/wallet/use-payment-polling';
import { maskPhone } from '../../lib/wallet/top-up-input';

interface TopUpProgressProps {
  id: string;
  /** The number the person typed, to say where the SMS code went; null when not known (a return from the provider's page). */
  phone: string | null;
  /** Back by the Cancel of the provider's page: the server is asked to give the top-up up (it verifies first). */
  cancelled?: boolean;
  /** Once, when the top-up is decided (succeeded, failed, abandoned). */
  onDecided: (response: TTopUpResponse) => void;
  /** The person stops watching: the top-up goes on at the provider and is credited when it confirms. */
  onClose: () => void;
  /** The person cannot be found this top-up (404: not theirs, or no such id). */
  onNotFound: () => void;
}

const topUpItself = (response: TTopUpResponse) => response;

/**
 * A pending top-up: the code from the SMS, "Approve the payment on your phone", or "Confirming your
 * payment..." while the wallet asks the server every 2 s (each ask verifies with the provider). After
 * 3 minutes it stops asking, says the provider is late and offers "Check again".
 */
export function TopUpProgress({ id, phone, cancelled = false, onDecided, onClose, onNotFound }: TopUpProgressProps) {
  const { t } = useLingui();
  const { query: topUp, timedOut, notFound, checkAgain } = usePaymentPolling({
    useWatched: (poll) => useTopUp(id, { poll, cancel: cancelled }),
    paymentOf: topUpItself,
    onDecided,
    onNotFound,
  });
  const response = topUp.data;

  if (!response) {
    if (topUp.isError && !notFound) return <LoadErrorAlert title={t`Could not check your payment`} onRetry={checkAgain} />;
    return <Waiting icon={<IconReceipt size={20} />} title={cancelled ? t`Cancelling your payment…` : t`Confirming your payment...`} />;
  }
  if (response.status !== 'pending') return null;

  const amount = formatMoney(response.amountMinor, response.wallet.currency);
  const step = topUpStep(response);
  if (step.kind === 'otp') return <OtpStep id={id} phone={phone} amount={amount} />;

  return (
    <PendingPaymentCard
      step={step}
      amount={amount}
      timedOut={timedOut}
      stillWaiting={<Trans>Still waiting for the payment provider. We will credit your wallet as soon as it confirms.</Trans>}
      checking={topUp.isFetching}
      onStopWaiting={onClose}
      onCheckAgain={checkAgain}
    />
  );
}

/**
 * A pending payment after its SMS-code step (a top-up's, or a checkout's in the basket): "Approve the
 * payment on your phone", "Confirming your payment..." (with the provider's page to open again), or,
 * after the polling limit, `stillWaiting` with "Stop waiting" and "Check again".
 */
export function PendingPaymentCard({
  step,
  amount,
  timedOut,
  stillWaiting,
  checking,
  onStopWaiting,
  onCheckAgain,
}: {
  step: TopUpStep;
  amount: string;
  timedOut: boolean;
  stillWaiting: ReactNode;
  checking: boolean;
  onStopWaiting: () => void;
  onCheckAgain: () => void;
}) {
  const { t } = useLingui();
  if (timedOut) {
    return (
      <Paper withBorder radius="md" p="md" role="status">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="yellow" radius="xl" size={36} aria-hidden>
              <IconClockHour4 size={20} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={700}>{amount}</Text>
              <Text size="sm">{stillWaiting}</Text>
            </div>
          </Group>
          <Group gap="sm" grow>
            <Button variant="default" onClick={onStopWaiting}>
              <Trans>Stop waiting</Trans>
            </Button>
            <Button onClick={onCheckAgain} loading={checking}>
              <Trans>Check again</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  if (step.kind === 'approve') {
    const title = t`Approve the payment on your phone`;
    return (
      <Waiting icon={<IconDeviceMobile size={20} />} title={title} amount={amount}>
        {step.displayText && step.displayText !== title && <Text size="sm">{step.displayText}</Text>}
      </Waiting>
    );
  }

  return (
    <Waiting icon={<IconReceipt size={20} />} title={t`Confirming your payment...`} amount={amount}>
      {step.kind === 'redirect' && isPaymentPageUrl(step.url) && (
        <Text size="sm">
          <Trans>
            Not paid yet? <Anchor href={step.url}>Open the payment page again</Anchor>
          </Trans>
        </Text>
      )}
    </Waiting>
  );
}

/** A payment waiting for the provider or the person (also the basket's, for a checkout paid with the provider). */
export function Waiting({ icon, title, amount, children }: { icon: ReactNode; title: string; amount?: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700}>{title}</Text>
          {amount && (
            <Text size="lg" fw={700} data-testid="top-up-pending-amount">
              {amount}
            </Text>
          )}
          {children}
        </Stack>
        <Loader size="sm" aria-hidden />
      </Group>
    </Paper>
  );
}

/** The network's SMS code (nextAction send_otp); the answer may ask to approve on the phone next. */
function OtpStep({ id, phone, amount }: { id: string; phone: string | null; amount: string }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return <OtpForm phone={phone} amount={amount} onCode={async (input) => applyTopUpResult(queryClient, user?.id ?? null, await postTopUpOtp(id, input))} />;
}

/**
 * The SMS code form of a mobile money payment; `onCode` sends it (a top-up's, or a checkout's in the
 * basket) and throws what the server refused, which is shown in place.
 */
export function OtpForm({ phone, amount, onCode }: { phone: string | null; amount: string; onCode: (input: TPaymentOtpInput) => Promise<void> }) {
  const { t } = useLingui();
  const { isPending, runOnce } = useSingleSubmit();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const masked = phone ? maskPhone(phone) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = ZPaymentOtpInput.safeParse({ otp });
      if (!parsed.success) {
        setError(contractText(parsed.error.issues[0]?.message ?? ''));
        return;
      }
      setError(null);
      setFormError(null);
      try {
        await onCode(parsed.data);
      } catch (failure) {
        const { fields, form } = getServerFormErrors(failure, ['otp']);
        setError(fields.otp ?? null);
        setFormError(form);
      }
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-label={t`Code from the SMS`}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
              <IconMessage2 size={20} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={700}>{amount}</Text>
              <Text size="sm" c="dimmed">
                <Trans>Your network sent you a code by SMS to confirm this payment.</Trans>
              </Text>
            </div>
          </Group>
          <TextInput
            label={masked ? t`Enter the code sent to ${masked}` : t`Enter the code sent to your phone`}
            value={otp}
            onChange={(event) => {
              setOtp(event.currentTarget.value);
              setError(null);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            size="md"
            error={error || undefined}
            data-autofocus
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={isPending} fullWidth size="md">
            <Trans>Confirm the payment</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
