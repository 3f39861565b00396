import { Alert, Anchor, Button, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconClockHour4, IconRepeat, IconTruckDelivery } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TOrderDetails } from '@pulse/contract/orders';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { MessageSellerButton } from '../../../components/message-seller-button';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { useOrder } from '../api/get-order';
import { useOrderReview } from '../api/get-order-review';
import { ConfirmationCode } from '../components/confirmation-code';
import { FarmOrderActions } from '../components/farm-order-actions';
import { FulfilmentDetails } from '../components/fulfilment-details';
import { OrderActions } from '../components/order-actions';
import { OrderItems } from '../components/order-items';
import { OrderNotFound } from '../components/order-not-found';
import { OrderReview } from '../components/order-review';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTimeline } from '../components/order-timeline';
import { ReceiptButton } from '../components/receipt-button';
import { SectionCard } from '../components/section-card';
import { useLiveOrderUpdates } from '../components/use-live-order-updates';
import { isConfirmationCodeRelevant } from '../utils/delivery-steps';
import { formatOrderNumber } from '../utils/order-display';
import { canRepeatWeekly } from '../utils/repeat-weekly';
import { formatDate, formatDateTime } from '../../../lib/format';

function OrderSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-label={t`Loading order`}>
      <Skeleton height={28} width="60%" />
      <Skeleton height={18} width="35%" />
      <Skeleton height={180} radius="lg" />
      <Skeleton height={140} radius="lg" />
    </Stack>
  );
}

function StatusNotice({ order, isFarm }: { order: TOrderDetails; isFarm: boolean }) {
  const { t } = useLingui();
  if (order.status === 'pending_payment') {
    return (
      <Alert color="yellow" radius="lg" icon={<IconClockHour4 size={20} aria-hidden />} title={t`Awaiting payment`}>
        {order.expiresAt ? <PayBefore expiresAt={order.expiresAt} /> : t`Pay to confirm this order with the farm.`}
      </Alert>
    );
  }
  if (order.status === 'cancelled' && order.cancelReason) {
    return (
      <Alert color="red" radius="lg" icon={<IconAlertTriangle size={20} aria-hidden />} title={t`Cancelled`}>
        {order.cancelReason}
      </Alert>
    );
  }
  if ((order.status === 'refund_requested' || order.status === 'refund_disputed' || order.status === 'refunded' || order.status === 'refund_rejected') && order.refundReason) {
    return (
      <Alert color={order.status === 'refund_rejected' ? 'red' : 'orange'} radius="lg" title={isFarm ? t`The buyer’s refund request` : t`Your refund request`}>
        {order.refundReason}
      </Alert>
    );
  }
  if (order.status === 'delivered' && order.autoCompleteAt) {
    const completesAt = formatDateTime(order.autoCompleteAt);
    return (
      <Alert color="green" radius="lg" title={t`Delivered`}>
        <Trans>Check your produce. Confirm receipt, or request a refund before {completesAt}, when the order completes on its own.</Trans>
      </Alert>
    );
  }
  return null;
}

function PayBefore({ expiresAt }: { expiresAt: string }) {
  const deadline = formatDateTime(expiresAt);
  return <Trans>Pay before {deadline} or the order is released and the produce goes back on sale.</Trans>;
}

function OrderView({ order }: { order: TOrderDetails }) {
  const { user } = useAuth();
  const review = useOrderReview(order);
  const isBuyer = user?.id === order.buyerUserId;
  // The farm opens its own orders from the seller dashboard: its buttons, not the buyer's.
  const isFarm = !isBuyer && user?.id === order.sellerUserId;
  const showCode = isBuyer && order.confirmationCode !== null && isConfirmationCodeRelevant(order.status);
  const showReview = review !== null || order.canReview;
  const { t } = useLingui();
  const orderNumber = formatOrderNumber(order.id);
  const placedOn = formatDate(order.createdAt);
  const { itemCount, shopName } = order;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Anchor component={Link} to={isFarm ? '/seller-dashboard' : '/buyer-dashboard'} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {isFarm ? <Trans>Seller dashboard</Trans> : <Trans>All orders</Trans>}
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            <Trans>Order {orderNumber}</Trans>
          </Title>
          <OrderStatusBadge status={order.status} size="lg" />
        </Group>
        <Text size="sm" c="dimmed">
          {t`${plural(itemCount, { one: `Placed on ${placedOn} · # item from ${shopName}`, other: `Placed on ${placedOn} · # items from ${shopName}` })}`}
        </Text>
      </Stack>

      <StatusNotice order={order} isFarm={isFarm} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {showCode && order.confirmationCode && <ConfirmationCode code={order.confirmationCode} fulfilment={order.fulfilment} />}
            {isFarm ? <FarmOrderActions order={order} /> : <OrderActions order={order} />}
            <SectionCard title={t`Items`} testId="order-items">
              <OrderItems order={order} />
            </SectionCard>
            {showReview && (
              <SectionCard title={t`Your review`}>
                <OrderReview order={order} review={review} />
              </SectionCard>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <SectionCard title={t`Farm`}>
              <Stack gap="sm">
                <Group justify="space-between" gap="sm">
                  <Text fw={600}>{order.shopName}</Text>
                  {!isFarm && <MessageSellerButton sellerUserId={order.sellerUserId} subject={{ kind: 'order', id: order.id }} size="sm" />}
                </Group>
                {/* Weekly baskets (issue 28): the same products again every week or two. */}
                {isBuyer && canRepeatWeekly(order.status) && (
                  <Button component={Link} to={`/standing-orders/new?fromOrder=${encodeURIComponent(order.id)}`} variant="light" leftSection={<IconRepeat size={18} aria-hidden />}>
                    <Trans>Repeat every week</Trans>
                  </Button>
                )}
              </Stack>
            </SectionCard>
            <SectionCard title={order.fulfilment === 'delivery' ? t`Delivery` : t`Pickup`}>
              <Stack gap="md">
                <FulfilmentDetails order={order} />
                {/* A pickup order is collected at the farm: there is no delivery to follow. */}
                {order.fulfilment === 'delivery' && (
                  <Button component={Link} to={`/order-delivery/${order.id}`} variant="light" leftSection={<IconTruckDelivery size={18} aria-hidden />}>
                    <Trans>Track delivery</Trans>
                  </Button>
                )}
              </Stack>
            </SectionCard>
            {isBuyer && order.status !== 'pending_payment' && (
              <SectionCard title={t`Receipt`}>
                <ReceiptButton orderId={order.id} />
              </SectionCard>
            )}
            <SectionCard title={t`Timeline`} testId="order-timeline">
              <OrderTimeline events={order.events} viewerUsername={user?.username ?? null} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /order/:orderId: one order, kept live by its notifications. */
export function OrderPage(_props: PageProps) {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  useLiveOrderUpdates(orderId);

  if (order.isError && isApiError(order.error) && (order.error.status === 404 || order.error.status === 400)) return <OrderNotFound />;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 32 }}>
      {order.isPending && <OrderSkeleton />}
      {order.isError && !order.data && <LoadErrorAlert title={t`Could not load this order`} onRetry={() => void order.refetch()} />}
      {order.data && <OrderView order={order.data} />}
    </Container>
  );
}
