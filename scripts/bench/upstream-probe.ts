/**
 * Does an upstream treat every gateway alike? (docs/benchmarks.md, "A fair comparison".) Both upstreams of
 * scripts/bench-gateway.ts (mkt's simulator server and the plain instant server), each in its own process behind a
 * TCP relay that counts the connections it accepts; one Portkey process whose upstream is switched per phase by
 * `x-portkey-custom-host`, and a bare proxy per upstream; all four paths in turn, in rounds of one run. Prints, per
 * phase and in total, the throughput, the connections each upstream accepted, the gateway's and the upstream's CPU
 * per request. Measures and prints only.
 *
 *   npm run build && node dist/scripts/bench/upstream-probe.js [--requests 1500] [--concurrency 16] [--rounds 3]
 *     [--warmup 1000] [--stream]
 */
import { Agent } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnChild, type ChildServer } from './child.js';
import { processCpuMs } from './cpu.js';
import {
  addPhase,
  directAttempt,
  emptyPhase,
  redirectedAttempt,
  runPhase,
  type Attempt,
  type Sent,
} from './gateway-client.js';
import { startPortkey, type PortkeyGateway } from './portkey-gateway.js';
import { positive } from './seed.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1000' },
    stream: { type: 'boolean', default: false },
  },
});

const benchGateway = fileURLToPath(new URL('../bench-gateway.js', import.meta.url));

/** An upstream in its own process, and the counting relay the gateways reach it through. */
interface CountedUpstream {
  name: string;
  child: ChildServer;
  relay: Server;
  /** The relay's base URL (`…/v1`). */
  url: string;
  accepted: number;
}

async function countedUpstream(name: 'simulator' | 'plain'): Promise<CountedUpstream> {
  const child = await spawnChild(benchGateway, name, [`--${name}-child`]);
  const target = new URL(child.url);
  const counted: CountedUpstream = { name, child, relay: createServer(), url: '', accepted: 0 };
  counted.relay = createServer({ allowHalfOpen: true }, (socket) => {
    counted.accepted += 1;
    const upstream = connect({ host: target.hostname, port: Number(target.port), allowHalfOpen: true });
    socket.pipe(upstream).pipe(socket);
    for (const [one, other] of [
      [socket, upstream],
      [upstream, socket],
    ] as const) {
      one.on('error', () => other.destroy());
      one.on('close', () => other.destroy());
    }
  });
  await new Promise<void>((resolve) => counted.relay.listen(0, '127.0.0.1', resolve));
  const address = counted.relay.address();
  if (address === null || typeof address === 'string') throw new Error('the relay listens on TCP');
  counted.url = `http://127.0.0.1:${address.port}/v1`;
  return counted;
}

interface ProbedPath {
  name: string;
  upstream: CountedUpstream;
  pid: number;
  agent: Agent;
  attempt: Attempt;
  totals: { requests: number; elapsedMs: number; cpuMs: number; upstreamCpuMs: number; accepted: number };
}

const microsPer = (ms: number, count: number) => ((ms * 1000) / count).toFixed(0);

/** One loaded phase of a path, its figures added to the path's totals and printed. */
async function phase(path: ProbedPath, round: number, requests: number, concurrency: number): Promise<number> {
  const { upstream, totals } = path;
  const [accepted, cpu, upstreamCpu] = [upstream.accepted, processCpuMs(path.pid), processCpuMs(upstream.child.pid)];
  const result = emptyPhase();
  addPhase(result, await runPhase(requests, concurrency, path.agent, path.attempt));
  const figures = {
    accepted: upstream.accepted - accepted,
    cpuMs: processCpuMs(path.pid) - cpu,
    upstreamCpuMs: processCpuMs(upstream.child.pid) - upstreamCpu,
  };
  totals.requests += requests;
  totals.elapsedMs += result.elapsedMs;
  totals.cpuMs += figures.cpuMs;
  totals.upstreamCpuMs += figures.upstreamCpuMs;
  totals.accepted += figures.accepted;
  console.log(
    `  round ${round} ${path.name.padEnd(18)} ${((requests * 1000) / result.elapsedMs).toFixed(0).padStart(5)} requests/s, ` +
      `upstream accepted ${figures.accepted} connections, gateway CPU ${microsPer(figures.cpuMs, requests)} µs per request, ` +
      `upstream CPU ${microsPer(figures.upstreamCpuMs, requests)} µs${result.failures > 0 ? `, ${result.failures} FAILED` : ''}`,
  );
  return result.failures;
}

