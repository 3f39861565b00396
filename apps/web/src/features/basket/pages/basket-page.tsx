import { useCallback, useState } from 'react';
import { Alert, Button, CloseButton, Container, Divider, Grid, Group, Paper, Skeleton, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconBasket } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TCheckoutPaymentResponse, TCheckoutResponse } from '@pulse/contract/orders';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { invalidateWallet } from '../../../lib/wallet-api';
import { useBasket } from '../api/get-basket';
import { BasketGroup } from '../components/basket-group';
import { CheckoutPanel } from '../components/checkout-panel';
import { CheckoutPaymentProgress } from '../components/checkout-payment-progress';
import { OrderConfirmation } from '../components/order-confirmation';
import { describeBasket } from '../utils/basket-display';
import { paymentFailureText, readPaymentCancel, readPaymentReturn } from '../utils/checkout-payment';
import classes from '../components/basket.module.css';

const CHECKOUT_STEP = 'checkout';

function BasketSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-label={t`Loading your basket`}>
      {[0, 1].map((index) => (
        <Paper key={index} withBorder radius="lg" p="md">
          <Skeleton height={18} width="40%" mb="md" />
          {[0, 1].map((line) => (
            <Group key={line} gap="sm" mb="sm" wrap="nowrap">
              <Skeleton height={64} width={64} radius="md" />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={12} width="60%" />
                <Skeleton height={10} width="30%" />
              </Stack>
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

function EmptyBasket() {
  return (
    <Stack align="center" gap="sm" py={56} ta="center">
      <ThemeIcon size={80} radius={40} variant="light" aria-hidden>
        <IconBasket size={40} stroke={1.6} />
      </ThemeIcon>
      <Text fw={700} size="xl">
        <Trans>Your basket is empty</Trans>
      </Text>
      <Text c="dimmed" maw={380}>
        <Trans>Fresh produce from local farms is one tap away. Add what you like and it will wait here.</Trans>
      </Text>
      <Button component={Link} to="/product-listing" mt="xs" size="md">
        <Trans>Browse products</Trans>
      </Button>
    </Stack>
  );
}

interface ActivePayment {
  checkoutId: string;
  /** The number typed for mobile money (where the SMS code went); null after the provider's page. */
  phone: string | null;
}

/**
 * /basket: the lines by farm, then (step=checkout) delivery choices and payment. A checkout paid
 * through the provider is followed here until it is decided, also when the buyer comes back from
 * the provider's page (/basket?payment=<checkoutId>): the confirmation, or the basket again with
 * the reason the payment did not go through.
 */
export function BasketPage({ route }: PageProps) {
  const { i18n, t } = useLingui();
  const basket = useBasket();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const [placed, setPlaced] = useState<TCheckoutResponse | null>(null);
  const [activePayment, setActivePayment] = useState<ActivePayment | null>(null);
  const [paymentFailure, setPaymentFailure] = useState<string | null>(null);
  /** The failure shown is the buyer's own cancel on the provider's page (a calmer title). */
  const [failureIsCancel, setFailureIsCancel] = useState(false);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const data = basket.data;
  const isCheckout = searchParams.get('step') === CHECKOUT_STEP && data !== undefined && data.itemCount > 0;
  const returnId = readPaymentReturn(searchParams);
  // Back from the provider's page: that checkout's payment first (the address says which).
  const payment = activePayment ?? (returnId ? { checkoutId: returnId, phone: null } : null);
  // Back by the Cancel of the provider's page (its cancel_action): give that payment up; the basket comes back.
  const paymentCancelled = activePayment === null && returnId !== null && readPaymentCancel(searchParams);
  const userId = user?.id ?? null;

  const goToStep = (step: 'basket' | 'checkout') => {
    setSearchParams(step === 'checkout' ? { step: CHECKOUT_STEP } : {});
    setPaymentFailure(null);
    window.scrollTo({ top: 0 });
  };

  const onPlaced = useCallback(
    (checkout: TCheckoutResponse) => {
      const [first] = checkout.orders;
      if (checkout.orders.length === 1 && first) {
        void navigate(`/order/${first.id}`, { replace: readPaymentReturn(searchParams) !== null });
        return;
      }
      setPlaced(checkout);
      setSearchParams({}, { replace: true });
      window.scrollTo({ top: 0 });
    },
    [navigate, searchParams, setSearchParams],
  );

  /** Nothing was paid: the orders are cancelled and the lines are back in the basket, shown with the reason. */
  const onPaymentFailed = useCallback(
    (reason: string, cancelledByBuyer = false) => {
      setActivePayment(null);
      setPaymentFailure(reason);
      setFailureIsCancel(cancelledByBuyer);
      // The return's parameters (and the checkout step) leave the address: the basket shows again.
      setSearchParams({}, { replace: true });
      void queryClient.invalidateQueries({ queryKey: ['basket'] });
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      window.scrollTo({ top: 0 });
    },
    [queryClient, setSearchParams],
  );

  const onPaymentDecided = useCallback(
    (response: TCheckoutPaymentResponse) => {
      void invalidateWallet(queryClient, userId);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      setActivePayment(null);
      if (response.payment.status === 'succeeded') {
        onPlaced({ checkoutId: response.checkoutId, orders: response.orders, replayed: false, payment: response.payment });
        return;
      }
      onPaymentFailed(paymentFailureText(response.payment, i18n) ?? '', paymentCancelled && response.payment.status === 'abandoned');
    },
    [queryClient, userId, onPlaced, onPaymentFailed, i18n, paymentCancelled],
  );

  const stopFollowingPayment = useCallback(() => {
    setActivePayment(null);
    setSearchParams({}, { replace: true });
  }, [setSearchParams]);

  const paymentNotFound = useCallback(() => {
    stopFollowingPayment();
    setPaymentFailure(t`We could not find this payment. If money left your account, it will be credited once the provider confirms.`);
  }, [stopFollowingPayment, t]);

  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      {!placed && !payment && data && data.itemCount > 0 && (
        <Text size="sm" c="dimmed" mb="md">
          {describeBasket(data)}
        </Text>
      )}

      {placed && <OrderConfirmation checkout={placed} />}

      {!placed && payment && (
        <CheckoutPaymentProgress
          key={payment.checkoutId}
          checkoutId={payment.checkoutId}
          phone={payment.phone}
          cancelled={paymentCancelled}
          onDecided={onPaymentDecided}
          onClose={stopFollowingPayment}
          onNotFound={paymentNotFound}
        />
      )}

      {!placed && !payment && paymentFailure && (
        <Alert
          color={failureIsCancel ? 'yellow' : 'red'}
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          title={failureIsCancel ? t`Payment cancelled` : t`Your payment did not go through`}
          mb="md"
          data-testid="payment-failure"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={4}>
              <Text size="sm">{paymentFailure}</Text>
              <Text size="sm">
                <Trans>Nothing was charged. Your basket is as you left it: try again or choose another way to pay.</Trans>
              </Text>
            </Stack>
            <CloseButton size="sm" onClick={() => setPaymentFailure(null)} aria-label={t`Dismiss`} />
          </Group>
        </Alert>
      )}

      {!placed && !payment && (
        <>
          {basket.isPending && <BasketSkeleton />}
          {basket.isError && <LoadErrorAlert title={t`Could not load your basket`} onRetry={() => void basket.refetch()} />}
          {data && data.itemCount === 0 && <EmptyBasket />}

          {data && data.itemCount > 0 && (
            <>
              <Stepper active={isCheckout ? 1 : 0} size="sm" mb="lg" onStepClick={(index) => index === 0 && goToStep('basket')} allowNextStepsSelect={false}>
                <Stepper.Step label={t`Basket`} description={isPhone ? undefined : t`Check quantities`} />
                <Stepper.Step label={t`Checkout`} description={isPhone ? undefined : t`Delivery and payment`} />
              </Stepper>

              {isCheckout ? (
                <CheckoutPanel
                  basket={data}
                  onBack={() => goToStep('basket')}
                  onPlaced={onPlaced}
                  onPaymentPending={(checkoutId, phone) => setActivePayment({ checkoutId, phone })}
                  onPaymentFailed={onPaymentFailed}
                />
              ) : (
                <Grid gap="lg">
                  <Grid.Col span={{ base: 12, md: 8 }}>
                    <Stack gap="md">
                      {data.groups.map((group) => (
                        <BasketGroup key={group.sellerUserId} group={group} currency={data.currency} />
                      ))}
                    </Stack>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <Paper withBorder radius="lg" p="md" className={classes.summary} data-testid="basket-summary">
                      <Stack gap="sm">
                        {data.groups.map((group) => (
                          <Group key={group.sellerUserId} justify="space-between" wrap="nowrap">
                            <Text size="sm" c="dimmed" truncate>
                              {group.shopName}
                            </Text>
                            <Text size="sm" className={classes.amount} data-keep-clear>
                              {formatMoney(group.subtotalMinor, data.currency)}
                            </Text>
                          </Group>
                        ))}
                        <Divider />
                        <Group justify="space-between">
                          <Text fw={700}>
                            <Trans>Total</Trans>
                          </Text>
                          <Text fw={800} fz="xl" className={classes.amount} data-testid="basket-total" data-keep-clear>
                            {formatMoney(data.subtotalMinor, data.currency)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          <Trans>Delivery fees, if any, are added at checkout.</Trans>
                        </Text>
                        {data.hasProblems && (
                          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
                            <Trans>Fix the lines marked in red before checking out.</Trans>
                          </Alert>
                        )}
                        <Button size="lg" fullWidth data-keep-clear onClick={() => goToStep('checkout')} disabled={data.hasProblems}>
                          <Trans>Checkout</Trans>
                        </Button>
                      </Stack>
                    </Paper>
                  </Grid.Col>
                </Grid>
              )}
            </>
          )}
        </>
      )}
    </Container>
  );
}
