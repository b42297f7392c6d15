/**
 * Fan-out of the live streams (issue 13, "Measure"): N WebSocket subscribers on one market's
 * `market.book` and `market.trades` while signed limit orders arrive over HTTP at a fixed rate; the
 * latency from each order's acknowledgement (its 201 arriving at the client) to each event's
 * arrival at each subscriber, whether any subscriber missed an event, and the server's memory per
 * connection. Figures are printed, never asserted.
 *
 *   npm run build && node dist/scripts/bench-streams.js [--database sqlite|postgres] [--subscribers 1000] [--rate 200]
 *     [--duration 10] [--processes 1|2] [--rounds N] [--vsn 2.0.0|1.0.0] [--client-processes 1] [--traders 16]
 *     [--band 20] [--warmup 200] [--cpu-prof] [--floor on|off] [--reference on|off] [--streams host|worker]
 *
 * How it measures (also printed with the figures):
 * - Orders are sent one at a time (`--in-flight 1`), each due at start + k / rate (a late one goes
 *   as soon as the one before it is answered), so each order commits in a batch of its own and
 *   makes exactly one `book_update`: the update of sequence base + k is the k-th order's, and its
 *   latency is counted from that order's 201. The script checks that the market's book version
 *   moved by exactly the number of orders, and measures no book latency if not. The achieved rate
 *   is printed: where one order takes longer than 1 / rate, `--in-flight 2` keeps the rate, and
 *   then only the trades' latencies are measured (every update's delivery is still checked).
 * - A `new_trade` is the trade of its taker order (trades.taker_order_id, read from the database
 *   afterwards): its latency is counted from that order's 201. An event may beat the 201 to the
 *   client (both leave the server after the commit), so a latency may be negative.
 * - The subscribers live in `--client-processes` processes of their own (scripts/bench/stream-subscribers.ts);
 *   every timestamp is process.hrtime (CLOCK_MONOTONIC), one clock for all processes of the machine.
 *   Their CPU is printed: a client that is busy all the time adds its own queueing to the figures.
 * - `--processes 2` (PostgreSQL) starts two `mkt serve` processes on one database. Orders always go
 *   to process 1; the rounds alternate the subscribers between process 2 (events cross processes by
 *   NOTIFY/LISTEN) and process 1 (the process that committed; on PostgreSQL it hears its own events
 *   through LISTEN too), and print both.
 *
 * The server allows 50 stream sockets per remote address (src/streams/limits.ts): subscribers
 * connect from 127.0.0.2, 127.0.0.3, … (40 each), which Linux routes over loopback.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateLatest, openDatabase, type Db } from '../src/db/knex.js';
import { mainThreadCpuMs, processCpuMs } from './bench/cpu.js';
import { summariseProfile } from './bench/cpuprofile.js';
import { positive } from './bench/seed.js';
import { serveHost, type Served } from './bench/serve.js';
import { percentile } from './bench/stats.js';
import { measureFanoutFloor } from './bench/stream-floor.js';
import type { FromSubscribers, SubscriberStats, ToSubscribers } from './bench/stream-subscribers.js';
import {
  monotonicMs,
  openFilesLimit,
  seedTraders,
  send,
  signatureHeaders,
  type SeededTrader,
} from './bench/traders.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    subscribers: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    processes: { type: 'string', default: '1' },
    rounds: { type: 'string' },
    vsn: { type: 'string', default: '2.0.0' },
    'client-processes': { type: 'string', default: '1' },
    traders: { type: 'string', default: '16' },
    /** Limit prices are 0.5000 ± band ticks: a narrow band, so that about half the orders cross. */
    band: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '200' },
    'in-flight': { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
    /** `on`: measure the fan-out's floor on this machine after the rounds (scripts/bench/stream-floor.ts); `off`: not. */
    floor: { type: 'string', default: 'on' },
    /**
     * `on`: a round without subscribers first, the same orders: what the orders cost alone (CPU, throughput), so that
     * the fan-out's own CPU is the rounds' less it; `off`: not.
     */
    reference: { type: 'string', default: 'on' },
    /**
     * `host`: the subscribers connect to the trading host's own socket, in the thread that matches the orders;
     * `worker`: to the streams worker's port (MKT_STREAMS_PORT), whose thread does the fan-out.
     */
    streams: { type: 'string', default: 'host' },
  },
});
const database = values.database;
if (database !== 'sqlite' && database !== 'postgres')
  throw new Error(`--database is sqlite or postgres, got ${database}`);
