import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The TypeScript peer of the gateway benchmark: Portkey's `@portkey-ai/gateway`, a passthrough
 * gateway (no authentication against a database, no billing), installed by the benchmark into a
 * temp directory (never a project dependency) and run in a child process of its own, forwarding to
 * the same instant upstream as mkt and the bare proxy (TOOLING.md: `start-server.js --port=N
 * --headless`, headers `x-portkey-provider: openai` and `x-portkey-custom-host: <upstream>/v1`).
 */
export const portkeyVersion = '1.15.2';

/**
 * What Portkey's own lockfile resolves, pinned: its `^1.3.3` range lets a plain install take the newest
 * `@hono/node-server` (1.19), whose lightweight Response keeps the upstream fetch's immutable headers when Portkey
 * rebuilds a streamed response (`new Response(body, upstreamResponse)`), so Portkey's `updateHeaders` throws
 * `TypeError: immutable` and every streamed request answers 500 "Something went wrong" (Portkey-AI/gateway#1389,
 * #1550). `@hono/node-ws` 1.3 wants node-server ^1.19: its 1.2.0 takes 1.13.
 */
const pinned = { '@hono/node-server': '1.13.5', '@hono/node-ws': '1.2.0' };

/** The pins as the benchmark's report names them. */
export const portkeyPins = Object.entries(pinned)
  .map(([name, version]) => `${name} ${version}`)
  .join(', ');

export interface PortkeyGateway {
  url: string;
  pid: number;
  /** The headers that send a request through it to the upstream. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The package's directory under the temp directory, installed there on first use (the npm registry is reachable), with
 * its server's dependencies pinned (`pinned`) through npm `overrides`.
 */
function installedPortkey(): string {
  const prefix = join(tmpdir(), `mkt-bench-portkey-${portkeyVersion}-pinned`);
  const script = join(prefix, 'node_modules', '@portkey-ai', 'gateway', 'build', 'start-server.js');
  if (existsSync(script)) return script;
  mkdirSync(prefix, { recursive: true });
  const manifest = { private: true, dependencies: { '@portkey-ai/gateway': portkeyVersion }, overrides: pinned };
  writeFileSync(join(prefix, 'package.json'), JSON.stringify(manifest, null, 2));
  execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(script)) throw new Error(`npm installed @portkey-ai/gateway@${portkeyVersion} without ${script}`);
  return script;
}

/** A loopback port free now (Portkey takes its port as a flag and prints no machine-readable line). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers at all, within 30 s. */
async function answering(url: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline && !gone) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`Portkey's gateway did not answer at ${url}${gone ? ' (it exited)' : ' within 30 s'}`);
}

/** Portkey's gateway in front of `upstreamUrl` (the upstream's `/v1` base). */
export async function startPortkey(upstreamUrl: string): Promise<PortkeyGateway> {
  const script = installedPortkey();
  const port = await freePort();
  const child = spawn(process.execPath, [script, `--port=${port}`, '--headless'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await answering(url, exited);
  return {
    url,
    pid: child.pid!,
    headers: { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': upstreamUrl.replace(/\/+$/, '') },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
