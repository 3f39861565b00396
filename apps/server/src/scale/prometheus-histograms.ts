/**
 * Prometheus histograms read from the text format (GET /metrics), added up across processes and
 * scrapes, and their quantiles, the way PromQL's histogram_quantile() computes them: linear
 * interpolation inside the bucket the rank falls in. For the soak bench (bench/soak.ts), which
 * reports the server's own p50/p95/p99 beside what its clients measured.
 */

/** Cumulative counts by upper bound (`le`; +Inf included), plus the total count and sum. */
export interface Histogram {
  buckets: Map<number, number>;
  count: number;
  sum: number;
}

export interface HistogramSeries extends Histogram {
  /** The series' labels without `le`. */
  labels: Record<string, string>;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  for (const [, name, raw] of text.matchAll(LABEL)) {
    if (name === undefined || raw === undefined) continue;
    labels[name] = raw.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}

function parseNumber(value: string): number {
  if (value === '+Inf' || value === 'Inf') return Infinity;
  if (value === '-Inf') return -Infinity;
  return Number(value);
}

function emptyHistogram(): Histogram {
  return { buckets: new Map(), count: 0, sum: 0 };
}

/** Every series of histogram `name` in a scrape (`name_bucket`, `name_count`, `name_sum` lines). */
export function parseHistogram(text: string, name: string): HistogramSeries[] {
  const series = new Map<string, HistogramSeries>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const match = LINE.exec(line.trim());
    if (!match) continue;
    const [, metric, labelText, valueText] = match;
    if (metric === undefined || valueText === undefined) continue;
    const suffix = metric.slice(name.length);
    if (suffix !== '_bucket' && suffix !== '_count' && suffix !== '_sum') continue;
    const { le, ...labels } = parseLabels(labelText);
    const key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
    let entry = series.get(key);
    if (!entry) {
      entry = { labels, ...emptyHistogram() };
      series.set(key, entry);
    }
    const value = parseNumber(valueText);
    if (suffix === '_bucket' && le !== undefined) entry.buckets.set(parseNumber(le), value);
    else if (suffix === '_count') entry.count = value;
    else if (suffix === '_sum') entry.sum = value;
  }
  return [...series.values()];
}

/** Adds `addend` into `total` (same metric: buckets are counters, so processes and scrapes add up). */
export function addHistogram(total: Histogram, addend: Histogram, sign = 1): Histogram {
  for (const [bound, count] of addend.buckets) total.buckets.set(bound, (total.buckets.get(bound) ?? 0) + sign * count);
  total.count += sign * addend.count;
  total.sum += sign * addend.sum;
  return total;
}

/** The series added up by a key of their labels (e.g. method and route); `() => 'all'` for one total. */
export function groupHistograms(series: HistogramSeries[], keyOf: (labels: Record<string, string>) => string, sign = 1, into = new Map<string, Histogram>()): Map<string, Histogram> {
  for (const entry of series) {
    const key = keyOf(entry.labels);
    const total = into.get(key) ?? emptyHistogram();
    into.set(key, addHistogram(total, entry, sign));
  }
  return into;
}

/**
 * The q-quantile (0..1) as PromQL's histogram_quantile(): the bucket where the rank q x count
 * falls, and a linear interpolation between its lower and upper bound (0 below the first bucket).
 * A rank in the +Inf bucket gives the highest finite bound. Null when the histogram is empty.
 */
export function histogramQuantile(q: number, histogram: Histogram): number | null {
  const bounds = [...histogram.buckets.keys()].sort((a, b) => a - b);
  const total = histogram.buckets.get(Infinity) ?? histogram.count;
  if (bounds.length === 0 || total <= 0) return null;
  const rank = q * total;
  let previousBound = 0;
  let previousCount = 0;
  for (const bound of bounds) {
    const count = histogram.buckets.get(bound) ?? 0;
    if (count >= rank) {
      if (bound === Infinity) return previousBound;
      const inBucket = count - previousCount;
      if (inBucket <= 0) return bound;
      return previousBound + (bound - previousBound) * ((rank - previousCount) / inBucket);
    }
    previousBound = bound;
    previousCount = count;
  }
  return previousBound;
}