const vsn = values.vsn as '1.0.0' | '2.0.0';
if (vsn !== '1.0.0' && vsn !== '2.0.0') throw new Error(`--vsn is 1.0.0 or 2.0.0, got ${values.vsn}`);
/** 0: orders alone, the reference for what the subscribers cost the order path (throughput, CPU). */
let subscribersCount = Number(values.subscribers);
if (!Number.isSafeInteger(subscribersCount) || subscribersCount < 0)
  throw new Error(`--subscribers is a whole number, got ${values.subscribers}`);
const rate = positive(values.rate, 'rate');
const durationS = positive(values.duration, 'duration');
const processes = positive(values.processes, 'processes');
if (processes > 2) throw new Error('--processes is 1 or 2');
if (processes > 1 && database !== 'postgres')
  throw new Error(
    '--processes 2 needs --database postgres: SQLite scales out no further than one process (DESIGN.md §8)',
  );
const streamsIn = values.streams;
if (streamsIn !== 'host' && streamsIn !== 'worker') throw new Error(`--streams is host or worker, got ${streamsIn}`);
const rounds = values.rounds === undefined ? processes : positive(values.rounds, 'rounds');
const inFlight = positive(values['in-flight'], 'in-flight');
const clientProcesses = positive(values['client-processes'], 'client-processes');
const tradersCount = positive(values.traders, 'traders');
const bandTicks = positive(values.band, 'band');
const warmupOrders = Number(values.warmup);
if (!Number.isSafeInteger(warmupOrders) || warmupOrders < 0)
  throw new Error(`--warmup is a whole number of orders, got ${values.warmup}`);
const midTicks = 5000;
const perAddress = 40;
const orderRate = { MKT_ORDER_RATE_PER_SECOND: '1000000', MKT_ORDER_BURST: '1000000' };
const subscribersScript = fileURLToPath(new URL('./bench/stream-subscribers.js', import.meta.url));

// ---- open files: every subscriber is a socket in the client, and one in the server -------------

/** Sockets a process may need beyond its subscribers: database pool, listeners, stdio, libraries. */
const fdHeadroom = 256;
const fdLimit = openFilesLimit();
const notes: string[] = [];
if (fdLimit !== undefined) {
  // The server inherits this limit, and holds one socket per subscriber too; the client's sockets are split over its processes.
  const most = Math.max(0, fdLimit - fdHeadroom);
  if (subscribersCount > most) {
    const message =
      `the open-files limit (ulimit -n) is ${fdLimit}: ${subscribersCount} subscribers need at least ${subscribersCount + fdHeadroom} ` +
      `(one socket each in the server and in the client, plus ${fdHeadroom} for the database, stdio and the rest). ` +
      `Node cannot raise it; run \`ulimit -n ${2 * subscribersCount + 100}\` in this shell first (or raise the hard limit in /etc/security/limits.conf). ` +
      `Going on with ${most} subscribers.`;
    console.error(`bench-streams: ${message}`);
    notes.push(message);
    subscribersCount = most;
    if (subscribersCount === 0) process.exit(2);
  }
}
const addressesNeeded = Math.ceil(subscribersCount / perAddress);
if (addressesNeeded > 250)
  throw new Error(
    `--subscribers ${subscribersCount} needs ${addressesNeeded} loopback addresses of 250 (${perAddress} each)`,
  );

// ---- orders -------------------------------------------------------------------------------------

