import type { RunningService } from '../../src/app/main.js';

/** Prometheus samples by sample name (`mkt_orders_total`, `…_sum`, `…_count`, `…_bucket`), then by their labels. */
export type MetricSamples = Map<string, Map<string, number>>;

/** A label set as one key: its pairs sorted by name, as `name="value"` joined by commas. */
export function labelsKey(labels: Record<string, string> = {}): string {
  return Object.keys(labels)
    .sort()
    .map((name) => `${name}=${JSON.stringify(labels[name])}`)
    .join(',');
}

/** The text exposition format's label block (`a="x",b="y"`, escapes as Prometheus writes them) as an object. */
function parseLabels(block: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const pair = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;
  for (let match = pair.exec(block); match !== null; match = pair.exec(block)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined)
      labels[name] = value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** Parses the text exposition format into samples (comments and blank lines skipped). */
export function parseMetrics(text: string): MetricSamples {
  const samples: MetricSamples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`unreadable metrics line: ${line}`);
    const [, name, block, value] = match;
    if (name === undefined || value === undefined) continue;
    let family = samples.get(name);
    if (!family) {
      family = new Map();
      samples.set(name, family);
    }
    family.set(labelsKey(parseLabels(block ?? '')), Number(value));
  }
  return samples;
}

/** The service's metrics as Prometheus reads them: `GET /metrics` on its metrics listener, over HTTP. */
export async function readMetrics(service: RunningService): Promise<MetricSamples> {
  if (service.metricsUrl === undefined) throw new Error('the service has no metrics listener (MKT_METRICS_PORT=0)');
  const response = await fetch(`${service.metricsUrl}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}

/** One sample's value (0 when the series does not exist yet). */
function sampleOf(samples: MetricSamples, name: string, labels: Record<string, string> = {}): number {
  return samples.get(name)?.get(labelsKey(labels)) ?? 0;
}

/** How far a sample moved between two reads. */
export function movedBy(
  before: MetricSamples,
  after: MetricSamples,
  name: string,
  labels: Record<string, string> = {},
): number {
  return sampleOf(after, name, labels) - sampleOf(before, name, labels);
}

/** The sum of a sample over every series whose labels include `matching`. */
export function sumOf(samples: MetricSamples, name: string, matching: Record<string, string> = {}): number {
  let sum = 0;
  for (const [key, value] of samples.get(name) ?? []) {
    const included = Object.entries(matching).every(([label, wanted]) =>
      key.split(',').includes(`${label}=${JSON.stringify(wanted)}`),
    );
    if (included) sum += value;
  }
  return sum;
}

/** Every series of a sample that moved between two reads, with how far: what a workload changed. */
export function movements(before: MetricSamples, after: MetricSamples, name: string): Map<string, number> {
  const moved = new Map<string, number>();
  for (const [key, value] of after.get(name) ?? []) {
    const delta = value - (before.get(name)?.get(key) ?? 0);
    if (delta !== 0) moved.set(key, delta);
  }
  return moved;
}
