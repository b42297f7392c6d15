import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const mktBinary = fileURLToPath(new URL('../../../bin/mkt.js', import.meta.url));

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mkt …` as a user would, against the database in `env.DATABASE_URL`. */
export async function mkt(args: string[], env: Record<string, string>): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [mktBinary, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

export async function mktJson<T = Record<string, any>>(args: string[], env: Record<string, string>): Promise<T> {
  const result = await mkt(args, env);
  if (result.code !== 0) throw new Error(`mkt ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

export interface ServeProcess {
  child: ChildProcess;
  /** The public hosts' URLs as `mkt serve` prints them (and `docs`). */
  urls: Record<string, string>;
  /** The metrics listener's origin (/metrics, /livez, /readyz); undefined with MKT_METRICS_PORT=off. */
  metricsUrl: string | undefined;
  exited: Promise<number | null>;
}

/** Starts `mkt serve` on free ports and waits for the URLs it prints. */
export async function mktServe(env: Record<string, string>, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [mktBinary, 'serve', ...args], {
    env: {
      ...process.env,
      MKT_CONSUMPTION_PORT: '0',
      MKT_MESSAGES_PORT: '0',
      MKT_TRADING_PORT: '0',
      MKT_PLATFORM_PORT: '0',
      // Several processes on one machine: each its own free port.
      MKT_METRICS_PORT: '0',
      MKT_LOG_LEVEL: 'warn',
      MKT_SIMULATED_SUPPLIER: 'off',
      // As test/support/service.ts: canaries and the watch only where a test asks.
      MKT_CANARY_INTERVAL_S: '0',
      MKT_WATCH_INTERVAL_S: '0',
      MKT_STREAMS_PORT: process.env.MKT_TEST_STREAMS_PORT ?? 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const urls = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mkt serve did not start: ${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = Object.fromEntries(
        [...stderr.matchAll(/^ {2}(\w+)\s+(http:\/\/\S+)$/gm)].map((m) => [m[1]!, m[2]!]),
      );
      if (
        /mkt is serving/.test(stderr) &&
        Object.keys(found).length > 0 &&
        stderr.includes('\n', stderr.indexOf(Object.values(found).at(-1)!))
      ) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mkt serve exited ${code}: ${stderr}`));
    });
  });
  const { metrics, ...hostUrls } = urls;
  return { child, urls: hostUrls, metricsUrl: metrics?.replace(/\/metrics$/, ''), exited };
}