const formatTicks = (ticks: number): string =>
  `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;
const randomInt = (low: number, high: number): number => low + Math.floor(Math.random() * (high - low + 1));
let ordersMade = 0;

function randomOrder(marketId: string): string {
  ordersMade += 1;
  return JSON.stringify({
    client_order_id: `bench-streams-${process.pid}-${ordersMade}`,
    market_id: marketId,
    side: Math.random() < 0.5 ? 'buy' : 'sell',
    type: 'limit',
    price: formatTicks(midTicks + randomInt(-bandTicks, bandTicks)),
    quantity: randomInt(1, 5),
  });
}

interface Acked {
  orderId: string;
  ackMs: number;
  /** From sending the request to its 201 arriving. */
  latencyMs: number;
}

interface OrdersRun {
  acked: Acked[];
  refused: Map<string, number>;
  elapsedMs: number;
}

/**
 * `count` orders, the k-th due at start + k / rate, at most `inFlight` at a time: a late one goes as
 * soon as one before it is answered. With one in flight, each order commits in a batch of its own.
 */
async function sendOrders(
  count: number,
  perSecond: number,
  inFlightMax: number,
  agent: Agent,
  baseUrl: URL,
  traders: readonly SeededTrader[],
  marketId: string,
): Promise<OrdersRun> {
  const run: OrdersRun = { acked: [], refused: new Map(), elapsedMs: 0 };
  const intervalMs = 1000 / perSecond;
  const started = monotonicMs();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlightMax }, async () => {
      while (next < count) {
        const k = next;
        next += 1;
        const wait = started + k * intervalMs - monotonicMs();
        if (wait > 0.5) await new Promise((resolve) => setTimeout(resolve, wait));
        const trader = traders[Math.floor(Math.random() * traders.length)]!;
        const body = randomOrder(marketId);
        const sentMs = monotonicMs();
        const reply = await send(
          agent,
          baseUrl,
          'POST',
          '/v1/orders',
          signatureHeaders(trader, 'POST', '/v1/orders', body),
          body,
        );
        if (reply.status === 201) {
          run.acked.push({
            orderId: (JSON.parse(reply.text) as { data: { order_id: string } }).data.order_id,
            ackMs: reply.arrivedMs,
            latencyMs: reply.arrivedMs - sentMs,
          });
        } else {
          const key = `${reply.status} ${reply.text.slice(0, 200)}`;
          run.refused.set(key, (run.refused.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  run.elapsedMs = monotonicMs() - started;
  return run;
}

/** Where the subscribers connect: the streams worker's port with `--streams worker`, else the trading host. */
function streamsUrlOf(served: Served): string {
  if (streamsIn === 'host') return served.url;
  if (served.streamsUrl === undefined) throw new Error('--streams worker: mkt serve printed no streams URL');
  return served.streamsUrl;
}

// ---- the subscriber processes -------------------------------------------------------------------

class SubscriberProcess {
  private readonly waiting = new Map<string, (message: FromSubscribers) => void>();
  readonly exited: Promise<void>;

  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromSubscribers) => {
      const waiter = this.waiting.get(message.type);
      this.waiting.delete(message.type);
      waiter?.(message);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static start(): SubscriberProcess {
    return new SubscriberProcess(
      fork(subscribersScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' }),
    );
  }

  ask<T extends FromSubscribers['type']>(
    message: ToSubscribers,
    answer: T,
  ): Promise<Extract<FromSubscribers, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.waiting.set(answer, resolve as (m: FromSubscribers) => void);
      this.child.once('exit', (code) =>
        reject(new Error(`the subscriber process exited ${code} before answering ${message.type}`)),
      );
      this.child.send(message);
    });
  }

  async close(): Promise<void> {
    if (this.child.connected) this.child.send({ type: 'close' } satisfies ToSubscribers);
    await this.exited;
  }
}

// ---- measuring ----------------------------------------------------------------------------------

const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bookVersion = async (db: Db, marketId: string): Promise<number> =>
  Number(
    ((await db('market_books').where('market_id', marketId).first('version')) as { version: number | string }).version,
  );

interface Round {
  index: number;
  placement: 'same' | 'cross' | 'one';
  /** The same events, from the order's request being sent instead of its 201 arriving. */
  fromSend: number[];
  bookSamples: number[];
  tradeSamples: number[];
  stats: SubscriberStats[];
  orders: OrdersRun;
  trades: number;
  bookUpdates: number;
  versionMoved: number;
  drained: boolean;
  drainMs: number;
  connectMs: number;
  opened: number;
  failed: string[];
  rssBefore: number;
  rssConnected: number;
  rssAfter: number;
  serverCpuMs: number[];
  /** Of serverCpuMs, the main thread's: the one that matches the orders (and, without --streams worker, fans out). */
  mainThreadCpuMs: number[];
}

async function measureRound(
  db: Db,
  served: readonly Served[],
  host: number,
  agent: Agent,
  traders: readonly SeededTrader[],
  marketId: string,
  scratch: string,
  roundIndex: number,
  subscribers: number,
): Promise<Round> {
  const hostPid = served[host]!.child.pid!;
  const rssBefore = rssMb(hostPid);
  const clients = Array.from({ length: clientProcesses }, () => SubscriberProcess.start());
  const share = (i: number) => Math.floor(subscribers / clientProcesses) + (i < subscribers % clientProcesses ? 1 : 0);
  const connectStarted = monotonicMs();
  let firstAddress = 2;
  const connected = await Promise.all(
    clients.map((client, i) => {
      const count = share(i);
      const from = firstAddress;
      firstAddress += Math.ceil(count / perAddress);
      return client.ask(
        {
          type: 'connect',
          url: streamsUrlOf(served[host]!),
          count,
          vsn,
          marketId,
          firstAddress: from,
          perAddress,
          parallel: 50,
        },
        'connected',
      );
    }),
  );
  const connectMs = monotonicMs() - connectStarted;
  await sleep(1000);
  const rssConnected = rssMb(hostPid);

  const base = await bookVersion(db, marketId);
  const cpuBefore = served.map((s) => processCpuMs(s.child.pid!));
  const mainBefore = served.map((s) => mainThreadCpuMs(s.child.pid!));
  const orders = await sendOrders(rate * durationS, rate, inFlight, agent, new URL(served[0]!.url), traders, marketId);
  const serverCpuMs = served.map((s, i) => processCpuMs(s.child.pid!) - cpuBefore[i]!);
  const mainCpuMs = served.map((s, i) => mainThreadCpuMs(s.child.pid!) - mainBefore[i]!);
  const final = await bookVersion(db, marketId);

  const ackOf = new Map(orders.acked.map((a) => [a.orderId, a.ackMs]));
  const trades = (await db('trades')
    .where('market_id', marketId)
    .whereIn('taker_order_id', [...ackOf.keys()])
    .select('id', 'taker_order_id')) as { id: string; taker_order_id: string }[];
  const drainStarted = monotonicMs();
  const drained = await Promise.all(
    clients.map((c) =>
      c.ask({ type: 'drain', finalSequence: final, trades: trades.length, timeoutMs: 15_000 }, 'drained'),
    ),
  );
  const drainMs = monotonicMs() - drainStarted;

  // One order in flight, so one per batch: the update of sequence base + k + 1 is the k-th
  // acknowledged order's. With more in flight a batch may hold several, and the update's order is
  // not known: its delivery is still checked, its latency is not measured (ack NaN).
  const book: [number, number][] = [];
  for (let sequence = base + 1; sequence <= final; sequence += 1) {
    const order =
      inFlight === 1 && final - base === orders.acked.length ? orders.acked[sequence - base - 1] : undefined;
    book.push([sequence, order?.ackMs ?? NaN]);
  }
  const sentOf = new Map(orders.acked.map((a) => [a.orderId, a.ackMs - a.latencyMs]));
  const sentByAck = new Map(orders.acked.map((a) => [a.ackMs, a.ackMs - a.latencyMs]));
  const tradeAcks: [string, number][] = trades.map((t) => [t.id, ackOf.get(t.taker_order_id)!]);
  const tradeSends: [string, number][] = trades.map((t) => [t.id, sentOf.get(t.taker_order_id)!]);
  const bookSends: [number, number][] = book.map(([sequence, ackMs]) => [
    sequence,
    Number.isNaN(ackMs) ? NaN : sentByAck.get(ackMs)!,
  ]);
  const bookSamples: number[] = [];
  const tradeSamples: number[] = [];
  const fromSend: number[] = [];
  const stats: SubscriberStats[] = [];
  for (const [i, client] of clients.entries()) {
    const samplesFile = join(scratch, `samples-${roundIndex}-${i}.f64`);
    const read = () => {
      const bytes = readFileSync(samplesFile);
      return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    };
    const { stats: s } = await client.ask({ type: 'collect', book, trades: tradeAcks, samplesFile }, 'collected');
    const samples = read();
    for (let k = 0; k < s.bookSamples; k += 1) bookSamples.push(samples[k]!);
    for (let k = s.bookSamples; k < samples.length; k += 1) tradeSamples.push(samples[k]!);
    stats.push(s);
    await client.ask({ type: 'collect', book: bookSends, trades: tradeSends, samplesFile }, 'collected');
    for (const sample of read()) fromSend.push(sample);
  }
  const rssAfter = rssMb(hostPid);
  await Promise.all(clients.map((c) => c.close()));
  await sleep(500);
  return {
    index: roundIndex,
    placement: processes === 1 ? 'one' : host === 0 ? 'same' : 'cross',
    bookSamples,
    tradeSamples,
    fromSend,
    stats,
    orders,
    trades: trades.length,
    bookUpdates: book.length,
    versionMoved: final - base,
    drained: drained.every((d) => d.complete),
    drainMs,
    connectMs,
    opened: connected.reduce((n, c) => n + c.opened, 0),
    failed: connected.flatMap((c) => c.failed),
    rssBefore,
    rssConnected,
    rssAfter,
    serverCpuMs,
    mainThreadCpuMs: mainCpuMs,
  };
}

// ---- printing -----------------------------------------------------------------------------------

const ms = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(2));
function latencies(name: string, samples: number[]): string {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  return `${name} p50 ${ms(percentile(list, 50))} ms, p99 ${ms(percentile(list, 99))} ms, max ${ms(list.at(-1) ?? NaN)} ms (${list.length} samples)`;
}

const placementText = {
  one: 'subscribers and orders on the one process',
  same: 'subscribers on process 1, which takes the orders (same process)',
  cross: 'subscribers on process 2, orders to process 1 (crossing processes)',
};

function roundLines(round: Round, title: string): string[] {
  const sum = (f: (s: SubscriberStats) => number) => round.stats.reduce((n, s) => n + f(s), 0);
  const closes = round.stats.flatMap((s) => s.closed);
  const orderLatency = round.orders.acked.map((a) => a.latencyMs).sort((a, b) => a - b);
  const clientCpu = sum((s) => s.clientCpuMs);
  const clientElapsed = Math.max(...round.stats.map((s) => s.clientElapsedMs));
  const elapsedS = round.orders.elapsedMs / 1000;
  const perConnectionKb = ((round.rssConnected - round.rssBefore) * 1024) / round.opened;
  const events = round.bookUpdates + round.trades;
  const subscriberEvents = Math.max(1, round.opened * events);
  const percentOf = (cpuMs: number) => `${((cpuMs / round.orders.elapsedMs) * 100).toFixed(0)}%`;
  return [
    `  ${title}: ${placementText[round.placement]}`,
    `    latency    ${latencies('all', [...round.bookSamples, ...round.tradeSamples])}`,
    `               ${latencies('book_update', round.bookSamples)}; ${latencies('new_trade', round.tradeSamples)}`,
    `    from send  ${latencies('all', round.fromSend)}`,
    `    delivery   ${round.opened} subscribers${round.failed.length ? ` (${round.failed.length} failed to connect: ${round.failed.join('; ')})` : ''}, each expected ${round.stats[0]?.expectedPerSubscriber ?? 0} events ` +
      `(${round.bookUpdates} book updates, ${round.trades} trades), received ${Math.min(...round.stats.map((s) => s.receivedMin))}–${Math.max(...round.stats.map((s) => s.receivedMax))}; ` +
      `missed ${sum((s) => s.missed)} (by ${sum((s) => s.subscribersMissing)} subscribers${round.drained ? '' : '; not arrived by the end of the wait, which is late or lost'}), sequence gaps ${sum((s) => s.gaps)}, unexpected ${sum((s) => s.unexpected)}, ` +
      `${round.drained ? `all in within ${round.drainMs.toFixed(0)} ms after the last ack` : `NOT all in ${round.drainMs.toFixed(0)} ms after the last ack`}` +
      `${closes.length ? `; closed by the server: ${closes.map((c) => `${c.count}× ${c.code} ${c.reason}`).join(', ')}` : ''}`,
    `    orders     ${round.orders.acked.length} acknowledged in ${elapsedS.toFixed(2)} s (${(round.orders.acked.length / elapsedS).toFixed(0)}/s of ${rate}/s asked), ` +
      `POST p50 ${ms(percentile(orderLatency, 50))} ms, p99 ${ms(percentile(orderLatency, 99))} ms; refused ${[...round.orders.refused].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none'}; ` +
      `book version moved ${round.versionMoved}${round.versionMoved === round.orders.acked.length ? ' (one update per order, as assumed)' : ` — NOT one per order (${round.orders.acked.length}): book latencies are attributed wrongly`}`,
    `    memory     server RSS ${round.rssBefore.toFixed(0)} MB before connecting, ${round.rssConnected.toFixed(0)} MB with the subscribers (${perConnectionKb.toFixed(1)} KB per connection${round.index > 0 ? '; after an earlier round the heap may have room already: the first round is the figure' : ''}), ${round.rssAfter.toFixed(0)} MB after the run; connecting took ${(round.connectMs / 1000).toFixed(1)} s`,
    `    CPU        server ${round.serverCpuMs.map((c, i) => `process ${i + 1} ${percentOf(c)} (main thread ${percentOf(round.mainThreadCpuMs[i] ?? 0)})`).join(', ')} of one core over the orders; ` +
      `subscriber client${clientProcesses > 1 ? `s (${clientProcesses} processes)` : ''} ${((clientCpu / clientElapsed) * 100).toFixed(0)}%, ${sum((s) => s.framesReceived)} frames`,
    `    per event  server CPU ${round.serverCpuMs.map((c, i) => `process ${i + 1} ${((c * 1000) / subscriberEvents).toFixed(1)} µs`).join(', ')} per subscriber-event ` +
      `(${subscriberEvents} = ${round.opened} subscribers × ${events} events; the orders' own CPU included: compare with a run of --subscribers 1)`,
  ];
}

