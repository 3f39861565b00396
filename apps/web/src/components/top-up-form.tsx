import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Chip, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { currencyDigits, currencySymbol, formatMoney } from '../lib/format';
import { TOP_UP_MAX_MINOR, ZTopUpInput, type TTopUpResponse } from '@pulse/contract/wallet';
import { useAuth } from '../lib/auth/use-auth';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../lib/form-errors';
import { fromMinorUnits, toMinorUnits } from '../lib/money-input';
import { useIdempotentAttempt } from '../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../lib/use-single-submit';
import { invalidateWallet, postTopUp } from '../lib/wallet-api';

export const SANDBOX_CARD_NUMBER = '4242 4242 4242 4242';
/** Preset amounts in minor units (10, 25, 50, 100 in the currency). */
const PRESET_UNITS = [10, 25, 50, 100] as const;
const FORM_FIELDS = ['amountMinor', 'cardNumber'] as const;

interface TopUpFormProps {
  currency: string;
  /** Prefills the amount, e.g. what a checkout is missing. */
  initialAmountMinor?: number;
  submitLabel?: string;
  onDone?: (response: TTopUpResponse) => void;
}

/**
 * Adds money to the wallet through the payment provider (a sandbox here). The same form serves
 * /wallet and the checkout's "Top up" step. One Idempotency-Key per attempt: a double click or a
 * retry after a lost answer credits once; a declined card starts a fresh attempt.
 */
export function TopUpForm({ currency, initialAmountMinor, submitLabel, onDone }: TopUpFormProps) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const digits = currencyDigits(currency);
  const [amount, setAmount] = useState<number | string>(initialAmountMinor ? fromMinorUnits(initialAmountMinor, currency) : 25);
  const [cardNumber, setCardNumber] = useState(SANDBOX_CARD_NUMBER);
  const { t } = useLingui();
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending, runOnce } = useSingleSubmit();
  const amountMinor = toMinorUnits(amount, currency);
  const changeAmount = (value: number | string) => {
    setAmount(value);
    setErrors((current) => (current.fields.amountMinor ? { ...current, fields: { ...current.fields, amountMinor: '' } } : current));
  };

  const presets = PRESET_UNITS.map((units) => units * 10 ** digits);
  if (initialAmountMinor && !presets.includes(initialAmountMinor)) presets.unshift(initialAmountMinor);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = ZTopUpInput.safeParse({ amountMinor: amountMinor ?? undefined, cardNumber });
      if (!parsed.success) {
        setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        const response = await postTopUp(parsed.data, keyFor(parsed.data));
        // Settled either way: the next top-up is a new attempt, even with the same amount.
        reset();
        await invalidateWallet(queryClient, user?.id ?? null);
        if (response.status === 'failed') {
          setErrors({ fields: {}, form: response.failureReason ?? t`The payment did not go through. Try another card.` });
          return;
        }
        const added = formatMoney(response.amountMinor, response.wallet.currency);
        const available = formatMoney(response.wallet.availableMinor, response.wallet.currency);
        notifications.show({
          color: 'green',
          title: t`Wallet topped up`,
          message: t`${added} added. Available: ${available}`,
        });
        onDone?.(response);
      } catch (error) {
        // The key is kept: pressing the button again retries the same top-up.
        setErrors(getServerFormErrors(error, FORM_FIELDS));
      }
    });
  };

  const formattedAmount = amountMinor ? formatMoney(amountMinor, currency) : '';
  return (
    <form onSubmit={submit} noValidate aria-label={t`Top up`}>
      <Stack gap="md">
        <div>
          <NumberInput
            label={t`Amount`}
            value={amount}
            onChange={changeAmount}
            prefix={currencySymbol(currency)}
            decimalScale={digits}
            fixedDecimalScale={digits > 0}
            thousandSeparator=","
            min={0}
            max={fromMinorUnits(TOP_UP_MAX_MINOR, currency)}
            hideControls
            inputMode="decimal"
            error={errors.fields.amountMinor || undefined}
            size="md"
          />
          <Chip.Group>
            <Group gap={8} mt="xs" aria-label={t`Preset amounts`} role="group">
              {presets.map((minor) => (
                <Chip
                  key={minor}
                  size="sm"
                  variant="outline"
                  checked={amountMinor === minor}
                  onChange={() => changeAmount(fromMinorUnits(minor, currency))}
                >
                  {formatMoney(minor, currency)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <TextInput
          label={t`Card number`}
          value={cardNumber}
          onChange={(event) => setCardNumber(event.currentTarget.value)}
          leftSection={<IconCreditCard size={18} aria-hidden />}
          inputMode="numeric"
          autoComplete="cc-number"
          error={errors.fields.cardNumber || undefined}
          size="md"
        />
        <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Trans>Sandbox payments: no real card is charged. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</Trans>
        </Text>
        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={isPending}
          fullWidth
          // The second click of a double click may come after the first top-up has finished: it is
          // the same intent and must not start a second one.
          onClick={(event) => {
            if (event.detail > 1) event.preventDefault();
          }}
        >
          {submitLabel ?? (amountMinor && amountMinor > 0 ? t`Top up ${formattedAmount}` : t`Top up`)}
        </Button>
      </Stack>
    </form>
  );
}
