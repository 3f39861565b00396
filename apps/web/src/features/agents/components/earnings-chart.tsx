import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '@pulse/contract/money';
import type { TGetAgentWalletResponse } from '@pulse/contract/agents';

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayFormat.format(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

/** Fees released and referral earnings per day over the last 30 days (its own chunk with the charts library). */
export function AgentEarningsChart({ series, currency }: Pick<TGetAgentWalletResponse, 'series' | 'currency'>) {
  const data = series.map((day) => ({ day: formatDay(day.date), Earned: day.releasedMinor }));
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="day"
      series={[{ name: 'Earned', color: 'orange.6' }]}
      valueFormatter={(value) => formatMoney(value, currency)}
      tickLine="none"
      gridAxis="x"
      withYAxis={false}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      aria-label="Delivery fees released per day, last 30 days"
    />
  );
}