/** Bytes a subscriber gets per batch, about: a book_update (~200) and, for about half the orders, a new_trade (~330). */
const floorFrameBytes = 360;

/**
 * The floor of the same fan-out on this machine, now: one write of a ready-made frame per socket per batch, as many
 * sockets as subscribers, batches as far apart as the orders; and this run's first round against it.
 */
async function floorLines(round: Round | undefined, reference: Round | undefined): Promise<string[]> {
  if (!round || round.opened === 0 || round.orders.acked.length === 0) return [];
  const batches = Math.min(round.orders.acked.length, 200);
  const floor = await measureFanoutFloor(round.opened, batches, 1000 / rate, floorFrameBytes);
  const perWriteUs = ((floor.cpuUserMs + floor.cpuSystemMs) * 1000) / floor.writes;
  const eventsPerBatch = (round.bookUpdates + round.trades) / round.orders.acked.length;
  const floorPerEventUs = perWriteUs / eventsPerBatch;
  const host = round.placement === 'cross' ? 1 : 0;
  const serverPerEventUs =
    ((round.serverCpuMs[host] ?? 0) * 1000) / Math.max(1, round.opened * eventsPerBatch * round.orders.acked.length);
  return [
    `  floor      ${floor.sockets} loopback sockets, one write of a ${floorFrameBytes}-byte frame to each per batch, ${batches} batches ${(1000 / rate).toFixed(1)} ms apart (scripts/bench/stream-floor.ts): ` +
      `${perWriteUs.toFixed(2)} µs CPU per write (user ${((floor.cpuUserMs * 1000) / floor.writes).toFixed(2)}, system ${((floor.cpuSystemMs * 1000) / floor.writes).toFixed(2)}); ` +
      `at round 1's ${eventsPerBatch.toFixed(2)} events per batch, ${floorPerEventUs.toFixed(2)} µs per subscriber-event. ` +
      `Round 1's server (subscribers' process, orders included): ${serverPerEventUs.toFixed(2)} µs per subscriber-event, ${(serverPerEventUs / floorPerEventUs).toFixed(2)}× the floor`,
    ...fanoutAloneLines(round, reference, host, floorPerEventUs),
  ];
}

