import { Counter, Histogram as PromHistogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { addHistogram, groupHistograms, histogramQuantile, parseHistogram, type Histogram } from './prometheus-histograms';

const NAME = 'pulse_http_request_duration_seconds';

/** A scrape as prom-client writes it: one process's histogram and a counter beside it. */
async function scrape(observations: Array<{ route: string; seconds: number }>): Promise<string> {
  const registry = new Registry();
  const histogram = new PromHistogram({ name: NAME, help: 'test', labelNames: ['method', 'route', 'status_class'] as const, buckets: [0.1, 0.5, 1], registers: [registry] });
  const counter = new Counter({ name: 'pulse_http_requests_total', help: 'test', labelNames: ['route'] as const, registers: [registry] });
  for (const { route, seconds } of observations) {
    histogram.observe({ method: 'GET', route, status_class: '2xx' }, seconds);
    counter.inc({ route });
  }
  return registry.metrics();
}

const repeat = (count: number, route: string, seconds: number) => Array.from({ length: count }, () => ({ route, seconds }));

describe('Prometheus histograms across processes', () => {
  it('reads the buckets of each series, with route labels as written', async () => {
    const text = await scrape([...repeat(2, '/api/orders/:orderId', 0.05), ...repeat(1, '/api/products', 2)]);
    const series = parseHistogram(text, NAME);
    expect(series).toHaveLength(2);
    const orders = series.find((entry) => entry.labels.route === '/api/orders/:orderId');
    expect(orders?.labels).toEqual({ method: 'GET', route: '/api/orders/:orderId', status_class: '2xx' });
    expect([...(orders?.buckets.entries() ?? [])]).toEqual([
      [0.1, 2],
      [0.5, 2],
      [1, 2],
      [Infinity, 2],
    ]);
    expect(orders?.count).toBe(2);
    expect(orders?.sum).toBeCloseTo(0.1);
  });

  it('interpolates linearly inside the bucket the rank falls in, as histogram_quantile does', () => {
    // 2 requests up to 0.1 s, 6 more up to 0.5 s, 2 more up to 1 s.
    const histogram: Histogram = { buckets: new Map([[0.1, 2], [0.5, 8], [1, 10], [Infinity, 10]]), count: 10, sum: 4 };
    // Rank 5 is the 3rd of 6 in (0.1, 0.5]: 0.1 + 0.4 x 3/6.
    expect(histogramQuantile(0.5, histogram)).toBeCloseTo(0.3);
    // Rank 9.5 is 1.5 of 2 in (0.5, 1]: 0.5 + 0.5 x 0.75.
    expect(histogramQuantile(0.95, histogram)).toBeCloseTo(0.875);
    expect(histogramQuantile(0.99, histogram)).toBeCloseTo(0.975);
    // Rank 1 in the first bucket: from 0.
    expect(histogramQuantile(0.1, histogram)).toBeCloseTo(0.05);
    expect(histogramQuantile(0.5, { buckets: new Map(), count: 0, sum: 0 })).toBeNull();
  });

  it('gives the highest finite bound when the rank is in +Inf', () => {
    const histogram: Histogram = { buckets: new Map([[0.1, 1], [1, 1], [Infinity, 4]]), count: 4, sum: 30 };
    expect(histogramQuantile(0.99, histogram)).toBe(1);
  });

  it('adds two processes up, less what they had counted before the load', async () => {
    const processOne = parseHistogram(await scrape([...repeat(2, '/api/products', 0.05), ...repeat(6, '/api/products', 0.3)]), NAME);
    const processTwo = parseHistogram(await scrape([...repeat(2, '/api/products', 0.7), ...repeat(3, '/api/baskets', 0.05)]), NAME);
    const baseline = parseHistogram(await scrape(repeat(3, '/api/baskets', 0.05)), NAME);
    const byRoute = groupHistograms([...processOne, ...processTwo], (labels) => `${labels.method} ${labels.route}`);
    groupHistograms(baseline, (labels) => `${labels.method} ${labels.route}`, -1, byRoute);
    const products = byRoute.get('GET /api/products');
    expect(products?.count).toBe(10);
    expect(products && histogramQuantile(0.5, products)).toBeCloseTo(0.3);
    expect(products && histogramQuantile(0.95, products)).toBeCloseTo(0.875);
    expect(byRoute.get('GET /api/baskets')?.count).toBe(0);
    const all = addHistogram({ buckets: new Map(), count: 0, sum: 0 }, products ?? { buckets: new Map(), count: 0, sum: 0 });
    expect(all.buckets.get(Infinity)).toBe(10);
  });
});
