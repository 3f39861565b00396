import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStandingOrderNextCycle } from '@pulse/contract/standing-orders';
import { formatCalendarDay, formatDateTime, formatMoney, formatTimeRange } from '../../../lib/format';

/** When a cycle comes: its slot's window, or its day when the slot is not known yet. */
export function cycleWhen(next: Pick<TStandingOrderNextCycle, 'cycleDate' | 'slot'>): string {
  return next.slot ? formatTimeRange(next.slot.startsAt, next.slot.endsAt) : formatCalendarDay(next.cycleDate, { withYear: true });
}

interface CycleSummaryProps {
  next: TStandingOrderNextCycle;
  currency: string;
  lines: { productId: string; title: string; quantity: number; unit: string }[];
}

/** The next cycle: when, what (and what would be left out), the estimated total, until when it may be changed. */
export function CycleSummary({ next, currency, lines }: CycleSummaryProps) {
  const leftOut = new Set(next.leftOut);
  const total = formatMoney(next.estimatedTotalMinor, currency);
  const fee = formatMoney(next.deliveryFeeMinor, currency);
  const placesAt = next.placesAt ? formatDateTime(next.placesAt) : null;
  return (
    <Stack gap="xs">
      <Text fw={700} fz="lg" data-testid="next-cycle-date">
        {cycleWhen(next)}
      </Text>
      <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines.map((line) => (
          <Group key={line.productId} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" td={leftOut.has(line.productId) ? 'line-through' : undefined} c={leftOut.has(line.productId) ? 'dimmed' : undefined}>
              {line.quantity} × {line.title}
            </Text>
            {leftOut.has(line.productId) && (
              <Text size="xs" c="orange">
                <Trans>not available now</Trans>
              </Text>
            )}
          </Group>
        ))}
      </Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {next.deliveryFeeMinor > 0 ? <Trans>Estimated total (delivery {fee})</Trans> : <Trans>Estimated total</Trans>}
        </Text>
        <Text fw={700} data-testid="estimated-total">
          {total}
        </Text>
      </Group>
      {placesAt && !next.skipped && (
        <Text size="xs" c="dimmed">
          <Trans>It becomes an order on {placesAt}, paid from your wallet. Until then you can skip or change it.</Trans>
        </Text>
      )}
      {next.priceAboveLimit && (
        <Alert color="orange" variant="light">
          <Trans>A price went up beyond your limit: this one will wait for your yes.</Trans>
        </Alert>
      )}
    </Stack>
  );
}

/** The preview before "Start weekly basket": the first cycle, and the day of the one after. */
export function StandingPreview({
  preview,
  loading,
  error,
}: {
  preview: { next: TStandingOrderNextCycle; followingCycleDate: string | null; walletAvailableMinor: number; currency: string; lines: CycleSummaryProps['lines'] } | undefined;
  loading: boolean;
  error: string | null;
}) {
  const { t } = useLingui();
  const following = preview?.followingCycleDate ? formatCalendarDay(preview.followingCycleDate, { withYear: true }) : null;
  const short = preview ? preview.next.estimatedTotalMinor - preview.walletAvailableMinor : 0;
  const missing = preview ? formatMoney(short, preview.currency) : '';
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t`Your first weekly basket`} data-testid="standing-preview">
      <Stack gap="sm">
        <Title order={2} fz="md">
          <Trans>Your first weekly basket</Trans>
        </Title>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        {!error && loading && !preview && <Skeleton height={120} radius="md" />}
        {!error && !loading && !preview && (
          <Text size="sm" c="dimmed">
            <Trans>Choose a day and time to see when it comes and what it costs.</Trans>
          </Text>
        )}
        {preview && (
          <>
            <CycleSummary next={preview.next} currency={preview.currency} lines={preview.lines} />
            {following && (
              <Text size="sm" data-testid="following-cycle-date">
                <Trans>Then on {following}, and so on.</Trans>
              </Text>
            )}
            {short > 0 && (
              <Alert color="yellow" variant="light">
                <Trans>Your wallet is {missing} short for it: top it up before it is ordered.</Trans>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
