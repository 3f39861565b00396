import { useLingui } from '@lingui/react/macro';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCalendarDay, formatMoney } from '../../lib/format';

export interface EarnedDay {
  /** YYYY-MM-DD */
  date: string;
  earnedMinor: number;
}

/**
 * What an agent earned per day over the last 30 days, as bars (its own chunk with the charts
 * library): the dashboard's fees and referral earnings, /agent-referrals' referral earnings.
 */
export function AgentEarningsChart({ days, currency, label }: { days: EarnedDay[]; currency: string; label: string }) {
  const { t } = useLingui();
  const data = days.map((day) => ({ day: formatCalendarDay(day.date), earned: day.earnedMinor }));
  // The chart library's root is a plain div, where aria-label is not allowed: the figure carries the name.
  return (
    <div role="figure" aria-label={label}>
      <BarChart
        h={180}
        data={data}
        dataKey="day"
        series={[{ name: 'earned', label: t`Earned`, color: 'orange.6' }]}
        valueFormatter={(value) => formatMoney(value, currency)}
        tickLine="none"
        gridAxis="x"
        withYAxis={false}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      />
    </div>
  );
}
