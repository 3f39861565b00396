import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Group, Input, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCreditCard, IconDeviceMobile, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { MOBILE_MONEY_NETWORKS, type TMobileMoneyNetwork, type TPaymentMethod, type TPaymentProviderName } from '@pulse/contract/wallet';
import { MOBILE_MONEY_NETWORK_LABELS, TOP_UP_METHOD_HINTS, TOP_UP_METHOD_LABELS } from '../../lib/wallet/top-up-input';

const METHOD_ICONS = { card: IconCreditCard, mobile_money: IconDeviceMobile, hosted: IconExternalLink } as const;

interface PaymentMethodFieldsProps {
  /** The radio group's name (one per form on the page). */
  name: string;
  /** The picker's question; "How do you pay?" unless the page asked it already. */
  label?: string;
  provider: TPaymentProviderName | undefined;
  /** The methods the provider takes (topUpMethodsFor). */
  methods: readonly TPaymentMethod[];
  method: TPaymentMethod;
  onMethod: (method: TPaymentMethod) => void;
  /** The form's props of each input (Mantine's getInputProps). */
  cardNumberInput: GetInputPropsReturnType;
  phoneInput: GetInputPropsReturnType;
  network: TMobileMoneyNetwork | '';
  networkError: ReactNode;
  onNetwork: (network: TMobileMoneyNetwork) => void;
}

/**
 * How a payment is made through the provider, and what that way needs: the sandbox's card number,
 * a mobile money number and network, or nothing (Paystack's page). The wallet's top-up and the
 * basket's "Pay with mobile money or card" share it; the caller's form holds the values.
 */
export function PaymentMethodFields({
  name,
  label,
  provider,
  methods,
  method,
  onMethod,
  cardNumberInput,
  phoneInput,
  network,
  networkError,
  onNetwork,
}: PaymentMethodFieldsProps) {
  const { i18n, t } = useLingui();
  return (
    <>
      <Radio.Group label={label ?? t`How do you pay?`} value={method} onChange={(value) => onMethod(value as TPaymentMethod)} name={name}>
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
            {...cardNumberInput}
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
            {...phoneInput}
          />
          <Input.Wrapper label={t`Network`} labelElement="div" error={networkError}>
            <SegmentedControl
              aria-label={t`Network`}
              fullWidth
              mt={4}
              value={network}
              onChange={(value) => onNetwork(value as TMobileMoneyNetwork)}
              data={MOBILE_MONEY_NETWORKS.map((choice) => ({ value: choice, label: i18n._(MOBILE_MONEY_NETWORK_LABELS[choice]) }))}
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
    </>
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
