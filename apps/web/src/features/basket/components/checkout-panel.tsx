import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Divider, Grid, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconCreditCard, IconLock, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TBasketResponse } from '@pulse/contract/baskets';
import { formatMoney } from '../../../lib/format';
import { ZCheckoutInput, type TCheckoutInput, type TCheckoutResponse } from '@pulse/contract/orders';
import { useAddresses } from '../../../lib/addresses-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { isApiError } from '../../../lib/api-error';
import { contractText } from '../../../lib/contract-text';
import { getZodDottedFieldErrors } from '../../../lib/form-errors';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { invalidateWallet, useWallet } from '../../../lib/wallet-api';
import { CheckoutTopUp } from '../../../components/wallet/checkout-top-up';
import { PaymentMethodFields } from '../../../components/wallet/payment-method-fields';
import { topUpStep } from '../../../lib/wallet/top-up-flow';
import { SANDBOX_CARD_NUMBER, topUpMethodsFor } from '../../../lib/wallet/top-up-input';
import { postCheckout, useCheckoutQuote } from '../api/checkout';
import { checkoutPaymentQueryKey } from '../api/checkout-payment';
import { payWithFieldErrors, payWithFrom, paymentFailureText, providerPayLabel, type PayChoice, type PayWithValues } from '../utils/checkout-payment';
import {
  buildCheckoutInput,
  buildQuoteInput,
  checkoutBlockers,
  chooseFulfilment,
  chooseSlot,
  choiceFor,
  missingAmountMinor,
  needsAddress,
  preselectAddress,
  type FarmChoices,
} from '../utils/checkout-plan';
import { describeCheckoutFailure, type CheckoutFailure } from '../utils/describe-checkout-failure';
import { AddressPicker } from './address-picker';
import { AddressPinRequest } from './address-pin-request';
import { DiscountCodeField } from './discount-code-field';
import { FarmCheckoutCard } from './farm-checkout-card';
import classes from './basket.module.css';

interface CheckoutPanelProps {
  basket: TBasketResponse;
  onBack: () => void;
  onPlaced: (response: TCheckoutResponse) => void;
  /** Paid through the provider and waiting (the SMS code, the phone, the provider): the page follows it. */
  onPaymentPending: (checkoutId: string, phone: string | null) => void;
  /** The provider paid nothing: the orders are cancelled and the basket is back; `reason` in words. */
  onPaymentFailed: (reason: string) => void;
}

/**
 * The checkout step of /basket: per farm pickup or delivery and a time, the delivery address, the
 * server's quote, then how to pay: from the wallet (a top-up when it is short) or the exact total
 * with mobile money or a card through the payment provider (issue 24); "Pay" (one Idempotency-Key
 * per attempt).
 */