/** Round 1 less the round without subscribers (its CPU per order, times round 1's orders): the fan-out's own CPU. */
function fanoutAloneLines(round: Round, reference: Round | undefined, host: number, floorPerEventUs: number): string[] {
  if (!reference || reference.orders.acked.length === 0) return [];
  const ordersCpuMs = ((reference.serverCpuMs[host] ?? 0) * round.orders.acked.length) / reference.orders.acked.length;
  const subscriberEvents = Math.max(1, round.opened * (round.bookUpdates + round.trades));
  const aloneUs = (((round.serverCpuMs[host] ?? 0) - ordersCpuMs) * 1000) / subscriberEvents;
  return [
    `  fan-out    round 1 less the orders' own CPU (the round without subscribers, per order): ${aloneUs.toFixed(2)} µs per subscriber-event, ${(aloneUs / floorPerEventUs).toFixed(2)}× the floor`,
  ];
}

/** The round without subscribers: the orders alone, and each round's throughput against it. */
function referenceLines(reference: Round, results: readonly Round[]): string[] {
  const perSecond = (r: Round) => r.orders.acked.length / (r.orders.elapsedMs / 1000);
  const latency = (r: Round) => r.orders.acked.map((a) => a.latencyMs).sort((a, b) => a - b);
  return [
    `  reference  no subscriber, the same orders: ${reference.orders.acked.length} acknowledged, ${perSecond(reference).toFixed(0)}/s of ${rate}/s asked, POST p50 ${ms(percentile(latency(reference), 50))} ms, p99 ${ms(percentile(latency(reference), 99))} ms; ` +
      `server CPU ${reference.serverCpuMs.map((c, i) => `process ${i + 1} ${(c / reference.orders.acked.length).toFixed(2)} ms`).join(', ')} per order`,
    `  throughput ${results.map((r, i) => `round ${i + 1} ${(perSecond(r) / perSecond(reference)).toFixed(2)}×`).join(', ')} the orders/s without subscribers`,
  ];
}

