import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Divider, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLock, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TBasketResponse } from '@pulse/contract/baskets';
import { formatMoney } from '../../../lib/format';
import type { TCheckoutResponse } from '@pulse/contract/orders';
import { TopUpForm } from '../../../components/top-up-form';
import { useAddresses } from '../../../lib/addresses-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { invalidateWallet } from '../../../lib/wallet-api';
import { postCheckout, useCheckoutQuote } from '../api/checkout';
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
import { FarmCheckoutCard } from './farm-checkout-card';
import classes from './basket.module.css';

interface CheckoutPanelProps {
  basket: TBasketResponse;
  onBack: () => void;
  onPlaced: (response: TCheckoutResponse) => void;
}

/**
 * The checkout step of /basket: per farm pickup or delivery and a time, the delivery address, the
 * server's quote, a top-up when the wallet is short, and "Pay" (one Idempotency-Key per attempt).
 */
export function CheckoutPanel({ basket, onBack, onPlaced }: CheckoutPanelProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const currency = basket.currency;
  const groups = basket.groups;
  const [choices, setChoices] = useState<FarmChoices>({});
  const [addressId, setAddressId] = useState<string | null>(null);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending: isPaying, runOnce } = useSingleSubmit();
  const addresses = useAddresses();

  const addressItems = addresses.data?.items;
  useEffect(() => {
    if (addressId === null && addressItems && addressItems.length > 0) setAddressId(preselectAddress(addressItems));
  }, [addressId, addressItems]);

  const wantsDelivery = needsAddress(groups, choices);
  const quoteInput = useMemo(() => buildQuoteInput(groups, choices, addressId), [groups, choices, addressId]);
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
  const input = buildCheckoutInput(groups, choices, addressId);
  const canPay = input !== null && !basket.hasProblems && !deliveryRefused && missingMinor === 0 && quoteCoversAll;

  const missing = formatMoney(missingMinor, currency);
  const total = formatMoney(totalMinor, currency);
  const firstBlocker = blockers[0];

  const update = (next: FarmChoices) => {
    setChoices(next);
    setFailure(null);
  };

  const pay = () =>
    void runOnce(async () => {
      if (!input) return;
      setFailure(null);
      try {
        // Same input as the last attempt -> same key: a retry after a lost answer pays once.
        const response = await postCheckout(input, keyFor(input));
        reset();
        queryClient.setQueriesData<number>({ queryKey: ['basket', 'count'] }, () => 0);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['basket'] }),
          queryClient.invalidateQueries({ queryKey: ['orders'] }),
          invalidateWallet(queryClient, user?.id ?? null),
        ]);
        onPlaced(response);
      } catch (error) {
        const described = describeCheckoutFailure(error);
        setFailure(described);
        if (described.kind === 'funds') setTopUpOpen(true);
        if (described.kind !== 'retry') await queryClient.invalidateQueries({ queryKey: ['checkout'] });
        if (described.kind === 'basket') await queryClient.invalidateQueries({ queryKey: ['basket'] });
      }
    });

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
                </div>
              );
            })}
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

            {missingMinor > 0 && (
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
                </Stack>
              </Alert>
            )}
            {topUpOpen && (missingMinor > 0 || failure?.kind === 'funds') && (
              <Paper bg="gray.0" radius="md" p="sm">
                <TopUpForm
                  key={missingMinor}
                  currency={currency}
                  initialAmountMinor={missingMinor}
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
            <Button size="lg" fullWidth data-keep-clear leftSection={<IconLock size={18} aria-hidden />} disabled={!canPay} loading={isPaying} onClick={pay}>
              <Trans>Pay {total}</Trans>
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              <Trans>Paid from your wallet and held safely until you receive your order. One order per farm.</Trans>
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