function totalLine(path: ProbedPath): string {
  const { requests, elapsedMs, cpuMs, upstreamCpuMs, accepted } = path.totals;
  return (
    `  total   ${path.name.padEnd(18)} ${((requests * 1000) / elapsedMs).toFixed(0).padStart(5)} requests/s, ` +
    `${accepted} connections accepted in ${requests} requests, gateway CPU ${microsPer(cpuMs, requests)} µs per request, ` +
    `upstream CPU ${microsPer(upstreamCpuMs, requests)} µs`
  );
}

const totals = () => ({ requests: 0, elapsedMs: 0, cpuMs: 0, upstreamCpuMs: 0, accepted: 0 });

/** Through Portkey (its upstream named per request) and through the upstream's own bare proxy. */
function pathsTo(
  upstream: CountedUpstream,
  portkey: PortkeyGateway,
  bare: ChildServer,
  concurrency: number,
  sent: Sent,
): ProbedPath[] {
  const headers = { ...portkey.headers, 'x-portkey-custom-host': upstream.url, authorization: 'Bearer sk-bench' };
  const portkeyUrl = new URL('/v1/chat/completions', portkey.url);
  const agent = () => new Agent({ keepAlive: true, maxSockets: concurrency });
  return [
    {
      name: `portkey→${upstream.name}`,
      upstream,
      pid: portkey.pid,
      agent: agent(),
      totals: totals(),
      attempt: directAttempt('portkey', portkeyUrl, headers, sent),
    },
    {
      name: `bare→${upstream.name}`,
      upstream,
      pid: bare.pid,
      agent: agent(),
      totals: totals(),
      attempt: redirectedAttempt(bare.url, 'none', sent),
    },
  ];
}

async function main(): Promise<void> {
  const requests = positive(values.requests!, 'requests');
  const concurrency = positive(values.concurrency!, 'concurrency');
  const rounds = positive(values.rounds!, 'rounds');
  const warmup = positive(values.warmup!, 'warmup');
  const streamed = values.stream === true;
  const body = JSON.stringify({
    model: 'text-standard',
    messages: [{ role: 'user', content: 'Say hello.' }],
    max_tokens: 16,
    ...(streamed ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
  const sent = { body, streamed };
  const upstreams = [await countedUpstream('simulator'), await countedUpstream('plain')];
  const portkey = await startPortkey(upstreams[0]!.url);
  const closers: (() => Promise<void>)[] = [() => portkey.close()];
  const paths: ProbedPath[] = [];
  try {
    for (const upstream of upstreams) {
      const bare = await spawnChild(benchGateway, 'bare', ['--bare-child', upstream.url]);
      closers.push(() => bare.close());
      paths.push(...pathsTo(upstream, portkey, bare, concurrency, sent));
    }
    console.log(
      `${streamed ? 'streamed' : 'JSON'} chat completions, ${requests} per phase at concurrency ${concurrency}, ${warmup} warm-up requests per path first`,
    );
    for (const path of paths) await runPhase(warmup, concurrency, path.agent, path.attempt);
    let failures = 0;
    for (let round = 0; round < rounds; round += 1)
      for (const path of paths) failures += await phase(path, round, requests, concurrency);
    for (const path of paths) console.log(totalLine(path));
    if (failures > 0) process.exitCode = 1;
  } finally {
    for (const path of paths) path.agent.destroy();
    for (const close of closers.reverse()) await close();
    for (const upstream of upstreams) {
      await upstream.child.close();
      upstream.relay.close();
    }
  }
}

await main();
