// The parser the metrics test reads /metrics with ships no types of its own.
declare module 'parse-prometheus-text-format' {
  interface Sample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
