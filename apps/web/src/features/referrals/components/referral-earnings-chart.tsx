import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '@pulse/contract/money';
import type { TReferralSummary } from '@pulse/contract/referrals';

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayFormat.format(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

/** Referral earnings per day over the last 30 days (its own chunk with the charts library, like the dashboard's chart). */
export function ReferralEarningsChart({ series, currency }: Pick<TReferralSummary, 'series' | 'currency'>) {
  const data = series.map((day) => ({ day: formatDay(day.date), Earned: day.earnedMinor }));
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
      aria-label="Referral earnings per day, last 30 days"
    />
  );
}
