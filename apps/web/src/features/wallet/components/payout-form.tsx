import { useState, type FormEvent } from 'react';
import { Alert, Button, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBuildingBank, IconClockHour4 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { currencyDigits, currencySymbol, formatMoney } from '../../../lib/format';
import { PAYOUT_MAX_MINOR, ZPayoutInput, type TPayout, type TSellerWalletResponse } from '@pulse/contract/wallet';
import { useAuth } from '../../../lib/auth/use-auth';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { fromMinorUnits, toMinorUnits } from '../../../lib/money-input';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { invalidateWallet } from '../../../lib/wallet-api';
import { pendingPayoutsOf, usePayouts } from '../api/get-payouts';
import { applyPayoutBalances, postPayout } from '../api/post-payout';

const FORM_FIELDS = ['amountMinor', 'destination'] as const;

/**
 * Pays out from the available balance to the payout details on file (or a destination typed here
 * when none is). One Idempotency-Key per attempt: a double click or a retry after a lost answer pays
 * out once; a refused payout starts a fresh attempt. Sellers and agents pay out the same way. A
 * payout the provider has not settled yet shows as "On its way" until it is sent or returned.
 */
export function PayoutForm({
  wallet,
  source = 'seller',
}: {
  wallet: Pick<TSellerWalletResponse, 'currency' | 'availableMinor' | 'payoutDestination'>;
  /** Which approved application the payout details come from. */
  source?: 'seller' | 'agent';
}) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const { user } = useAuth();
  const currency = wallet.currency;
  const digits = currencyDigits(currency);
  const [amount, setAmount] = useState<number | string>('');
  const [destination, setDestination] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending, runOnce } = useSingleSubmit();
  const amountMinor = amount === '' ? null : toMinorUnits(amount, currency);
  const needsDestination = wallet.payoutDestination === null;
  const payoutDestination = wallet.payoutDestination;
  const available = formatMoney(wallet.availableMinor, currency);
  // Payouts the provider has not settled yet; the list polls them until it has.
  const pending = pendingPayoutsOf(usePayouts(true).data);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = ZPayoutInput.safeParse({ amountMinor: amountMinor ?? undefined, ...(needsDestination ? { destination } : {}) });
      if (!parsed.success) {
        setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
        return;
      }
      if (parsed.data.amountMinor > wallet.availableMinor) {
        setErrors({ fields: { amountMinor: t`You can pay out at most ${available}` }, form: null });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        const response = await postPayout(parsed.data, keyFor(parsed.data));
        // Settled either way: the next payout is a new attempt, even with the same amount.
        reset();
        applyPayoutBalances(queryClient, user?.id ?? null, response);
        void invalidateWallet(queryClient, user?.id ?? null);
        if (response.status === 'failed' || response.status === 'reversed') {
          setErrors({ fields: {}, form: response.failureReason ?? t`The payout was not accepted by the payment provider.` });
          return;
        }
        setAmount('');
        const sent = formatMoney(response.amountMinor, response.currency);
        const destination = response.destination;
        const left = formatMoney(response.wallet.availableMinor, response.currency);
        notifications.show(
          response.status === 'pending'
            ? { color: 'blue', title: t`Payout requested`, message: t`On its way: ${sent} to ${destination}. Available: ${left}` }
            : { color: 'green', title: t`Payout sent`, message: t`${sent} to ${destination}. Available: ${left}` },
        );
      } catch (error) {
        // The key is kept: pressing the button again retries the same payout.
        setErrors(getServerFormErrors(error, FORM_FIELDS));
        void invalidateWallet(queryClient, user?.id ?? null);
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Request a payout`}>
      <Stack gap="sm">
        {payoutDestination ? (
          <Text size="sm">
            {source === 'agent' ? (
              <Trans>
                To{' '}
                <Text span fw={600} data-testid="payout-destination">
                  {payoutDestination}
                </Text>
                <Text span c="dimmed">
                  {' '}
                  (from your agent application)
                </Text>
              </Trans>
            ) : (
              <Trans>
                To{' '}
                <Text span fw={600} data-testid="payout-destination">
                  {payoutDestination}
                </Text>
                <Text span c="dimmed">
                  {' '}
                  (from your seller application)
                </Text>
              </Trans>
            )}
          </Text>
        ) : (
          <TextInput
            label={t`Pay out to`}
            description={t`No payout details on file: mobile money number or bank account`}
            placeholder={t`e.g. MTN mobile money 024 000 0000`}
            value={destination}
            onChange={(event) => setDestination(event.currentTarget.value)}
            error={errors.fields.destination || undefined}
            maxLength={200}
          />
        )}
        <NumberInput
          label={t`Amount`}
          description={t`Available: ${available}`}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            if (errors.fields.amountMinor) setErrors((current) => ({ ...current, fields: { ...current.fields, amountMinor: '' } }));
          }}
          prefix={currencySymbol(currency)}
          decimalScale={digits}
          fixedDecimalScale={digits > 0}
          thousandSeparator=","
          min={0}
          max={fromMinorUnits(PAYOUT_MAX_MINOR, currency)}
          hideControls
          inputMode="decimal"
          error={errors.fields.amountMinor || undefined}
          rightSectionWidth={64}
          rightSection={
            <Button size="compact-xs" variant="subtle" onClick={() => setAmount(fromMinorUnits(wallet.availableMinor, currency))} disabled={wallet.availableMinor === 0}>
              <Trans>All</Trans>
            </Button>
          }
        />
        {pending.map((payout) => (
          <OnItsWay key={payout.id} payout={payout} />
        ))}
        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Button
          type="submit"
          loading={isPending}
          fullWidth
          leftSection={<IconBuildingBank size={18} aria-hidden />}
          disabled={wallet.availableMinor === 0}
          // The second click of a double click may arrive after the first payout finished: same intent.
          onClick={(event) => {
            if (event.detail > 1) event.preventDefault();
          }}
        >
          {amountMinor && amountMinor > 0 ? <PayOutLabel amount={formatMoney(amountMinor, currency)} /> : <Trans>Pay out</Trans>}
        </Button>
        {wallet.availableMinor === 0 && (
          <Text size="xs" c="dimmed">
            <Trans>Nothing to pay out yet: money becomes available when buyers receive their orders.</Trans>
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** "On its way: GH₵120.00 to MTN Mobile Money ****4567": held from the balance, not yet confirmed by the provider. */
function OnItsWay({ payout }: { payout: TPayout }) {
  const amount = formatMoney(payout.amountMinor, payout.currency);
  const destination = payout.destination;
  return (
    <Alert color="blue" variant="light" icon={<IconClockHour4 size={18} aria-hidden />} role="status" data-testid="payout-on-its-way">
      <Trans>
        On its way: {amount} to {destination}
      </Trans>
    </Alert>
  );
}

function PayOutLabel({ amount }: { amount: string }) {
  return <Trans>Pay out {amount}</Trans>;
}
