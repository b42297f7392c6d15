/**
 * Past one machine, measured (issue 24 §4): 1, 2 and 4 `mkt serve` processes on one PostgreSQL, each with its share of
 * the clients — signed limit orders over the nine markets, non-streamed chat completions through the gateway (307 to
 * /r/v1, then a local instant supplier), and 200 WebSocket subscribers on one market's book and trades. Prints, per
 * process count: orders/s and p99, inference/s and p99, stream delivery p99 (a trade's `new_trade` at each subscriber
 * from its taker order's 201), the CPU of the mkt processes and of PostgreSQL (from /proc), lock waits (sampled from
 * pg_stat_activity and pg_locks), the NOTIFY rate (a LISTEN client counting), and what saturates first. Figures are
 * printed, never asserted.
 *
 *   npm run build && node dist/scripts/bench-scale.js [--processes 1,2,4] [--duration 20] [--order-clients 16]
 *     [--inference-clients 8] [--consumers N (default: one per inference client)] [--subscribers 200] [--traders 32]
 *     [--cpu-prof DIR] [--partition on|off]
 *
 * With --partition on (the default), the processes share out the markets (MKT_MARKETS, as docs/deploy.md deploys
 * them) and each order client, as the load balancer would, sends each order to the process that owns its market;
 * off, every process trades every market and each client sends to its own process.
 *
 * Every process count gets a fresh database on one throwaway PostgreSQL cluster (scripts/throwaway-postgres.ts), seeded
 * straight through the library before the processes start. Each mkt process has MKT_METRICS_PORT=off.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { migrateLatest, openDatabase } from '../src/db/knex.js';
import { startSimulatorServer } from '../src/consumption/suppliers/simulator-server.js';
import { redirectedAttempt } from './bench/gateway-client.js';
import { processCpuMs } from './bench/cpu.js';
import { summariseProfile } from './bench/cpuprofile.js';
import { watchPostgres, type PostgresFigures } from './bench/postgres-probes.js';
import { seedConsumers, startMkt, type Mkt } from './bench/scale-setup.js';
import { positive } from './bench/seed.js';
import { percentile, summarise } from './bench/stats.js';
import type { ToSubscribers } from './bench/stream-subscribers.js';
import { connectSubscribers, deliveries } from './bench/scale-streams.js';
import { monotonicMs, seedTraders, send, signatureHeaders, type SeededTrader } from './bench/traders.js';
import { keepStatisticsCurrent } from './bench/postgres-settings.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    duration: { type: 'string', default: '20' },
    'order-clients': { type: 'string', default: '16' },
    'inference-clients': { type: 'string', default: '8' },
    subscribers: { type: 'string', default: '200' },
    traders: { type: 'string', default: '32' },
    /** Consumers the inference clients take turns as (one each by default). */
    consumers: { type: 'string' },
    /** A directory: each mkt process writes a V8 CPU profile there (--cpu-prof), summarised after each count. */
    'cpu-prof': { type: 'string' },
    partition: { type: 'string', default: 'on' },
  },
});
const processCounts = values.processes.split(',').map((n) => positive(n, 'processes'));
const durationMs = positive(values.duration, 'duration') * 1000;
const orderClients = positive(values['order-clients'], 'order-clients');
const inferenceClients = positive(values['inference-clients'], 'inference-clients');
const subscribersTotal = positive(values.subscribers, 'subscribers');
const tradersCount = positive(values.traders, 'traders');
const consumersCount = values.consumers === undefined ? inferenceClients : positive(values.consumers, 'consumers');
if (values.partition !== 'on' && values.partition !== 'off') throw new Error('--partition is on or off');
const partitioned = values.partition === 'on';
const midTicks = 5000;
const bandTicks = 20;

// ---- orders --------------------------------------------------------------------------------------

