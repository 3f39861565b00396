declare module 'parse-prometheus-text-format' {
  /** One sample: a counter's or gauge's `value`, a histogram's `buckets`, `count` and `sum` (all as written, strings). */
  export interface PrometheusSample {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  /** Parses Prometheus' text exposition format into metric families (prom2json's shape). */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
