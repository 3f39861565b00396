import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { formatCalendarDay, formatMoney } from '../../../lib/format';
import type { TSellerWalletDay } from '@pulse/contract/wallet';

/** Released earnings against payouts, per day, for the last 30 days. */
export function EarningsChart({ series, currency }: { series: TSellerWalletDay[]; currency: string }) {
  const data = series.map((day) => ({ day: formatCalendarDay(day.date), Released: day.releasedMinor, 'Paid out': day.paidOutMinor }));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="earnings-chart-heading">
      <Title order={2} fz="lg" id="earnings-chart-heading">
        Last 30 days
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Earnings released to your balance and payouts, per day
      </Text>
      <BarChart
        h={200}
        data={data}
        dataKey="day"
        series={[
          { name: 'Released', color: 'orange.6' },
          { name: 'Paid out', color: 'teal.6' },
        ]}
        valueFormatter={(value) => formatMoney(value, currency)}
        tickLine="none"
        gridAxis="x"
        withYAxis={false}
        withLegend
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        role="img"
        aria-label="Released earnings and payouts per day, last 30 days"
      />
    </Paper>
  );
}
