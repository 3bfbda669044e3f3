/** The package ships no types: what the metrics suite reads of its output. */
declare module 'parse-prometheus-text-format' {
  interface PrometheusSample {
    value?: string;
    count?: string;
    sum?: string;
    labels?: Record<string, string>;
  }
  interface PrometheusFamily {
    name: string;
    help: string;
    type: string;
    metrics: PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
