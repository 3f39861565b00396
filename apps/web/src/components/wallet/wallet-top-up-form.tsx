import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Chip, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { TOP_UP_MAX_MINOR, ZTopUpInput, type TPaymentMethod, type TPaymentProviderName, type TTopUpResponse } from '@pulse/contract/wallet';
import { contractText } from '../../lib/contract-text';
import { currencyDigits, currencySymbol, formatMoney } from '../../lib/format';
import { getServerFormErrors, getZodDottedFieldErrors } from '../../lib/form-errors';
import { fromMinorUnits, toMinorUnits } from '../../lib/money-input';
import { useIdempotentAttempt } from '../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { postTopUp } from '../../lib/wallet-api';
import {
  SANDBOX_CARD_NUMBER,
  TOP_UP_REQUEST_FIELDS,
  topUpFieldErrors,
  topUpInputFrom,
  topUpMethodsFor,
  type TopUpValues,
} from '../../lib/wallet/top-up-input';
import { PaymentMethodFields } from './payment-method-fields';

/** Preset amounts in currency units. */
const PRESET_UNITS = [10, 25, 50, 100] as const;

interface WalletTopUpFormProps {
  currency: string;
  provider: TPaymentProviderName | undefined;
  /**
   * What became of the last top-up ("Declined by your bank", "GH₵25.00 added"): shown first, at the
   * top of the form, and brought into view when it appears, so a person on a phone sees it where
   * they are looking rather than below the fields.
   */
  notice?: ReactNode;
  /** Prefills the amount (what a checkout is missing); offered beside the presets. */
  initialAmountMinor?: number;
  /** Every answer of the server, whatever its status; the caller shows what comes next. */
  onAnswer: (response: TTopUpResponse, values: TopUpValues) => Promise<void> | void;
  /** Called when a new attempt starts, so the caller can clear the last one's notice. */
  onSubmitStart?: () => void;
}

/**
 * The wallet's top-up: an amount and how to pay (the methods the provider takes). One
 * Idempotency-Key per attempt: a double click or a retry after a lost answer creates one top-up;
 * any answer ends the attempt, so the next submit is a new top-up even with the same amount.
 */
export function WalletTopUpForm({ currency, provider, notice, initialAmountMinor, onAnswer, onSubmitStart }: WalletTopUpFormProps) {
  const { t } = useLingui();
  const digits = currencyDigits(currency);
  const methods = topUpMethodsFor(provider);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending, runOnce } = useSingleSubmit();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TopUpValues>({
    initialValues: { amount: initialAmountMinor ? fromMinorUnits(initialAmountMinor, currency) : 25, method: methods[0] ?? 'card', cardNumber: SANDBOX_CARD_NUMBER, phone: '', network: '' },
    clearInputErrorOnChange: true,
  });
  const values = form.getValues();
  // The provider can change under an open page (a deployment switched it): keep the choice valid.
  const method: TPaymentMethod = methods.includes(values.method) ? values.method : (methods[0] ?? 'card');
  const amountMinor = toMinorUnits(values.amount, currency);
  const presets = PRESET_UNITS.map((units) => units * 10 ** digits);
  if (initialAmountMinor && !presets.includes(initialAmountMinor)) presets.unshift(initialAmountMinor);
  const noticeRef = useRef<HTMLDivElement>(null);
  const hasNotice = Boolean(notice);
  useEffect(() => {
    // 'nearest' moves the page only when the notice is out of view, and only as far as needed.
    if (hasNotice) noticeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [hasNotice]);

  const submit = form.onSubmit((submitted) =>
    void runOnce(async () => {
      const current = { ...submitted, method };
      const parsed = ZTopUpInput.safeParse(topUpInputFrom(current, currency));
      if (!parsed.success) {
        const fields = topUpFieldErrors(getZodDottedFieldErrors(parsed.error));
        form.setErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, contractText(message)])));
        return;
      }
      setFormError(null);
      onSubmitStart?.();
      try {
        const response = await postTopUp(parsed.data, keyFor(parsed.data));
        // Answered either way: the next top-up is a new attempt, even with the same amount.
        reset();
        await onAnswer(response, current);
      } catch (error) {
        // The key is kept: pressing the button again retries the same top-up.
        const { fields, form: message } = getServerFormErrors(error, TOP_UP_REQUEST_FIELDS);
        form.setErrors(topUpFieldErrors(fields));
        setFormError(message);
      }
    }),
  );

  const formattedAmount = amountMinor ? formatMoney(amountMinor, currency) : '';
  const submitLabel =
    method === 'hosted'
      ? amountMinor && amountMinor > 0
        ? t`Pay ${formattedAmount} on Paystack`
        : t`Continue to Paystack`
      : amountMinor && amountMinor > 0
        ? t`Top up ${formattedAmount}`
        : t`Top up`;

  return (
    <form onSubmit={submit} noValidate aria-label={t`Top up`}>
      <Stack gap="md">
        {notice && <div ref={noticeRef}>{notice}</div>}
        <div>
          <NumberInput
            label={t`Amount`}
            prefix={currencySymbol(currency)}
            decimalScale={digits}
            fixedDecimalScale={digits > 0}
            thousandSeparator=","
            min={0}
            max={fromMinorUnits(TOP_UP_MAX_MINOR, currency)}
            hideControls
            inputMode="decimal"
            size="md"
            {...form.getInputProps('amount')}
          />
          <Chip.Group>
            <Group gap={8} mt="xs" aria-label={t`Preset amounts`} role="group">
              {presets.map((minor) => (
                <Chip key={minor} size="sm" variant="outline" checked={amountMinor === minor} onChange={() => form.setFieldValue('amount', fromMinorUnits(minor, currency))}>
                  {formatMoney(minor, currency)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>

        <PaymentMethodFields
          name="top-up-method"
          provider={provider}
          methods={methods}
          method={method}
          onMethod={(value) => form.setFieldValue('method', value)}
          cardNumberInput={form.getInputProps('cardNumber')}
          phoneInput={form.getInputProps('phone')}
          network={values.network}
          networkError={form.errors.network}
          onNetwork={(value) => form.setFieldValue('network', value)}
        />

        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {formError}
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
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
