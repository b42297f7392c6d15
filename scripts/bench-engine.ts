/**
 * The matching engine alone, on one core: operations per second, p50 and p99, on a mix like
 * exchange-core's (about 9% GTC, 3% IOC, 6% cancel, 82% amend) over about `--resting` orders (1,000 unless
 * told), resting up to 50 ticks from the middle, or deeper for deeper books (about 100 orders a level).
 *
 *   npm run build && node dist/scripts/bench-engine.js [--operations 2000000] [--resting 1000] [--seed 42]
 */
import { parseArgs } from 'node:util';
import { FastOrderBook, type AmendCommand, type PlaceCommand } from '../src/engine/index.js';
import { summarise } from './bench/stats.js';
import { seededRandom } from '../src/lib/seeded-random.js';

const { values } = parseArgs({
  options: {
    operations: { type: 'string', default: '2000000' },
    resting: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '42' },
  },
});
const operations = Number(values.operations);
const restingTarget = Number(values.resting);
/** Passive orders rest this many ticks deep at most: 50 for a book of 1,000, wider for deeper books (~100 a level). */
const spreadTicks = Math.max(50, Math.ceil(restingTarget / 100));

type Command =
  | { kind: 'place'; command: PlaceCommand }
  | { kind: 'cancel'; orderId: string; traderId: string }
  | { kind: 'amend'; command: AmendCommand };

/** Builds the command stream against a scratch book, so every cancel and amend names a live order. */
function generate(count: number, seed: number): { warmup: Command[]; measured: Command[] } {
  const random = seededRandom(seed);
  const book = new FastOrderBook();
  const live: string[] = [];
  const owner = new Map<string, string>();
  const midTicks = 10_000;
  let sequence = 0;
  const commands: Command[] = [];
  const newOrder = (timeInForce: 'gtc' | 'ioc'): PlaceCommand => {
    const side = random() < 0.5 ? 'buy' : 'sell';
    const traderId = `t${Math.floor(random() * 100)}`;
    // GTC mostly rests near the spread, and is aggressive often enough (and IOC always) to take
    // what the other GTCs add, so the book stays near its target size.
    const aggressive = timeInForce === 'ioc' || book.restingCount(side === 'buy' ? 'sell' : 'buy') > restingTarget / 2;
    const offset = aggressive ? -Math.floor(random() * 5) : 1 + Math.floor(random() * spreadTicks);
    const priceTicks = side === 'buy' ? midTicks - offset : midTicks + offset;
    const quantity = aggressive ? 10 + Math.floor(random() * 40) : 1 + Math.floor(random() * 20);
    return { orderId: `o${(sequence += 1)}`, traderId, side, type: 'limit', priceTicks, quantity, timeInForce };
  };
  // Swap with the last instead of splicing: a splice of a 100,000-order list made generating the deep stream O(n²).
  const dropLive = (index: number) => {
    live[index] = live[live.length - 1]!;
    live.pop();
  };
  const apply = (command: Command) => {
    commands.push(command);
    if (command.kind === 'place') {
      const result = book.place(command.command);
      if (result.code === 'ok' && result.restingQuantity > 0) {
        live.push(command.command.orderId);
        owner.set(command.command.orderId, command.command.traderId);
      }
    } else if (command.kind === 'cancel') book.cancel(command.orderId, command.traderId);
    else book.amend(command.command);
    // Drop orders that left the book (filled by IOCs or crossing amends).
    for (let i = live.length - 1; i >= 0 && i >= live.length - 8; i -= 1) if (!book.order(live[i]!)) dropLive(i);
  };
  const total = count + restingTarget * 2;
  while (commands.length < total) {
    const roll = random();
    if (live.length < restingTarget || roll < 0.09) apply({ kind: 'place', command: newOrder('gtc') });
    else if (roll < 0.12) apply({ kind: 'place', command: newOrder('ioc') });
    else {
      const index = Math.floor(random() * live.length);
      const orderId = live[index]!;
      const current = book.order(orderId);
      if (!current) {
        dropLive(index);
        continue;
      }
      if (roll < 0.18) {
        dropLive(index);
        apply({ kind: 'cancel', orderId, traderId: current.traderId });
      } else {
        const move = random() < 0.5;
        const priceTicks = move
          ? current.priceTicks + (current.side === 'buy' ? -1 : 1) * (random() < 0.5 ? 1 : -1)
          : current.priceTicks;
        apply({
          kind: 'amend',
          command: {
            orderId,
            traderId: current.traderId,
            priceTicks: Math.max(1, priceTicks),
            remaining: 1 + Math.floor(random() * 20),
          },
        });
      }
    }
  }
  return { warmup: commands.slice(0, restingTarget * 2), measured: commands.slice(restingTarget * 2) };
}

function run(book: FastOrderBook, command: Command): void {
  if (command.kind === 'place') book.place(command.command);
  else if (command.kind === 'cancel') book.cancel(command.orderId, command.traderId);
  else book.amend(command.command);
}

const { warmup, measured } = generate(operations, Number(values.seed));
const mix = { place: 0, ioc: 0, cancel: 0, amend: 0 };
for (const c of measured) {
  if (c.kind === 'place') mix[c.command.timeInForce === 'ioc' ? 'ioc' : 'place'] += 1;
  else mix[c.kind] += 1;
}

// Throughput: the whole stream, no per-operation timing.
let book = new FastOrderBook();
for (const c of warmup) run(book, c);
const restingAtStart = book.restingCount('buy') + book.restingCount('sell');
let started = process.hrtime.bigint();
const cpuBefore = process.cpuUsage();
for (const c of measured) run(book, c);
const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
// CPU time holds on a busy machine, where the wall clock also counts the other processes' turns.
const cpu = process.cpuUsage(cpuBefore);
const cpuPerOperationNs = ((cpu.user + cpu.system) * 1000) / measured.length;
const restingAtEnd = book.restingCount('buy') + book.restingCount('sell');

// Latency: the same stream again on a fresh book, each operation timed.
book = new FastOrderBook();
for (const c of warmup) run(book, c);
const samples = new Float64Array(measured.length);
for (let i = 0; i < measured.length; i += 1) {
  started = process.hrtime.bigint();
  run(book, measured[i]!);
  samples[i] = Number(process.hrtime.bigint() - started) / 1e6;
}
const latency = summarise(Array.from(samples), 1);
const percent = (n: number) => ((n / measured.length) * 100).toFixed(1);
console.log(
  `engine: ${measured.length.toLocaleString('en-US')} operations (${percent(mix.place)}% GTC, ${percent(mix.ioc)}% IOC, ${percent(mix.cancel)}% cancel, ${percent(mix.amend)}% amend), ` +
    `${restingAtStart}→${restingAtEnd} resting orders: ${Math.round((measured.length / elapsedMs) * 1000).toLocaleString('en-US')} ops/s, ` +
    `${Math.round(cpuPerOperationNs)} ns CPU per operation, ` +
    `p50 ${(latency.p50 * 1000).toFixed(2)} µs, p99 ${(latency.p99 * 1000).toFixed(2)} µs (per-operation timing adds ~0.05 µs)`,
);