const formatTicks = (ticks: number) => `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;
const randomInt = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
let ordersMade = 0;

interface OrderLoad {
  samplesMs: number[];
  refused: Map<string, number>;
  /** Acknowledged orders of the watched market: order id → when its 201 arrived (monotonic ms). */
  watchedAcks: Map<string, number>;
}

async function orderWorker(
  load: OrderLoad,
  agent: Agent,
  url: URL,
  traders: readonly SeededTrader[],
  markets: readonly string[],
  watchedMarket: string,
  deadlineMs: number,
): Promise<void> {
  while (monotonicMs() < deadlineMs) {
    ordersMade += 1;
    const marketId = markets[ordersMade % markets.length]!;
    const body = JSON.stringify({
      client_order_id: `bench-scale-${process.pid}-${ordersMade}`,
      market_id: marketId,
      side: Math.random() < 0.5 ? 'buy' : 'sell',
      type: 'limit',
      price: formatTicks(midTicks + randomInt(-bandTicks, bandTicks)),
      quantity: randomInt(1, 5),
    });
    const trader = traders[randomInt(0, traders.length - 1)]!;
    const sentMs = monotonicMs();
    const reply = await send(
      agent,
      url,
      'POST',
      '/v1/orders',
      signatureHeaders(trader, 'POST', '/v1/orders', body),
      body,
    );
    load.samplesMs.push(reply.arrivedMs - sentMs);
    if (reply.status !== 201) {
      const code = `${reply.status} ${/"code"\s*:\s*"([^"]+)"/.exec(reply.text)?.[1] ?? '?'}`;
      load.refused.set(code, (load.refused.get(code) ?? 0) + 1);
    } else if (marketId === watchedMarket) {
      const orderId = /"order_id"\s*:\s*"([^"]+)"/.exec(reply.text)?.[1];
      if (orderId !== undefined) load.watchedAcks.set(orderId, reply.arrivedMs);
    }
  }
}

// ---- inference -----------------------------------------------------------------------------------

const inferenceBody = JSON.stringify({
  model: 'text-standard',
  messages: [{ role: 'user', content: 'Say hello.' }],
  max_tokens: 16,
});

async function inferenceWorker(
  load: { samplesMs: number[]; failed: Map<string, number> },
  agent: Agent,
  consumptionUrl: string,
  apiKey: string,
  deadlineMs: number,
): Promise<void> {
  const attempt = redirectedAttempt(consumptionUrl, apiKey, { body: inferenceBody, streamed: false });
  while (monotonicMs() < deadlineMs) {
    const sentMs = monotonicMs();
    const problem = await attempt(agent).catch((error: unknown) => `transport ${String(error)}`);
    load.samplesMs.push(monotonicMs() - sentMs);
    if (problem !== undefined) {
      const key = problem.split(': ')[0] ?? problem;
      load.failed.set(key, (load.failed.get(key) ?? 0) + 1);
    }
  }
}

// ---- one process count ---------------------------------------------------------------------------

interface Figures {
  processes: number;
  orders: ReturnType<typeof summarise> & { refused: Map<string, number> };
  inference: ReturnType<typeof summarise> & { failed: Map<string, number> };
  delivery: { p50: number; p99: number; samples: number; missed: number; trades: number };
  mktCpuMs: number;
  clientCpuMs: number;
  postgres: PostgresFigures;
  elapsedMs: number;
}

