import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconRepeat } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStandingOrderSummary } from '@pulse/contract/standing-orders';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatMoney } from '../../../lib/format';
import { useStandingOrders } from '../api/standing-orders';
import { cycleWhen } from '../components/standing-preview';
import { intervalLabel, summaryBadges } from '../utils/standing-order-text';

function StandingOrderCard({ summary, currency }: { summary: TStandingOrderSummary; currency: string }) {
  const { t } = useLingui();
  const next = summary.next;
  const lineCount = summary.lineCount;
  const total = next ? formatMoney(next.estimatedTotalMinor, currency) : null;
  return (
    <Paper withBorder radius="lg" component="li" data-testid="standing-order-card">
      <UnstyledButton component={Link} to={`/standing-orders/${summary.id}`} p="md" w="100%" display="block">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size={40} aria-hidden>
            <IconRepeat size={20} />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700} truncate>
                {summary.shopName}
              </Text>
              {total && (
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {total}
                </Text>
              )}
            </Group>
            <Text size="sm">
              {next ? (summary.fulfilment === 'delivery' ? t`Next delivery: ${cycleWhen(next)}` : t`Next pickup: ${cycleWhen(next)}`) : t`No coming delivery`}
            </Text>
            <Text size="xs" c="dimmed">
              {t`${plural(lineCount, { one: '# product', other: '# products' })} · ${intervalLabel(summary.intervalWeeks)}`}
            </Text>
            {summaryBadges(summary).length > 0 && (
              <Group gap={6}>
                {summaryBadges(summary).map((badge) => (
                  <Badge key={badge.label} color={badge.color} variant="light" tt="none">
                    {badge.label}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
          <IconChevronRight size={18} aria-hidden style={{ alignSelf: 'center' }} />
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

function EmptyStandingOrders() {
  return (
    <Stack align="center" gap="sm" py={48} ta="center" data-testid="standing-orders-empty">
      <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
        <IconRepeat size={36} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600} size="lg">
        <Trans>No weekly baskets yet</Trans>
      </Text>
      <Text c="dimmed" maw={400}>
        <Trans>Open an order you liked and tap "Repeat every week", or tap "Make this a weekly basket" beside a farm at checkout. The farm's produce then comes every week or two, paid from your wallet.</Trans>
      </Text>
      <Button component={Link} to="/buyer-dashboard" mt="xs">
        <Trans>My orders</Trans>
      </Button>
    </Stack>
  );
}

/** /standing-orders: the buyer's weekly baskets, one per farm, running ones first. */
export function StandingOrdersPage({ route }: PageProps) {
  const { t } = useLingui();
  const list = useStandingOrders();
  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 40 }}>
      <Title order={1} fz={{ base: 24, sm: 30 }} mb={4}>
        {route.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>Your farms' produce every week or two. Skip, pause or change any of them before it is ordered.</Trans>
      </Text>
      {list.isPending && <Skeleton height={120} radius="lg" />}
      {list.isError && <LoadErrorAlert title={t`Could not load your weekly baskets`} onRetry={() => void list.refetch()} />}
      {list.data && list.data.items.length === 0 && <EmptyStandingOrders />}
      {list.data && list.data.items.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Weekly baskets`}>
          {list.data.items.map((summary) => (
            <StandingOrderCard key={summary.id} summary={summary} currency={list.data.currency} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
