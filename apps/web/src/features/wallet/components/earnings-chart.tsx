import { Paper, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TSellerWalletDay } from '@pulse/contract/wallet';
import { DailyBars } from '../../../components/charts/daily-bars';
import { formatCalendarDay, formatMoney } from '../../../lib/format';

/** Released earnings against payouts, per day, for the last 30 days. */
export function EarningsChart({ series, currency }: { series: TSellerWalletDay[]; currency: string }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="earnings-chart-heading">
      <Title order={2} fz="lg" id="earnings-chart-heading">
        <Trans>Last 30 days</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>Earnings released to your balance and payouts, per day</Trans>
      </Text>
      <DailyBars
        height={170}
        days={series.map((day) => ({ label: formatCalendarDay(day.date), values: [day.releasedMinor, day.paidOutMinor] }))}
        series={[
          { name: t`Released`, color: 'orange.6' },
          { name: t`Paid out`, color: 'teal.6' },
        ]}
        formatValue={(value) => formatMoney(value, currency)}
        label={t`Released earnings and payouts per day, last 30 days`}
        withLegend
      />
    </Paper>
  );
}
