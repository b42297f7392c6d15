import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mktBinary = fileURLToPath(new URL('../../../bin/mkt.js', import.meta.url));

export interface Served {
  child: ChildProcess;
  /** The URL the server printed for the host. */
  url: string;
  /** The streams worker's URL it printed (MKT_STREAMS_PORT set); undefined without one. */
  streamsUrl: string | undefined;
  exited: Promise<number | null>;
}

/**
 * `mkt serve --only <host>` on a free port, without the house supplier; resolves with the URL it
 * prints. Its warnings and errors (MKT_LOG_LEVEL=warn) go to our stderr.
 */
export async function serveHost(
  host: 'consumption' | 'trading',
  env: Record<string, string>,
  nodeFlags: string[],
): Promise<Served> {
  const portVariable = host === 'consumption' ? 'MKT_CONSUMPTION_PORT' : 'MKT_TRADING_PORT';
  const child = spawn(process.execPath, [...nodeFlags, mktBinary, 'serve', '--only', host], {
    env: {
      ...process.env,
      [portVariable]: '0',
      MKT_METRICS_PORT: '0',
      MKT_LOG_LEVEL: 'warn',
      MKT_SIMULATED_SUPPLIER: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const printed = new RegExp(`^ {2}${host}\\s+(http:\\/\\/\\S+)\\r?\\n`, 'm');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mkt serve did not start: ${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = printed.exec(stderr);
      if (/mkt is serving/.test(stderr) && found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mkt serve exited ${code}: ${stderr}`));
    });
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const streamsUrl = /^ {2}streams\s+(http:\/\/\S+)\r?\n/m.exec(stderr)?.[1];
  return { child, url, streamsUrl, exited };
}