export function CheckoutPanel({ basket, onBack, onPlaced, onPaymentPending, onPaymentFailed }: CheckoutPanelProps) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const currency = basket.currency;
  const groups = basket.groups;
  const [choices, setChoices] = useState<FarmChoices>({});
  const [addressId, setAddressId] = useState<string | null>(null);
  const [discountCodes, setDiscountCodes] = useState<string[]>([]);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending: isPaying, runOnce } = useSingleSubmit();
  const addresses = useAddresses();
  const provider = useWallet().data?.paymentProvider;
  const methods = topUpMethodsFor(provider);
  const [payChoice, setPayChoice] = useState<PayChoice>('wallet');
  const [redirecting, setRedirecting] = useState(false);
  const payWithForm = useForm<PayWithValues>({
    initialValues: { method: methods[0] ?? 'card', cardNumber: SANDBOX_CARD_NUMBER, phone: '', network: '' },
    clearInputErrorOnChange: true,
  });
  const payWithValues = payWithForm.getValues();
  // The provider can change under an open page: keep the method one it takes.
  const method = methods.includes(payWithValues.method) ? payWithValues.method : (methods[0] ?? 'card');
  const byProvider = payChoice === 'provider';

  // Back from the provider's page by the browser's Back button, the page may be restored as it was.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const addressItems = addresses.data?.items;
  useEffect(() => {
    if (addressId === null && addressItems && addressItems.length > 0) setAddressId(preselectAddress(addressItems));
  }, [addressId, addressItems]);

  const wantsDelivery = needsAddress(groups, choices);
  const quoteInput = useMemo(() => {
    const built = buildQuoteInput(groups, choices, addressId);
    return discountCodes.length > 0 ? { ...built, discountCodes } : built;
  }, [groups, choices, addressId, discountCodes]);
  const quote = useCheckoutQuote(quoteInput, groups.length > 0);
  const quoteBySeller = new Map((quote.data?.sellers ?? []).map((seller) => [seller.sellerUserId, seller]));

  const feesMinor = groups.reduce((sum, group) => {
    const choice = choiceFor(choices, group.sellerUserId);
    return sum + (choice.fulfilment === 'delivery' ? (quoteBySeller.get(group.sellerUserId)?.deliveryFeeMinor ?? 0) : 0);
  }, 0);
  const quoteCoversAll = quote.data !== undefined && groups.every((group) => quoteBySeller.has(group.sellerUserId)) && quoteInput.sellers.length === groups.length;
  const totalMinor = quoteCoversAll && quote.data ? quote.data.totalMinor : basket.subtotalMinor + feesMinor;
  const walletMinor = quote.data?.walletAvailableMinor ?? null;
  const missingMinor = walletMinor === null ? 0 : missingAmountMinor(totalMinor, walletMinor);
  const deliveryRefused = groups.some(
    (group) => choiceFor(choices, group.sellerUserId).fulfilment === 'delivery' && quoteBySeller.get(group.sellerUserId)?.deliveryAvailable === false,
  );
  const selectedAddress = addressItems?.find((address) => address.id === addressId) ?? null;
  // The chosen address is off the map: delivery waits for a pin (decision 029), never the top band.
  const pinNeeded = wantsDelivery && selectedAddress !== null && quote.data?.addressNeedsPin === true;
  const pinMapCentre =
    groups.map((group) => quoteBySeller.get(group.sellerUserId)).find((seller) => seller?.farmLocation && choiceFor(choices, seller.sellerUserId).fulfilment === 'delivery')
      ?.farmLocation ?? null;
  const blockers = [...(pinNeeded ? [t`Place a pin for the delivery address`] : []), ...checkoutBlockers(groups, choices, addressId)];
  // Only the codes the quote applied go with the checkout (a refused one is shown, not sent).
  const appliedCodes = [...new Set((quote.data?.discounts ?? []).filter((discount) => discount.applied).map((discount) => discount.code))];
  const built = buildCheckoutInput(groups, choices, addressId);
  const input = built && appliedCodes.length > 0 ? { ...built, discountCodes: appliedCodes } : built;
  const canPay = input !== null && !basket.hasProblems && !deliveryRefused && (byProvider || missingMinor === 0) && quoteCoversAll && !redirecting;

  const missing = formatMoney(missingMinor, currency);
  const total = formatMoney(totalMinor, currency);
  const firstBlocker = blockers[0];

  const update = (next: FarmChoices) => {
    setChoices(next);
    setFailure(null);
  };

  /** The request: paid from the wallet, or with the provider payment's fields (null when they are not valid: their errors are shown). */
  const requestFor = (chosen: TCheckoutInput): TCheckoutInput | null => {
    if (!byProvider) return chosen;
    const payWith = ZCheckoutInput.shape.payWith.unwrap().safeParse(payWithFrom({ ...payWithValues, method }));
    if (!payWith.success) {
      const fields = payWithFieldErrors(getZodDottedFieldErrors(payWith.error));
      payWithForm.setErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, contractText(message)])));
      return null;
    }
    return { ...chosen, payWith: payWith.data };
  };

  /** What the provider said: paid (the confirmation), nothing paid (the basket is back), or what the buyer does next. */
  const followPayment = (response: TCheckoutResponse) => {
    const payment = response.payment;
    if (!payment) return onPlaced(response);
    const step = topUpStep(payment);
    switch (step.kind) {
      case 'succeeded':
        return onPlaced(response);
      case 'failed':
      case 'abandoned':
        return onPaymentFailed(paymentFailureText(payment, i18n) ?? '');
      case 'redirect':
        setRedirecting(true);
        window.location.assign(step.url);
        return;
      default:
        queryClient.setQueryData(checkoutPaymentQueryKey(user?.id ?? null, response.checkoutId), { checkoutId: response.checkoutId, orders: response.orders, payment });
        return onPaymentPending(response.checkoutId, method === 'mobile_money' ? payWithValues.phone : null);
    }
  };

  const pay = () =>
    void runOnce(async () => {
      if (!input) return;
      const request = requestFor(input);
      if (!request) return;
      setFailure(null);
      try {
        // Same input as the last attempt -> same key: a retry after a lost answer pays once.
        const response = await postCheckout(request, keyFor(request));
        reset();
        queryClient.setQueriesData<number>({ queryKey: ['basket', 'count'] }, () => 0);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['basket'] }),
          queryClient.invalidateQueries({ queryKey: ['orders'] }),
          invalidateWallet(queryClient, user?.id ?? null),
        ]);
        followPayment(response);
      } catch (error) {
        const described = describeCheckoutFailure(error);
        const paymentFields = isApiError(error) ? Object.fromEntries(Object.entries(error.fields).filter(([path]) => path.startsWith('payWith.'))) : {};
        const fields = byProvider ? payWithFieldErrors(paymentFields) : {};
        if (Object.keys(fields).length > 0) {
          // The server refused a payment field (the number, the network): shown on the field.
          payWithForm.setErrors(fields);
          return;
        }
        setFailure(described);
        if (described.kind === 'funds') setTopUpOpen(true);
        if (described.kind !== 'retry') await queryClient.invalidateQueries({ queryKey: ['checkout'] });
        if (described.kind === 'basket') await queryClient.invalidateQueries({ queryKey: ['basket'] });
      }
    });

  const providerLabel = providerPayLabel(total);
  const payLabel = byProvider && method === 'hosted' ? t`Pay ${total} on Paystack` : t`Pay ${total}`;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Group>
            <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
              <Trans>Back to basket</Trans>
            </Button>
          </Group>
          {basket.hasProblems && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              <Trans>Some products in your basket changed. Go back to the basket and fix the lines marked in red.</Trans>
            </Alert>
          )}
          {groups.map((group) => (
            <FarmCheckoutCard
              key={group.sellerUserId}
              group={group}
              currency={currency}
              choice={choiceFor(choices, group.sellerUserId)}
              quote={quoteBySeller.get(group.sellerUserId)}
              onFulfilment={(fulfilment) => update(chooseFulfilment(choices, group.sellerUserId, fulfilment))}
              onSlot={(slotId) => update(chooseSlot(choices, group.sellerUserId, slotId))}
            />
          ))}
          {wantsDelivery && (
            <AddressPicker
              mapCentre={pinMapCentre}
              selectedId={addressId}
              onSelect={(id) => {
                setAddressId(id);
                setFailure(null);
              }}
            />
          )}
          {pinNeeded && selectedAddress && <AddressPinRequest key={selectedAddress.id} address={selectedAddress} centre={pinMapCentre} />}
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" p="md" className={classes.summary} component="section" aria-labelledby="order-summary-heading">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="order-summary-heading">
              <Trans>Order summary</Trans>
            </Title>
            {groups.map((group) => {
              const choice = choiceFor(choices, group.sellerUserId);
              const sellerQuote = quoteBySeller.get(group.sellerUserId);
              // No fee to show until there is a priced address (none chosen, or a pin is needed).
              const fee = choice.fulfilment === 'delivery' && addressId !== null && sellerQuote?.deliveryAvailable ? sellerQuote.deliveryFeeMinor : undefined;
              return (
                <div key={group.sellerUserId}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {group.shopName}
                    </Text>
                    <Text size="sm" className={classes.amount}>
                      {formatMoney(group.subtotalMinor, currency)}
                    </Text>
                  </Group>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {choice.fulfilment === 'pickup' ? t`Pickup at the farm` : choice.fulfilment === 'delivery' ? t`Delivery fee` : t`Pickup or delivery not chosen`}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.amount}>
                      {choice.fulfilment === 'pickup' ? formatMoney(0, currency) : fee !== undefined ? formatMoney(fee, currency) : '—'}
                    </Text>
                  </Group>
                  {(sellerQuote?.farmDiscountMinor ?? 0) + (sellerQuote?.platformDiscountMinor ?? 0) > 0 ? (
                    <Group justify="space-between" wrap="nowrap" data-testid="checkout-discount">
                      <Text size="xs" c="green.8">
                        <Trans>Discount</Trans>
                      </Text>
                      <Text size="xs" c="green.8" className={classes.amount}>
                        −{formatMoney((sellerQuote?.farmDiscountMinor ?? 0) + (sellerQuote?.platformDiscountMinor ?? 0), currency)}
                      </Text>
                    </Group>
                  ) : null}
                </div>
              );
            })}
            <DiscountCodeField
              codes={discountCodes}
              results={quote.data?.discounts}
              onChange={(next) => {
                setDiscountCodes(next);
                setFailure(null);
              }}
            />
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>
                <Trans>Total</Trans>
              </Text>
              <Text fw={800} fz="xl" className={classes.amount} data-testid="checkout-total" data-keep-clear>
                {formatMoney(totalMinor, currency)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Group gap={6}>
                <IconWallet size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  <Trans>Wallet balance</Trans>
                </Text>
              </Group>
              {walletMinor === null ? (
                <Skeleton height={14} width={60} />
              ) : (
                <Text size="sm" fw={600} className={classes.amount} data-testid="checkout-wallet-balance">
                  {formatMoney(walletMinor, currency)}
                </Text>
              )}
            </Group>

            <Radio.Group
              label={t`How do you pay?`}
              value={payChoice}
              onChange={(value) => {
                setPayChoice(value as PayChoice);
                setFailure(null);
              }}
              name="checkout-pay-choice"
            >
              <Stack gap="xs" mt={6}>
                <Radio.Card value="wallet" radius="md" p="sm" aria-label={t`Pay from wallet`} data-testid="pay-from-wallet">
                  <Group wrap="nowrap" gap="sm" align="center">
                    <Radio.Indicator size="sm" />
                    <IconWallet size={20} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm" fw={600}>
                      <Trans>Pay from wallet</Trans>
                    </Text>
                  </Group>
                </Radio.Card>
                <Radio.Card value="provider" radius="md" p="sm" aria-label={providerLabel} data-testid="pay-with-provider">
                  <Group wrap="nowrap" gap="sm" align="center">
                    <Radio.Indicator size="sm" />
                    <IconCreditCard size={20} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm" fw={600}>
                      {providerLabel}
                    </Text>
                  </Group>
                </Radio.Card>
              </Stack>
            </Radio.Group>

            {byProvider && (
              <PaymentMethodFields
                name="checkout-pay-method"
                label={t`Mobile money or card`}
                provider={provider}
                methods={methods}
                method={method}
                onMethod={(value) => payWithForm.setFieldValue('method', value)}
                cardNumberInput={payWithForm.getInputProps('cardNumber')}
                phoneInput={payWithForm.getInputProps('phone')}
                network={payWithValues.network}
                networkError={payWithForm.errors.network}
                onNetwork={(value) => payWithForm.setFieldValue('network', value)}
              />
            )}

            {!byProvider && missingMinor > 0 && (
              <Alert color="orange" variant="light" icon={<IconWallet size={18} aria-hidden />} title={t`Your wallet is short`}>
                <Stack gap="xs">
                  <Text size="sm">
                    <Trans>Add {missing} to pay for these orders.</Trans>
                  </Text>
                  {!topUpOpen && (
                    <Button size="sm" color="orange" onClick={() => setTopUpOpen(true)}>
                      <Trans>Top up {missing}</Trans>
                    </Button>
                  )}
                  <Button size="sm" variant="white" color="orange" onClick={() => setPayChoice('provider')}>
                    {providerLabel}
                  </Button>
                </Stack>
              </Alert>
            )}
            {!byProvider && topUpOpen && (missingMinor > 0 || failure?.kind === 'funds') && (
              <Paper bg="gray.0" radius="md" p="sm">
                <CheckoutTopUp
                  key={missingMinor}
                  currency={currency}
                  provider={provider}
                  missingMinor={missingMinor}
                  onDone={() => {
                    setTopUpOpen(false);
                    setFailure(null);
                    void queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] });
                  }}
                />
              </Paper>
            )}

            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title={t`Your orders were not placed`}>
                <Stack gap="xs">
                  <Text size="sm">{failure.message}</Text>
                  {failure.kind === 'basket' && (
                    <Button size="xs" variant="white" color="red" onClick={onBack}>
                      <Trans>Back to basket</Trans>
                    </Button>
                  )}
                </Stack>
              </Alert>
            )}

            {blockers.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="checkout-blockers">
                {t`${firstBlocker}.`}
              </Text>
            )}
            {redirecting && (
              <Text size="sm" c="dimmed" role="status">
                <Trans>Opening Paystack’s payment page…</Trans>
              </Text>
            )}
            <Button
              size="lg"
              fullWidth
              data-keep-clear
              leftSection={<IconLock size={18} aria-hidden />}
              disabled={!canPay}
              loading={isPaying || redirecting}
              onClick={pay}
            >
              {payLabel}
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              {byProvider ? (
                <Trans>Paid with mobile money or card and held safely until you receive your order. One order per farm.</Trans>
              ) : (
                <Trans>Paid from your wallet and held safely until you receive your order. One order per farm.</Trans>
              )}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
