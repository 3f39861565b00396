import { Paper, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TSalesDay } from '@pulse/contract/seller-dashboard';
import { DailyBars } from '../../../components/charts/daily-bars';
import { formatCalendarDay, formatMoney } from '../../../lib/format';

/** The last 30 days of sales by payment day, today last. */
export function SalesChart({ series, currency }: { series: TSalesDay[]; currency: string }) {
  const { t } = useLingui();
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
      <DailyBars
        height={180}
        days={series.map((day) => ({ label: formatCalendarDay(day.date), values: [day.salesMinor] }))}
        series={[{ name: t`Sales`, color: 'orange.6' }]}
        formatValue={(value) => formatMoney(value, currency)}
        label={t`Sales per day, last 30 days`}
      />
    </Paper>
  );
}
