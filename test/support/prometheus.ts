import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real Prometheus (Debian's `prometheus` package: /usr/bin/prometheus) scraping the given targets every second, its
 * data in a temporary directory removed on stop, its web API on a free port of loopback.
 */
export interface RunningPrometheus {
  url: string;
  /** Answers `data` of a successful API call, or throws with Prometheus's error. */
  api<T>(path: string, params?: Record<string, string>): Promise<T>;
  stop(): Promise<void>;
}

const prometheusBinary = process.env.MKT_PROMETHEUS ?? '/usr/bin/prometheus';
export const promtoolBinary = process.env.MKT_PROMTOOL ?? '/usr/bin/promtool';

/** A port free at the time of asking (Prometheus takes a fixed port, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

/** `host:port` of a listener's origin (`http://127.0.0.1:41023`). */
export const targetOf = (origin: string): string => new URL(origin).host;

function configOf(targets: readonly string[]): string {
  return [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    '  evaluation_interval: 1s',
    'scrape_configs:',
    '  - job_name: mkt',
    '    static_configs:',
    `      - targets: [${targets.map((target) => `'${target}'`).join(', ')}]`,
    '',
  ].join('\n');
}

interface ApiAnswer<T> {
  status: 'success' | 'error';
  data: T;
  errorType?: string;
  error?: string;
}

async function callApi<T>(url: string, path: string, params: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${url}${path}?${new URLSearchParams(params).toString()}`);
  const answer: ApiAnswer<T> = JSON.parse(await response.text());
  if (answer.status !== 'success')
    throw new Error(`${path} ${JSON.stringify(params)}: ${answer.errorType}: ${answer.error}`);
  return answer.data;
}

/** Starts Prometheus and waits until it is ready (`/-/ready`), polling with a generous deadline. */
export async function startPrometheus(targets: readonly string[]): Promise<RunningPrometheus> {
  const directory = await mkdtemp(join(tmpdir(), 'mkt-prometheus-'));
  await writeFile(join(directory, 'prometheus.yml'), configOf(targets));
  const url = `http://127.0.0.1:${await freePort()}`;
  let output = '';
  const child: ChildProcess = spawn(
    prometheusBinary,
    [
      `--config.file=${join(directory, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(directory, 'data')}`,
      `--web.listen-address=${targetOf(url)}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await pollUntil('Prometheus to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`prometheus exited ${child.exitCode}: ${output}`);
      return (await fetch(`${url}/-/ready`).catch(() => undefined))?.status === 200;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, api: (path, params) => callApi(url, path, params), stop };
}

/** Polls `probe` every 200 ms until it answers true (never a fixed sleep: the machine may be slow). */
export async function pollUntil(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
