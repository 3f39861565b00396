import { Alert, Anchor, Container, Grid, Group, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconBuildingWarehouse, IconCalendarTime, IconCheck, IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TOrderDetails } from '@pulse/contract/orders';
import type { TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { useOrder } from '../api/get-order';
import { useOrderDelivery } from '../api/get-order-delivery';
import { AgentSection, DeliveryMapSection, PickupCodeCard } from '../components/delivery-tracking';
import { useLiveDelivery } from '../components/use-live-delivery';
import { ConfirmationCode } from '../components/confirmation-code';
import { formatAddressLines } from '../components/fulfilment-details';
import { OrderNotFound } from '../components/order-not-found';
import { OrderStatusBadge } from '../components/order-status-badge';
import { SectionCard } from '../components/section-card';
import { useLiveOrderUpdates } from '../components/use-live-order-updates';
import { buildDeliverySteps, isConfirmationCodeRelevant } from '../utils/delivery-steps';
import { formatOrderNumber } from '../utils/order-display';
import { formatDateTime, formatNumber, formatTimeRange } from '../../../lib/format';

function DeliverySteps({ order }: { order: TOrderDetails }) {
  const { t, i18n } = useLingui();
  const steps = buildDeliverySteps(order.events, order.fulfilment);
  const lastReached = steps.reduce((last, step, index) => (step.state === 'upcoming' ? last : index), -1);
  return (
    <Timeline active={lastReached} bulletSize={24} lineWidth={2} aria-label={t`Delivery steps`}>
      {steps.map((step) => (
        <Timeline.Item
          key={step.status}
          data-state={step.state}
          data-testid="delivery-step"
          bullet={
            step.state === 'upcoming' ? undefined : (
              <ThemeIcon size={24} radius="xl" aria-hidden>
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            )
          }
          title={
            <Text fw={step.state === 'current' ? 700 : 600} size="sm" c={step.state === 'upcoming' ? 'dimmed' : undefined}>
              {step.state === 'current' ? <CurrentStepLabel label={i18n._(step.label)} /> : i18n._(step.label)}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {step.at ? <time dateTime={step.at}>{formatDateTime(step.at)}</time> : step.state === 'upcoming' ? t`Not yet` : t`Done`}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function CurrentStepLabel({ label }: { label: string }) {
  return <Trans>{label} · now</Trans>;
}

function Place({ icon, label, lines }: { icon: React.ReactNode; label: string; lines: string[] }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {lines.map((line, index) => (
          <Text key={`${index}-${line}`} size="sm" fw={index === 0 ? 600 : 400}>
            {line}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}

function DeliveryView({ order, delivery }: { order: TOrderDetails; delivery: TGetOrderDeliveryResponse | undefined }) {
  const { user } = useAuth();
  const isBuyer = user?.id === order.buyerUserId;
  const farm = [order.pickupLocation?.farmName || order.shopName, order.pickupLocation?.region ?? ''].filter(Boolean);
  const isStopped = order.status === 'cancelled';
  const { t } = useLingui();
  const orderNumber = formatOrderNumber(order.id);
  const distance = order.distanceKm === null ? '' : formatNumber(order.distanceKm, 1);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Anchor component={Link} to={`/order/${order.id}`} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            <Trans>Back to order</Trans>
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {order.fulfilment === 'delivery' ? <Trans>Delivery of order {orderNumber}</Trans> : <Trans>Pickup of order {orderNumber}</Trans>}
          </Title>
          <OrderStatusBadge status={order.status} size="lg" />
        </Group>
      </Stack>

      {isStopped && (
        <Alert color="red" radius="lg" title={t`This order was cancelled`}>
          {order.fulfilment === 'delivery' ? <Trans>Nothing will be delivered.</Trans> : <Trans>Nothing will be handed over.</Trans>}
        </Alert>
      )}

      {isBuyer && order.confirmationCode && isConfirmationCodeRelevant(order.status) && (
        <ConfirmationCode code={order.confirmationCode} fulfilment={order.fulfilment} />
      )}

      {user?.id === order.sellerUserId && delivery && <PickupCodeCard delivery={delivery} />}

      {order.fulfilment === 'delivery' && delivery && <DeliveryMapSection delivery={delivery} />}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SectionCard title={t`Status`} testId="delivery-steps">
            <DeliverySteps order={order} />
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <SectionCard title={t`Route`}>
              <Stack gap="md">
                {order.fulfilment === 'delivery' ? (
                  <>
                    <Place icon={<IconBuildingWarehouse size={20} />} label={t`Pickup`} lines={farm} />
                    {order.deliveryAddress && <Place icon={<IconMapPin size={20} />} label={t`Drop-off`} lines={formatAddressLines(order.deliveryAddress)} />}
                  </>
                ) : (
                  <Place icon={<IconMapPin size={20} />} label={t`Pickup point: the farm`} lines={[...farm, t`You collect the order there in the window below`]} />
                )}
                {order.slotStartsAt && order.slotEndsAt && (
                  <Place
                    icon={<IconCalendarTime size={20} />}
                    label={order.fulfilment === 'delivery' ? t`Delivery window` : t`Pickup window`}
                    lines={[formatTimeRange(order.slotStartsAt, order.slotEndsAt)]}
                  />
                )}
                {order.distanceKm !== null && order.fulfilment === 'delivery' && (
                  <Text size="xs" c="dimmed">
                    <Trans>About {distance} km from the farm</Trans>
                  </Text>
                )}
              </Stack>
            </SectionCard>
            {order.fulfilment === 'delivery' && <AgentSection delivery={delivery} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /order-delivery/:orderId: where the goods are, where they go, and the hand-over code. */
export function OrderDeliveryPage(_props: PageProps) {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  useLiveOrderUpdates(orderId);
  useLiveDelivery(orderId);
  const delivery = useOrderDelivery(orderId, order.data?.fulfilment === 'delivery');

  if (order.isError && isApiError(order.error) && (order.error.status === 404 || order.error.status === 400)) return <OrderNotFound />;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 32 }}>
      {order.isPending && (
        <Stack gap="md" role="status" aria-label={t`Loading delivery`}>
          <Skeleton height={28} width="60%" />
          <Skeleton height={260} radius="lg" />
        </Stack>
      )}
      {order.isError && !order.data && <LoadErrorAlert title={t`Could not load this delivery`} onRetry={() => void order.refetch()} />}
      {order.data && <DeliveryView order={order.data} delivery={delivery.data} />}
    </Container>
  );
}
