import { Button, Container, Group, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackage, IconRepeat, IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZOrderListResponse } from '@pulse/contract/orders';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { orderListsQueryKey, useOrders } from '../api/get-orders';
import { useReorder } from '../api/use-reorder';
import { OrderCard } from '../components/order-card';
import { useLiveOrderUpdates } from '../components/use-live-order-updates';
import { WalletSummaryCard } from '../components/wallet-summary-card';
import { ORDER_GROUPS, isOrderGroup, orderGroupLabels, type OrderGroup } from '../../../lib/orders/order-groups';
import classes from '../components/order-card.module.css';

const EMPTY_TAB_TEXT: Readonly<Record<OrderGroup, { title: MessageDescriptor; text: MessageDescriptor }>> = {
  active: { title: msg`Nothing on its way`, text: msg`Orders you place show here until they are delivered.` },
  completed: { title: msg`No completed orders yet`, text: msg`Delivered orders you confirmed show here, ready to reorder.` },
  cancelled: { title: msg`No cancellations or refunds`, text: msg`Cancelled orders and refund requests show here.` },
};

const NO_ORDERS_TEXT = { title: msg`No orders yet`, text: msg`Fresh produce from local farms is a few taps away. Your orders will be tracked here.` };

/** The orders list's name for screen readers, per tab. */
const LIST_LABELS: Readonly<Record<OrderGroup, MessageDescriptor>> = {
  active: msg`Active orders`,
  completed: msg`Completed orders`,
  cancelled: msg`Cancelled & refunds orders`,
};

/** Whether the buyer has any order at all: one row of the unfiltered list is enough to know. */
function useHasAnyOrder() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...orderListsQueryKey(), user?.id ?? null, 'any'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('/api/orders?role=buyer&limit=1', { schema: ZOrderListResponse, signal, reactTo: reactToSessionExpiryOnly });
      return response.items.length > 0;
    },
    enabled: user !== null,
  });
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-label={t`Loading orders`}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={104} radius="lg" />
      ))}
    </Stack>
  );
}

function EmptyOrders({ group, hasAnyOrder }: { group: OrderGroup; hasAnyOrder: boolean }) {
  const { i18n } = useLingui();
  const text = hasAnyOrder ? EMPTY_TAB_TEXT[group] : NO_ORDERS_TEXT;
  return (
    <Stack align="center" gap="sm" py={48} ta="center">
      <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
        {hasAnyOrder ? <IconPackage size={36} stroke={1.6} /> : <IconShoppingBag size={36} stroke={1.6} />}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {i18n._(text.title)}
      </Text>
      <Text c="dimmed" maw={380}>
        {i18n._(text.text)}
      </Text>
      <Button component={Link} to="/product-listing" mt="xs">
        <Trans>Browse products</Trans>
      </Button>
    </Stack>
  );
}

/** /buyer-dashboard: the buyer's orders by state, newest first, with "Load more" and "Reorder". */
export function BuyerDashboardPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const group: OrderGroup = isOrderGroup(tab) ? tab : 'active';
  const orders = useOrders(group);
  const hasAnyOrder = useHasAnyOrder();
  const { reorder, pendingOrderId } = useReorder();
  useLiveOrderUpdates(null);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];

  const selectGroup = (value: string) => {
    if (isOrderGroup(value)) setSearchParams(value === 'active' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 40 }}>
      <Title order={1} fz={{ base: 24, sm: 30 }} mb={4}>
        <Trans>My orders</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>Track deliveries, confirm receipt and reorder your favourites.</Trans>
      </Text>

      <WalletSummaryCard />

      <Button component={Link} to="/standing-orders" variant="light" fullWidth mb="md" leftSection={<IconRepeat size={18} aria-hidden />} data-testid="weekly-baskets-link">
        <Trans>Weekly baskets</Trans>
      </Button>

      <SegmentedControl
        fullWidth
        radius="xl"
        mb="lg"
        value={group}
        onChange={selectGroup}
        aria-label={t`Order state`}
        data={ORDER_GROUPS.map((value) => ({ value, label: i18n._(orderGroupLabels[value]) }))}
      />

      {orders.isPending && <ListSkeleton />}
      {orders.isError && <LoadErrorAlert title={t`Could not load your orders`} onRetry={() => void orders.refetch()} />}
      {orders.isSuccess && items.length === 0 && <EmptyOrders group={group} hasAnyOrder={hasAnyOrder.data ?? false} />}

      {items.length > 0 && (
        <ul className={classes.list} aria-label={i18n._(LIST_LABELS[group])}>
          {items.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              onReorder={order.status === 'completed' ? () => void reorder(order.id) : undefined}
              reordering={pendingOrderId === order.id}
            />
          ))}
        </ul>
      )}

      {orders.hasNextPage && (
        <Group justify="center" mt="lg">
          <Button variant="default" onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </Container>
  );
}
