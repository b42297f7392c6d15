import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** What the metrics listener answered. */
interface Scraped {
  status: number;
  contentType: string | null;
  text: string;
}

export async function fetchText(url: string): Promise<Scraped> {
  const response = await fetch(url);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

/** `/metrics` of a listener's origin, which must answer 200. */
export async function scrape(metricsUrl: string): Promise<string> {
  const scraped = await fetchText(`${metricsUrl}/metrics`);
  if (scraped.status !== 200) throw new Error(`/metrics answered ${scraped.status}: ${scraped.text}`);
  return scraped.text;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The value of one sample of the exposition text: `name` with exactly these labels (in the order prom-client writes
 * them, which is the order of the instrument's label names); 0 when absent, as a counter or gauge not yet touched.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const labelText = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = new RegExp(`^${escaped(name)}${labelText ? escaped(`{${labelText}}`) : ''} (\\S+)$`, 'm').exec(text);
  return line ? Number(line[1]) : 0;
}

/** Polls `probe` until it answers true (the machine may be slow: conditions, never sleeps). */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const run = promisify(execFile);

/** The family names Python's prometheus_client parser reads from `text` (the reference parser; it throws on bad text). */
export async function pythonFamilies(text: string): Promise<string[]> {
  const program = [
    'import sys, json',
    'from prometheus_client.parser import text_string_to_metric_families',
    'print(json.dumps([f.name for f in text_string_to_metric_families(sys.stdin.read())]))',
  ].join('\n');
  const child = run('python3', ['-c', program], { maxBuffer: 16 * 1024 * 1024 });
  child.child.stdin?.end(text);
  const { stdout } = await child;
  return JSON.parse(stdout) as string[];
}