async function measure(
  cluster: Awaited<ReturnType<typeof startThrowawayPostgres>>,
  upstreamUrl: string,
  processes: number,
): Promise<Figures> {
  const url = await cluster.createDatabase(`bench_scale_${processes}_${Date.now()}`);
  const db = openDatabase(url);
  const served: Mkt[] = [];
  const children: ChildProcess[] = [];
  const scratch = mkdtempSync(`${tmpdir()}/bench-scale-`);
  try {
    await migrateLatest(db);
    const traders = await seedTraders(db, tradersCount, {
      prefix: `scale${processes}`,
      usd: '1000000.00',
      unitsPerInstrument: 1_000_000,
    });
    const apiKeys = await seedConsumers(db, upstreamUrl, consumersCount);
    const markets = ((await db('markets').orderBy('id').select('id')) as { id: string }[]).map((m) => m.id);
    // Process p owns markets p, p + processes, …; unpartitioned, every process trades them all.
    const shares = Array.from({ length: processes }, (_, p) =>
      partitioned ? markets.filter((_, i) => i % processes === p) : markets,
    );
    const profileDirectory = values['cpu-prof'] && `${values['cpu-prof']}/${processes}`;
    const nodeFlags = profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [];
    for (let i = 0; i < processes; i += 1)
      served.push(await startMkt(url, nodeFlags, partitioned ? { MKT_MARKETS: shares[i]!.join(',') } : {}));
    children.push(
      ...(await connectSubscribers(
        served.map((m) => m.tradingUrl),
        markets[0]!,
        subscribersTotal,
      )),
    );
    const agents = served.map(() => new Agent({ keepAlive: true, maxSockets: orderClients + inferenceClients }));
    const orders: OrderLoad = { samplesMs: [], refused: new Map(), watchedAcks: new Map() };
    const inference = { samplesMs: [] as number[], failed: new Map<string, number>() };
    const mktCpuBefore = served.map((s) => processCpuMs(s.pid));
    const clientCpuBefore = process.cpuUsage();
    const watch = await watchPostgres(url);
    const started = monotonicMs();
    const deadline = started + durationMs;
    await Promise.all([
      ...Array.from({ length: orderClients }, (_, k) =>
        orderWorker(
          orders,
          agents[k % processes]!,
          new URL(served[k % processes]!.tradingUrl),
          traders,
          shares[k % processes]!,
          markets[0]!,
          deadline,
        ),
      ),
      ...Array.from({ length: inferenceClients }, (_, k) =>
        inferenceWorker(
          inference,
          agents[k % processes]!,
          served[k % processes]!.consumptionUrl,
          apiKeys[k % apiKeys.length]!,
          deadline,
        ),
      ),
    ]);
    const elapsedMs = monotonicMs() - started;
    const postgres = await watch.stop();
    const mktCpuMs = served.reduce((sum, s, i) => sum + processCpuMs(s.pid) - mktCpuBefore[i]!, 0);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const delivered = await deliveries(db, children, markets[0]!, orders.watchedAcks, scratch);
    const sortedDelivery = [...delivered.samplesMs].sort((a, b) => a - b);
    return {
      processes,
      orders: { ...summarise(orders.samplesMs, elapsedMs), refused: orders.refused },
      inference: { ...summarise(inference.samplesMs, elapsedMs), failed: inference.failed },
      delivery: {
        p50: percentile(sortedDelivery, 50),
        p99: percentile(sortedDelivery, 99),
        samples: sortedDelivery.length,
        missed: delivered.missed,
        trades: delivered.trades,
      },
      mktCpuMs,
      clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
      postgres,
      elapsedMs,
    };
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'close' } satisfies ToSubscribers);
    await Promise.all(served.map((s) => s.stop()));
    await db.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// ---- printing ------------------------------------------------------------------------------------

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const codes = (counts: Map<string, number>) =>
  counts.size === 0 ? 'none' : [...counts].map(([code, n]) => `${code} ×${n}`).join(', ');

/** The component that used the most of the machine's cores, and whether the machine itself was full. */
function saturation(f: Figures): string {
  const cores = cpus().length;
  const used = {
    'the mkt processes (Node: signature checks, validation, JSON, the pipeline)': f.mktCpuMs / f.elapsedMs,
    'PostgreSQL (commits, NOTIFY, the lock of each market)': f.postgres.cpuMs / f.elapsedMs,
    'the load generator and subscribers in this process': f.clientCpuMs / f.elapsedMs,
  };
  const ours = Object.values(used).reduce((a, b) => a + b, 0);
  const [first] = Object.entries(used).sort((a, b) => b[1] - a[1]);
  const locks = f.postgres.samplesWithLockWaits / Math.max(1, f.postgres.samples);
  const busy = f.postgres.machineBusyCores;
  const machine =
    busy >= cores * 0.85
      ? `the machine's ${cores} cores first (${fixed(busy, 2)} of ${cores} busy, ${fixed(ours, 2)} of them this benchmark's and its servers'); among ours, `
      : '';
  return (
    `${machine}${first?.[0] ?? '?'} at ${fixed(first?.[1] ?? NaN, 2)} cores` +
    (locks > 0.5 ? `; lock waits in ${fixed(locks * 100, 0)}% of samples` : '')
  );
}

