import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Chip, Group, Input, NumberInput, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCreditCard, IconDeviceMobile, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import {
  MOBILE_MONEY_NETWORKS,
  TOP_UP_MAX_MINOR,
  ZTopUpInput,
  type TMobileMoneyNetwork,
  type TPaymentMethod,
  type TPaymentProviderName,
  type TTopUpResponse,
} from '@pulse/contract/wallet';
import { contractText } from '../../../lib/contract-text';
import { currencyDigits, currencySymbol, formatMoney } from '../../../lib/format';
import { getServerFormErrors, getZodDottedFieldErrors } from '../../../lib/form-errors';
import { fromMinorUnits, toMinorUnits } from '../../../lib/money-input';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { postTopUp } from '../../../lib/wallet-api';
import {
  MOBILE_MONEY_NETWORK_LABELS,
  SANDBOX_CARD_NUMBER,
  TOP_UP_METHOD_HINTS,
  TOP_UP_METHOD_LABELS,
  TOP_UP_REQUEST_FIELDS,
  topUpFieldErrors,
  topUpInputFrom,
  topUpMethodsFor,
  type TopUpValues,
} from '../utils/top-up-input';

/** Preset amounts in currency units. */
const PRESET_UNITS = [10, 25, 50, 100] as const;

const METHOD_ICONS = { card: IconCreditCard, mobile_money: IconDeviceMobile, hosted: IconExternalLink } as const;

interface WalletTopUpFormProps {
  currency: string;
  provider: TPaymentProviderName | undefined;
  /** Shown above the button: what became of the last top-up ("The payment was cancelled."). */
  notice?: ReactNode;
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
export function WalletTopUpForm({ currency, provider, notice, onAnswer, onSubmitStart }: WalletTopUpFormProps) {
  const { i18n, t } = useLingui();
  const digits = currencyDigits(currency);
  const methods = topUpMethodsFor(provider);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending, runOnce } = useSingleSubmit();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TopUpValues>({
    initialValues: { amount: 25, method: methods[0] ?? 'card', cardNumber: SANDBOX_CARD_NUMBER, phone: '', network: '' },
    clearInputErrorOnChange: true,
  });
  const values = form.getValues();
  // The provider can change under an open page (a deployment switched it): keep the choice valid.
  const method: TPaymentMethod = methods.includes(values.method) ? values.method : (methods[0] ?? 'card');
  const amountMinor = toMinorUnits(values.amount, currency);
  const presets = PRESET_UNITS.map((units) => units * 10 ** digits);

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

        <Radio.Group label={t`How do you pay?`} value={method} onChange={(value) => form.setFieldValue('method', value as TPaymentMethod)} name="top-up-method">
          <Stack gap="xs" mt={6}>
            {methods.map((option) => {
              const Icon = METHOD_ICONS[option];
              return (
                <Radio.Card key={option} value={option} radius="md" p="sm" aria-label={i18n._(TOP_UP_METHOD_LABELS[option])}>
                  <Group wrap="nowrap" gap="sm" align="center">
                    <Radio.Indicator size="sm" />
                    <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {i18n._(TOP_UP_METHOD_LABELS[option])}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {i18n._(TOP_UP_METHOD_HINTS[option])}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </Radio.Group>

        {method === 'card' && (
          <>
            <TextInput
              label={t`Card number`}
              leftSection={<IconCreditCard size={18} aria-hidden />}
              inputMode="numeric"
              autoComplete="cc-number"
              size="md"
              {...form.getInputProps('cardNumber')}
            />
            <PaymentNote>
              <Trans>Sandbox payments: no real card is charged. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</Trans>
            </PaymentNote>
          </>
        )}

        {method === 'mobile_money' && (
          <>
            <TextInput
              label={t`Mobile money number`}
              placeholder={t`024 123 4567`}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              size="md"
              {...form.getInputProps('phone')}
            />
            <Input.Wrapper label={t`Network`} labelElement="div" error={form.errors.network}>
              <SegmentedControl
                aria-label={t`Network`}
                fullWidth
                mt={4}
                value={values.network}
                onChange={(value) => form.setFieldValue('network', value as TMobileMoneyNetwork)}
                data={MOBILE_MONEY_NETWORKS.map((network) => ({ value: network, label: i18n._(MOBILE_MONEY_NETWORK_LABELS[network]) }))}
              />
            </Input.Wrapper>
            {provider === 'paystack' ? (
              <PaymentNote>
                <Trans>Your phone will ask you to approve the payment with your mobile money PIN.</Trans>
              </PaymentNote>
            ) : (
              <PaymentNote>
                <Trans>Sandbox payments: no real money moves. Mobile money is approved at once.</Trans>
              </PaymentNote>
            )}
          </>
        )}

        {method === 'hosted' && (
          <PaymentNote>
            <Trans>Paystack’s secure page opens. Pay there with a card or mobile money; you come back here when it is done.</Trans>
          </PaymentNote>
        )}

        {notice}
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

function PaymentNote({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
      <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0 }} />
      <span>{children}</span>
    </Text>
  );
}