// ---- the run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'mkt-bench-streams-'));
  const postgres = database === 'postgres' ? await startThrowawayPostgres() : undefined;
  const databaseUrl = postgres
    ? await postgres.createDatabase('bench_streams')
    : `sqlite:${join(scratch, 'bench.sqlite')}`;
  const profileDirectory = values['cpu-prof'] ? join(tmpdir(), `mkt-bench-streams-profile-${Date.now()}`) : undefined;
  const served: Served[] = [];
  const db = openDatabase(databaseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const loadBefore = loadavg()[0]!;
  try {
    await migrateLatest(db);
    const traders = await seedTraders(db, tradersCount, {
      prefix: 'bench-streams',
      usd: '1000000.00',
      unitsPerInstrument: 1_000_000,
    });
    if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
    for (let i = 0; i < processes; i += 1)
      served.push(
        await serveHost(
          'trading',
          { DATABASE_URL: databaseUrl, ...orderRate, ...(streamsIn === 'worker' ? { MKT_STREAMS_PORT: '0' } : {}) },
          profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [],
        ),
      );
    const baseUrl = new URL(served[0]!.url);
    const listed = await send(
      agent,
      baseUrl,
      'GET',
      '/v1/markets',
      signatureHeaders(traders[0]!, 'GET', '/v1/markets', ''),
      '',
    );
    if (listed.status !== 200) throw new Error(`GET /v1/markets answered ${listed.status}: ${listed.text}`);
    const markets = (
      JSON.parse(listed.text) as { data: { market_id: string; name: string; instrument_symbol: string }[] }
    ).data;
    const market = markets.find((m) => m.name === 'text-standard') ?? markets[0]!;

    // Warm-up, nobody subscribed: the server's JIT, the connection pools, a book to trade against.
    const warm = await sendOrders(warmupOrders, 1000, inFlight, agent, baseUrl, traders, market.market_id);
    if (warm.refused.size > 0)
      throw new Error(`warm-up orders refused: ${[...warm.refused].map(([k, n]) => `${n}× ${k}`).join(', ')}`);

    const reference =
      values.reference === 'on' && subscribersCount > 0
        ? await measureRound(db, served, 0, agent, traders, market.market_id, scratch, -1, 0)
        : undefined;
    const results: Round[] = [];
    for (let r = 0; r < rounds; r += 1) {
      const host = processes === 2 && r % 2 === 0 ? 1 : 0;
      results.push(
        await measureRound(db, served, host, agent, traders, market.market_id, scratch, r, subscribersCount),
      );
      console.error(`round ${r + 1} of ${rounds} done`);
    }

    const lines = [
      `Stream fan-out on ${database}: ${subscribersCount} subscribers (vsn ${vsn}) on ${market.name}'s market.book and market.trades, ` +
        `limit orders at ${rate}/s for ${durationS} s a round, ${rounds} round${rounds === 1 ? '' : 's'}, ${processes} mkt serve --only trading process${processes === 1 ? '' : 'es'}, ` +
        `the socket ${streamsIn === 'worker' ? "on the streams worker's port (MKT_STREAMS_PORT)" : "on the trading host's thread"}`,
      `  measured   per subscriber and event: arrival (ws message callback in the subscriber process) minus the arrival of the 201 of the order that caused it,`,
      `             both on CLOCK_MONOTONIC. book_update of sequence base+k ↔ the k-th order (one order in flight, so one batch and one update each${inFlight === 1 ? '' : ` NOT measured with --in-flight ${inFlight}`});`,
      `             new_trade ↔ its taker order (trades.taker_order_id). Negative: the event beat the 201. "all" is both kinds together.`,
      `             "from send": the same events from the order's request being sent (an upper bound of commit to arrival, the order's own time included).`,
    ];
    for (const [i, round] of results.entries()) lines.push(...roundLines(round, `round ${i + 1}`));
    if (processes === 2) {
      for (const placement of ['same', 'cross'] as const) {
        const of = results.filter((r) => r.placement === placement);
        lines.push(
          `  ${placement === 'same' ? 'same process ' : 'across       '}from ack: ${latencies(
            'all',
            of.flatMap((r) => [...r.bookSamples, ...r.tradeSamples]),
          )}; from send: ${latencies(
            'all',
            of.flatMap((r) => r.fromSend),
          )} (${of.length} round${of.length === 1 ? '' : 's'})`,
        );
      }
    }
    if (reference) lines.push(...referenceLines(reference, results));
    if (values.floor !== 'off') lines.push(...(await floorLines(results[0], reference)));
    lines.push(
      `  settings   ${tradersCount} traders, buy/sell 50/50, 1–5 Units, limit ${formatTicks(midTicks - bandTicks)}–${formatTicks(midTicks + bandTicks)}, ${warmupOrders} warm-up orders before the first round; ` +
        `subscribers in ${clientProcesses} process${clientProcesses === 1 ? '' : 'es'}, ${perAddress} per loopback address (the server allows 50 per address); order rate limit raised to ${orderRate.MKT_ORDER_RATE_PER_SECOND}/s${profileDirectory ? '; servers with --cpu-prof' : ''}`,
      `  machine    ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; server${processes === 1 ? '' : 's'}, ${database === 'postgres' ? 'PostgreSQL, ' : ''}subscribers and order client share it; ` +
        `open-files limit ${fdLimit ?? '?'}; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
      ...notes.map((n) => `  NOTE       ${n}`),
    );
    console.log(lines.join('\n'));
  } finally {
    agent.destroy();
    for (const server of served) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await db.destroy();
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  if (profileDirectory)
    for (const file of readdirSync(profileDirectory).filter((f) => f.endsWith('.cpuprofile')))
      console.log(summariseProfile(join(profileDirectory, file), 12));
}

await main();
