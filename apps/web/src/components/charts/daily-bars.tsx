import type { CSSProperties } from 'react';
import classes from './daily-bars.module.css';

export interface DailyBarsSeries {
  /** What the legend and each bar's hover text call it, in the reader's language. */
  name: string;
  /** A Mantine colour and shade, e.g. "orange.6". */
  color: string;
}

export interface DailyBarsDay {
  /** The day as the axis and the hover text show it ("25 Nov"). */
  label: string;
  /** One value per series, in the order of `series`. */
  values: number[];
}

/** The axis names the first and last day and two between (as the charts had with preserveStartEnd). */
const AXIS_LABELS = 4;

function mantineColor(color: string): string {
  const [name, shade] = color.split('.');
  return shade === undefined ? `var(--mantine-color-${name})` : `var(--mantine-color-${name}-${shade})`;
}

function axisIndexes(count: number): Set<number> {
  if (count <= AXIS_LABELS) return new Set(Array.from({ length: count }, (_, index) => index));
  return new Set(Array.from({ length: AXIS_LABELS }, (_, step) => Math.round((step * (count - 1)) / (AXIS_LABELS - 1))));
}

/**
 * Bars per day (the dashboards' and wallets' last 30 days): HTML boxes sized in percent of the
 * highest day, drawn by the browser's layout in one short render (decision 069). The whole is one
 * image to assistive technology, named by `label`; each bar's hover text gives its day and value.
 */
export function DailyBars({
  days,
  series,
  formatValue,
  label,
  height,
  withLegend = false,
}: {
  days: DailyBarsDay[];
  series: DailyBarsSeries[];
  formatValue: (value: number) => string;
  label: string;
  height: number;
  withLegend?: boolean;
}) {
  const highest = Math.max(0, ...days.flatMap((day) => day.values));
  const labelled = axisIndexes(days.length);
  return (
    <div role="img" aria-label={label} className={classes.chart} style={{ '--daily-bars-height': `${height}px` } as CSSProperties}>
      <div className={classes.plot}>
        {days.map((day, dayIndex) => (
          <div key={dayIndex} className={classes.day} title={`${day.label}: ${series.map((item, index) => `${item.name} ${formatValue(day.values[index] ?? 0)}`).join(', ')}`}>
            {series.map((item, index) => {
              const value = day.values[index] ?? 0;
              return (
                <span
                  key={item.name}
                  className={classes.bar}
                  data-value={value}
                  style={{ height: highest > 0 ? `${(Math.max(0, value) / highest) * 100}%` : 0, background: mantineColor(item.color) }}
                />
              );
            })}
          </div>
        ))}
      </div>
      <div className={classes.axis} aria-hidden>
        {days.map((day, dayIndex) => (
          <span key={dayIndex} className={classes.tick}>
            {labelled.has(dayIndex) ? day.label : ''}
          </span>
        ))}
      </div>
      {withLegend && (
        <div className={classes.legend} aria-hidden>
          {series.map((item) => (
            <span key={item.name} className={classes.legendItem}>
              <span className={classes.swatch} style={{ background: mantineColor(item.color) }} />
              {item.name}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
