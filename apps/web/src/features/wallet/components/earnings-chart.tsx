import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCalendarDay, formatMoney } from '../../../lib/format';
import type { TSellerWalletDay } from '@pulse/contract/wallet';

/** Released earnings against payouts, per day, for the last 30 days. */
export function EarningsChart({ series, currency }: { series: TSellerWalletDay[]; currency: string }) {
  const { t } = useLingui();
  // The series' names are what the legend and the tooltip show: in the reader's language.
  const released = t`Released`;
  const paidOut = t`Paid out`;
  const data = series.map((day) => ({ day: formatCalendarDay(day.date), [released]: day.releasedMinor, [paidOut]: day.paidOutMinor }));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="earnings-chart-heading">
      <Title order={2} fz="lg" id="earnings-chart-heading">
        <Trans>Last 30 days</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>Earnings released to your balance and payouts, per day</Trans>
      </Text>
      <BarChart
        h={200}
        data={data}
        dataKey="day"
        series={[
          { name: released, color: 'orange.6' },
          { name: paidOut, color: 'teal.6' },
        ]}
        valueFormatter={(value) => formatMoney(value, currency)}
        tickLine="none"
        gridAxis="x"
        withYAxis={false}
        withLegend
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        role="img"
        aria-label={t`Released earnings and payouts per day, last 30 days`}
      />
    </Paper>
  );
}