function report(f: Figures): void {
  const pg = f.postgres;
  const seconds = f.elapsedMs / 1000;
  console.log(`\n${f.processes} × mkt serve (${fixed(seconds)} s):`);
  console.log(
    `  orders      ${fixed(f.orders.perSecond)}/s, p50 ${fixed(f.orders.p50, 2)} ms, p99 ${fixed(f.orders.p99, 2)} ms ` +
      `(${f.orders.count}; not 201: ${codes(f.orders.refused)})`,
  );
  console.log(
    `  inference   ${fixed(f.inference.perSecond)}/s, p50 ${fixed(f.inference.p50, 2)} ms, p99 ${fixed(f.inference.p99, 2)} ms ` +
      `(${f.inference.count}; failed: ${codes(f.inference.failed)})`,
  );
  console.log(
    `  streams     new_trade delivery from the taker's 201: p50 ${fixed(f.delivery.p50, 2)} ms, p99 ${fixed(f.delivery.p99, 2)} ms ` +
      `(${f.delivery.samples} deliveries of ${f.delivery.trades} trades to ${subscribersTotal} subscribers; missed ${f.delivery.missed})`,
  );
  console.log(
    `  CPU         mkt processes ${fixed(f.mktCpuMs / f.elapsedMs, 2)} cores, PostgreSQL ${fixed(pg.cpuMs / f.elapsedMs, 2)} cores, ` +
      `client ${fixed(f.clientCpuMs / f.elapsedMs, 2)} cores; mkt CPU per request ${fixed((f.mktCpuMs * 1000) / Math.max(1, f.orders.count + f.inference.count), 0)} µs, ` +
      `PostgreSQL CPU per request ${fixed((pg.cpuMs * 1000) / Math.max(1, f.orders.count + f.inference.count), 0)} µs`,
  );
  console.log(
    `  locks       backends waiting on a lock: mean ${fixed(pg.lockWaitingMean, 2)}, max ${pg.lockWaitingMax}; ` +
      `ungranted locks mean ${fixed(pg.ungrantedMean, 2)}, max ${pg.ungrantedMax} (${pg.samples} samples, ${pg.samplesWithLockWaits} with waits; ungranted by type: ${codes(pg.ungrantedByType)})`,
  );
  console.log(
    `  NOTIFY      ${fixed(pg.notifications / (pg.elapsedMs / 1000))}/s heard by one LISTEN client (${pg.notifications})`,
  );
  console.log(`  saturates   ${saturation(f)}`);
}

/** Each process's profile, by self time (the whole run, start-up and seeding's catch-up included). */
function printProfiles(directory: string): void {
  for (const file of readdirSync(directory).filter((f) => f.endsWith('.cpuprofile')))
    console.log(`  profile ${file}:\n${summariseProfile(`${directory}/${file}`, 12)}`);
}

async function main(): Promise<void> {
  console.log(
    `bench-scale: ${processCounts.join(', ')} × mkt serve on one PostgreSQL; ${orderClients} order clients over nine markets, ` +
      `${partitioned ? 'markets shared out over the processes (MKT_MARKETS), each order sent to its owner' : 'every process trading every market'}; ` +
      `${inferenceClients} inference clients as ${consumersCount} consumer${consumersCount === 1 ? '' : 's'}, ${subscribersTotal} stream subscribers on the first market, split evenly over the processes; ` +
      `${values.duration} s each. Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} ` +
      `at start (shared with other work: compare figures within one run). Node ${process.version}.`,
  );
  const cluster = await startThrowawayPostgres();
  await keepStatisticsCurrent(cluster.url('postgres'));
  const upstream = await startSimulatorServer({ id: 'bench-scale-instant', timeToFirstTokenMs: 0 });
  try {
    for (const processes of processCounts) {
      report(await measure(cluster, upstream.url, processes));
      if (values['cpu-prof']) printProfiles(`${values['cpu-prof']}/${processes}`);
    }
  } finally {
    await upstream.close();
    await cluster.stop();
  }
}

await main();
