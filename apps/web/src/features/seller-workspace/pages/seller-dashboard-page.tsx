import { useDeferredValue, useState } from 'react';
import { Button, Container, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCirclePlus, IconListSearch, IconReceiptRefund, IconTicket, IconUserCircle, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TSellerActionStatus } from '@pulse/contract/seller-dashboard';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SellerOnlyNotice } from '../../../components/seller-only-notice';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { useSellerDashboard } from '../api/get-seller-dashboard';
import { ActionQueues } from '../components/action-queues';
import { LowStockList } from '../components/low-stock-list';
import { SalesChart } from '../components/sales-chart';
import { SalesSummary } from '../components/sales-summary';
import { SlotsSection } from '../components/slots-section';
import { StandingDemandCard } from '../components/standing-demand-card';
import { useLiveSellerUpdates } from '../components/use-live-seller-updates';
import { Trans, useLingui } from '@lingui/react/macro';

function DashboardSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-label={t`Loading dashboard`}>
      <Skeleton height={40} radius="md" />
      <Skeleton height={120} radius="lg" />
      <Skeleton height={90} radius="lg" />
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}

/** Quick links wrap a long label onto a second line instead of cutting it (two columns on a phone, longer languages). */
const QUICK_LINK_STYLES = { root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } } as const;

function QuickLinks() {
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button component={Link} to="/add-product" leftSection={<IconCirclePlus size={18} aria-hidden />} fullWidth={false} style={{ flexGrow: 1, maxWidth: 260 }}>
          <Trans>Add a product</Trans>
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" maw={720}>
        <Button component={Link} to="/seller/catalogue-search" variant="light" size="sm" styles={QUICK_LINK_STYLES} leftSection={<IconListSearch size={16} aria-hidden />}>
          <Trans>My products</Trans>
        </Button>
        <Button component={Link} to="/seller-profile" variant="light" size="sm" styles={QUICK_LINK_STYLES} leftSection={<IconUserCircle size={16} aria-hidden />}>
          <Trans>Shop profile</Trans>
        </Button>
        <Button component={Link} to="/wallet" variant="light" size="sm" styles={QUICK_LINK_STYLES} leftSection={<IconWallet size={16} aria-hidden />}>
          <Trans>Wallet</Trans>
        </Button>
        <Button component={Link} to="/refunds-history" variant="light" size="sm" styles={QUICK_LINK_STYLES} leftSection={<IconReceiptRefund size={16} aria-hidden />}>
          <Trans>Refunds</Trans>
        </Button>
        <Button component={Link} to="/seller/discount-codes" variant="light" size="sm" styles={QUICK_LINK_STYLES} leftSection={<IconTicket size={16} aria-hidden />}>
          <Trans>Discount codes</Trans>
        </Button>
      </SimpleGrid>
    </Stack>
  );
}

/** /seller-dashboard: orders to act on, sales, the 30-day chart, weekly baskets' demand, low stock and the farm's slots. */
export function SellerDashboardPage({ route }: PageProps) {
  const { t } = useLingui();
  const dashboard = useSellerDashboard();
  const [queue, setQueue] = useState<TSellerActionStatus>('paid');
  useLiveSellerUpdates();
  const denied = dashboard.isError && isSellerAccessDenied(dashboard.error);
  // Drawn as a transition when the answer comes (in slices, not one long task); the skeleton stays meanwhile.
  const data = useDeferredValue(dashboard.data);

  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 32 }}>
      <Stack gap={4} mb="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {route.title}
        </Title>
        {!denied && (
          <Text size="sm" c="dimmed">
            <Trans>Accept new orders, get them ready and hand them over. Sales count orders by the day they were paid.</Trans>
          </Text>
        )}
      </Stack>
      {denied && <SellerOnlyNotice what={t`The seller dashboard`} />}
      {!denied && !data && !dashboard.isError && <DashboardSkeleton />}
      {!denied && dashboard.isError && !data && <LoadErrorAlert title={t`Could not load your dashboard`} onRetry={() => void dashboard.refetch()} />}
      {data && (
        <Stack gap="lg">
          <QuickLinks />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="queues-heading">
                  <Title order={2} fz="lg" id="queues-heading" mb="xs">
                    <Trans>Orders to act on</Trans>
                  </Title>
                  <ActionQueues queues={data.actionQueues} value={queue} onChange={setQueue} />
                </Paper>
                <SlotsSection />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <SalesSummary today={data.sales.today} month={data.sales.month} currency={data.currency} />
                <SalesChart series={data.series} currency={data.currency} />
                <StandingDemandCard />
                <LowStockList products={data.lowStock} count={data.lowStockCount} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Container>
  );
}
