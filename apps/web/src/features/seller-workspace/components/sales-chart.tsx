import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { formatCalendarDay, formatMoney } from '../../../lib/format';
import type { TSalesDay } from '@pulse/contract/seller-dashboard';
import { Trans, useLingui } from '@lingui/react/macro';

/** The last 30 days of sales by payment day, today last. */
export function SalesChart({ series, currency }: { series: TSalesDay[]; currency: string }) {
  const { t } = useLingui();
  const data = series.map((day) => ({ day: formatCalendarDay(day.date), Sales: day.salesMinor }));
  const total = formatMoney(
    series.reduce((sum, day) => sum + day.salesMinor, 0),
    currency,
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="sales-chart-heading">
      <Title order={2} fz="lg" id="sales-chart-heading">
        <Trans>Sales, last 30 days</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>{total} from orders paid in the last 30 days</Trans>
      </Text>
      <BarChart
        h={200}
        data={data}
        dataKey="day"
        series={[{ name: 'Sales', label: t`Sales`, color: 'orange.6' }]}
        valueFormatter={(value) => formatMoney(value, currency)}
        tickLine="none"
        gridAxis="x"
        withYAxis={false}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        role="img"
        aria-label={t`Sales per day, last 30 days`}
      />
    </Paper>
  );
}
