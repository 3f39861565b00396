import { useLingui } from '@lingui/react/macro';
import { DailyBars } from '../charts/daily-bars';
import { formatCalendarDay, formatMoney } from '../../lib/format';

export interface EarnedDay {
  /** YYYY-MM-DD */
  date: string;
  earnedMinor: number;
}

/** What an agent earned per day over the last 30 days, as bars: the dashboard's fees and referral earnings, /agent-referrals' referral earnings. */
export function AgentEarningsChart({ days, currency, label }: { days: EarnedDay[]; currency: string; label: string }) {
  const { t } = useLingui();
  return (
    <DailyBars
      height={160}
      days={days.map((day) => ({ label: formatCalendarDay(day.date), values: [day.earnedMinor] }))}
      series={[{ name: t`Earned`, color: 'orange.6' }]}
      formatValue={(value) => formatMoney(value, currency)}
      label={label}
    />
  );
}
