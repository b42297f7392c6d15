/**
 * Throughput and latency of signed order placement over HTTP, end to end: a real `mkt serve --only
 * trading` process on a fresh database, seeded traders, and `--concurrency` clients on the same
 * machine sending signed POST /v1/orders that trade with each other.
 *
 *   npm run build && node dist/scripts/bench-orders.js --database sqlite|postgres --orders 20000 --concurrency 16
 *     [--traders 16] [--market all|<market_id>|<symbol>|<model-name>] [--warmup 300] [--band 200]
 *     [--resting N] [--rounds 2] [--processes N] [--cpu-prof] [--skip-audit] [--replica]
 *
 * The floor runs in the same run, in a process of its own (scripts/bench/orders-floor.ts): a bare
 * node:http server that verifies the same signed requests with node:crypto and inserts one row
 * each into better-sqlite3, or with --database postgres through pg into the same cluster. The measured orders are split into `--rounds` rounds, each the floor
 * then mkt, so a machine that drifts over minutes weighs on both alike; the ratios are mkt's
 * throughput and CPU per order against the floor's.
 *
 * `--resting N` seeds N resting orders (none crossing the traded band) into the first chosen
 * market before the server starts. With other markets chosen too, they take the traffic, and the
 * deep market one order sent as the measured run starts: the server loads that book while the
 * others trade, and their p99 shows whether they waited for it.
 *
 * `--processes N` (PostgreSQL) starts N `mkt serve` processes on the one database. Each round then
 * also measures them side by side, after the one-process run: the chosen markets dealt out among
 * them (disjoint), each process with its own `--concurrency`/N clients on its own markets. It prints
 * each process's throughput and p99, their total, and the total against the one process's (the
 * first of them, trading every market with all the clients, in the same round).
 *
 * `--replica` (PostgreSQL) runs the cluster with a streaming standby and serves with DATABASE_READ_URL on it: every
 * order then also writes its trader's read fence (src/db/read-replica.ts), the cost a replica adds to a write.
 */
import { send } from './bench/traders.js';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import nacl from 'tweetnacl';
import { migrateLatest, openDatabase, type Db } from '../src/db/knex.js';
import { auditLedger } from '../src/ledger/audit.js';
import { deposit } from '../src/ledger/funds.js';
import { systemClock } from '../src/lib/clock.js';
import { parseDecimal, usdScale } from '../src/lib/money.js';
import { createUser, registerSigningKey } from '../src/core/identity.js';
import { runChild, spawnChild, type ChildServer } from './bench/child.js';
import { processCpuMs } from './bench/cpu.js';
import { postgresCpuCounter } from './bench/postgres-probes.js';
import { startOrdersFloor, type FloorKey, type FloorStore } from './bench/orders-floor.js';
import { floorRatioLine } from './bench/orders-report.js';
import { giveUnits, positive, seedRestingOrders } from './bench/seed.js';
import { serveHost, type Served } from './bench/serve.js';
import { summarise } from './bench/stats.js';
import { summariseProfile } from './bench/cpuprofile.js';
import { keepStatisticsCurrent } from './bench/postgres-settings.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    orders: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '16' },
    traders: { type: 'string', default: '16' },
    market: { type: 'string', default: 'all' },
    warmup: { type: 'string', default: '300' },
    /** Limit prices are 0.5000 ± band ticks (0.0001 each); ±40% at most, inside the ±50% collar. */
    band: { type: 'string', default: '200' },
    resting: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '2' },
    processes: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
    'skip-audit': { type: 'boolean', default: false },
    replica: { type: 'boolean', default: false },
    /** Internal: run only the orders floor with this JSON configuration, print its URL, stay up until stdin closes. */
    'floor-child': { type: 'string' },
  },
});
const database = values.database;
if (database !== 'sqlite' && database !== 'postgres')
  throw new Error(`--database is sqlite or postgres, got ${database}`);
const ordersTotal = positive(values.orders, 'orders');
const concurrency = positive(values.concurrency, 'concurrency');
const tradersCount = positive(values.traders, 'traders');
const warmupOrders = Number(values.warmup);
if (!Number.isSafeInteger(warmupOrders) || warmupOrders < 0)
  throw new Error(`--warmup is a whole number of orders, got ${values.warmup}`);
const midTicks = 5000;
const bandTicks = Number(values.band);
if (!Number.isInteger(bandTicks) || bandTicks < 0 || bandTicks > midTicks * 0.4)
  throw new Error(`--band is 0..${midTicks * 0.4} ticks, got ${values.band}`);

const restingOrders = Number(values.resting);
if (!Number.isSafeInteger(restingOrders) || restingOrders < 0)
  throw new Error(`--resting is a whole number of orders, got ${values.resting}`);
const rounds = positive(values.rounds, 'rounds');
const processes = positive(values.processes, 'processes');
if (processes > 1 && database !== 'postgres')
  throw new Error(
    '--processes above 1 needs --database postgres: SQLite scales out no further than one process (DESIGN.md §8)',
  );

const usdPerTrader = '1000000.00';
const unitsPerTraderAndInstrument = 1_000_000;
const orderRate = { MKT_ORDER_RATE_PER_SECOND: '1000000', MKT_ORDER_BURST: '1000000' };

// ---- seeding, straight through the library, before the server starts --------------------------

interface Trader {
  userId: string;
  fingerprint: string;
  /** Raw public key, base64 (what the floor verifies with). */
  publicKey: string;
  privateKey: KeyObject;
  seed: Buffer;
}

async function seedTraders(db: Db, count: number): Promise<Trader[]> {
  const instruments = ((await db('instruments').select('id')) as { id: string }[]).map((r) => r.id);
  const traders: Trader[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await createUser(db, systemClock, {
      email: `bench-trader-${i}@example.com`,
      verified: true,
      acceptTerms: true,
      mode: 'advanced',
    });
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    // The raw keys are the last 32 bytes of the SPKI and PKCS#8 encodings.
    const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
    const signing = await registerSigningKey(db, systemClock, user.id, 'bench', rawPublic.toString('base64'));
    await db.transaction((trx) =>
      deposit(trx, {
        userId: user.id,
        usdMicros: parseDecimal(usdPerTrader, usdScale)!,
        source: 'deposit',
        nowUs: systemClock.nowUs(),
      }),
    );
    for (const instrumentId of instruments) await giveUnits(db, user.id, instrumentId, unitsPerTraderAndInstrument);
    traders.push({
      userId: user.id,
      fingerprint: signing.fingerprint,
      publicKey: rawPublic.toString('base64'),
      privateKey: createPrivateKey({ key: Buffer.concat([pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' }),
      seed,
    });
  }
  return traders;
}

const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

const serverCpuMs = processCpuMs;
/** The PostgreSQL cluster's CPU so far (postgres-probes.ts), set once the cluster runs; none on SQLite. */
let postgresCpu: () => number = () => 0;

// ---- the server ----------------------------------------------------------------------------------

// ---- the client ----------------------------------------------------------------------------------

function signatureHeaders(
  trader: Trader,
  method: string,
  path: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = sign(null, Buffer.from(`${timestamp}${method}${path}${body}`), trader.privateKey).toString(
    'base64',
  );
  return {
    'x-mkt-signature': signature,
    'x-mkt-timestamp': String(timestamp),
    'x-mkt-fingerprint': trader.fingerprint,
  };
}

/** tweetnacl (what clients use) signs ~100/s; node:crypto makes the same deterministic Ed25519 signature much faster. */
function checkSignerAgreesWithTweetnacl(trader: Trader): void {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = '{"probe":true}';
  const pair = nacl.sign.keyPair.fromSeed(trader.seed);
  const expected = Buffer.from(
    nacl.sign.detached(Buffer.from(`${timestamp}POST/v1/orders${body}`), pair.secretKey),
  ).toString('base64');
  if (signatureHeaders(trader, 'POST', '/v1/orders', body, timestamp)['x-mkt-signature'] !== expected)
    throw new Error('node:crypto and tweetnacl signatures differ');
  const publicFromCrypto = createPublicKey(trader.privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  if (!publicFromCrypto.equals(Buffer.from(pair.publicKey)))
    throw new Error('node:crypto and tweetnacl derive different public keys');
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomInt = (low: number, high: number): number => low + Math.floor(Math.random() * (high - low + 1));

function formatTicks(ticks: number): string {
  return `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;
}

let ordersMade = 0;

/**
 * A random limit order: buy or sell, 1–5 Units, 0.5000 ± band; both sides overlap, so many cross.
 * Each carries its own client_order_id: two identical orders of one trader in one second would have
 * one signature, and the second would be refused as a replay (DESIGN.md §9).
 */
function randomOrder(marketIds: readonly string[]): string {
  ordersMade += 1;
  return JSON.stringify({
    client_order_id: `bench-${process.pid}-${ordersMade}`,
    market_id: pick(marketIds),
    side: Math.random() < 0.5 ? 'buy' : 'sell',
    type: 'limit',
    price: formatTicks(midTicks + randomInt(-bandTicks, bandTicks)),
    quantity: randomInt(1, 5),
  });
}

interface PhaseResult {
  samplesMs: number[];
  elapsedMs: number;
  statuses: Map<number, number>;
  errors: Map<string, { count: number; example: string }>;
}

async function runPhase(
  count: number,
  agent: Agent,
  baseUrls: readonly URL[],
  traders: readonly Trader[],
  marketIds: readonly string[],
  clients: number = concurrency,
): Promise<PhaseResult> {
  const result: PhaseResult = { samplesMs: [], elapsedMs: 0, statuses: new Map(), errors: new Map() };
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (issued < count) {
        const baseUrl = baseUrls[issued % baseUrls.length]!;
        issued += 1;
        const trader = pick(traders);
        const body = randomOrder(marketIds);
        const sentAt = performance.now();
        const reply = await send(
          agent,
          baseUrl,
          'POST',
          '/v1/orders',
          signatureHeaders(trader, 'POST', '/v1/orders', body),
          body,
        );
        result.samplesMs.push(performance.now() - sentAt);
        result.statuses.set(reply.status, (result.statuses.get(reply.status) ?? 0) + 1);
        if (reply.status !== 201) {
          const key = `${reply.status} ${/"code"\s*:\s*"([^"]+)"/.exec(reply.text)?.[1] ?? '?'}`;
          const seen = result.errors.get(key) ?? { count: 0, example: reply.text.slice(0, 400) };
          seen.count += 1;
          result.errors.set(key, seen);
        }
      }
    }),
  );
  result.elapsedMs = performance.now() - started;
  return result;
}

/** One limit buy of 1 Unit at the mid into `marketId`: its latency and status. */
async function timeOneOrder(
  agent: Agent,
  baseUrl: URL,
  trader: Trader,
  marketId: string,
): Promise<{ ms: number; status: number }> {
  const body = JSON.stringify({
    client_order_id: `bench-probe-${process.pid}`,
    market_id: marketId,
    side: 'buy',
    type: 'limit',
    price: formatTicks(midTicks),
    quantity: 1,
  });
  const started = performance.now();
  const reply = await send(
    agent,
    baseUrl,
    'POST',
    '/v1/orders',
    signatureHeaders(trader, 'POST', '/v1/orders', body),
    body,
  );
  return { ms: performance.now() - started, status: reply.status };
}

async function countRows(db: Db, table: string, marketIds: readonly string[]): Promise<number> {
  const row = (await db(table).whereIn('market_id', marketIds).count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

// ---- the run -------------------------------------------------------------------------------------

/** The market the deep book goes into: the first chosen one, read from the database before the server starts. */
async function seedDeepBook(db: Db, traders: readonly Trader[]): Promise<string> {
  const markets = (await db('markets')
    .join('instruments', 'instruments.id', 'markets.instrument_id')
    .orderBy('markets.id')
    .select(
      'markets.id as market_id',
      'instruments.id as instrument_id',
      'instruments.symbol',
      'instruments.model_name',
      'instruments.fee_ppm',
    )) as {
    market_id: string;
    instrument_id: string;
    symbol: string;
    model_name: string;
    fee_ppm: number;
  }[];
  const market =
    values.market === 'all'
      ? markets[0]
      : markets.find((m) => [m.market_id, m.symbol, m.symbol.toLowerCase(), m.model_name].includes(values.market));
  if (!market) throw new Error(`--market ${values.market} names no market`);
  const started = performance.now();
  await seedRestingOrders(
    db,
    traders.map((t) => t.userId),
    { marketId: market.market_id, instrumentId: market.instrument_id, feePpm: market.fee_ppm },
    restingOrders,
    midTicks - bandTicks - 1,
    midTicks + bandTicks + 1,
  );
  console.error(
    `seeded ${restingOrders} resting orders into ${market.symbol} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return market.market_id;
}

interface Measured {
  samplesMs: number[];
  elapsedMs: number;
  cpuMs: number;
  /** The PostgreSQL cluster's CPU meanwhile (all its processes; 0 on SQLite). */
  postgresCpuMs: number;
  statuses: Map<number, number>;
  errors: PhaseResult['errors'];
}

const emptyMeasured = (): Measured => ({
  samplesMs: [],
  elapsedMs: 0,
  cpuMs: 0,
  postgresCpuMs: 0,
  statuses: new Map(),
  errors: new Map(),
});

function add(into: Measured, phase: PhaseResult, cpuMs: number, postgresCpuMs = 0): void {
  into.samplesMs.push(...phase.samplesMs);
  into.elapsedMs += phase.elapsedMs;
  into.cpuMs += cpuMs;
  into.postgresCpuMs += postgresCpuMs;
  for (const [status, n] of phase.statuses) into.statuses.set(status, (into.statuses.get(status) ?? 0) + n);
  for (const [key, seen] of phase.errors) {
    const known = into.errors.get(key);
    if (known) known.count += seen.count;
    else into.errors.set(key, { ...seen });
  }
}

async function measure(
  into: Measured,
  count: number,
  agent: Agent,
  baseUrls: readonly URL[],
  pids: readonly number[],
  traders: readonly Trader[],
  marketIds: readonly string[],
  clients: number = concurrency,
): Promise<void> {
  const cpuOf = () => pids.reduce((sum, pid) => sum + serverCpuMs(pid), 0);
  const cpuBefore = cpuOf();
  const postgresBefore = postgresCpu();
  const phase = await runPhase(count, agent, baseUrls, traders, marketIds, clients);
  add(into, phase, cpuOf() - cpuBefore, postgresCpu() - postgresBefore);
}

/** One process of a side-by-side run: its URL and pid, the markets it alone trades, what it measured. */
interface SplitPart {
  url: URL;
  pid: number;
  marketIds: readonly string[];
  measured: Measured;
}

/** The markets dealt out among `processes` processes, one at a time: disjoint, none left empty. */
function dealMarkets(marketIds: readonly string[], count: number): string[][] {
  if (marketIds.length < count) throw new Error(`--processes ${count} needs at least ${count} markets`);
  const groups: string[][] = Array.from({ length: count }, () => []);
  marketIds.forEach((id, i) => groups[i % count]!.push(id));
  return groups;
}

/**
 * `count` orders over the processes side by side, each on its own markets with its share of the
 * clients; `total` takes the wall time of the whole and every part's samples and CPU.
 */
async function measureSplit(
  total: Measured,
  parts: readonly SplitPart[],
  count: number,
  agent: Agent,
  traders: readonly Trader[],
): Promise<void> {
  const started = performance.now();
  const postgresBefore = postgresCpu();
  await Promise.all(
    parts.map((part) =>
      measure(
        part.measured,
        Math.ceil(count / parts.length),
        agent,
        [part.url],
        [part.pid],
        traders,
        part.marketIds,
        Math.max(1, Math.floor(concurrency / parts.length)),
      ),
    ),
  );
  const elapsedMs = performance.now() - started;
  // Each part counted the whole cluster's CPU: only the total's count, taken once around them all, stands.
  for (const part of parts) part.measured.postgresCpuMs = 0;
  const combined = emptyMeasured();
  for (const part of parts) add(combined, { ...part.measured, samplesMs: [] }, 0);
  total.elapsedMs += elapsedMs;
  total.samplesMs = parts.flatMap((part) => part.measured.samplesMs);
  total.cpuMs = parts.reduce((sum, part) => sum + part.measured.cpuMs, 0);
  total.postgresCpuMs += postgresCpu() - postgresBefore;
  total.statuses = combined.statuses;
  total.errors = combined.errors;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'mkt-bench-orders-'));
  const postgres = database === 'postgres' ? await startThrowawayPostgres({ standby: values.replica }) : undefined;
  if (postgres) await keepStatisticsCurrent(postgres.url('postgres'));
  const databaseUrl = postgres
    ? await postgres.createDatabase('bench_orders')
    : `sqlite:${join(scratch, 'bench.sqlite')}`;
  await postgres?.standby?.caughtUp(); // the replica has the database before mkt checks it at start
  if (postgres) postgresCpu = await postgresCpuCounter(databaseUrl);
  const readUrl: Record<string, string> = postgres?.standby
    ? { DATABASE_READ_URL: postgres.standby.url('bench_orders') }
    : {};
  const profileDirectory = values['cpu-prof'] ? join(tmpdir(), `mkt-bench-orders-profile-${Date.now()}`) : undefined;
  const served: Served[] = [];
  let floor: ChildServer | undefined;
  const db = openDatabase(databaseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const floorAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const loadBefore = loadavg()[0]!;

  try {
    await migrateLatest(db);
    const seedStarted = performance.now();
    const traders = await seedTraders(db, tradersCount);
    const seedMs = performance.now() - seedStarted;
    checkSignerAgreesWithTweetnacl(traders[0]!);
    const deepMarketId = restingOrders > 0 ? await seedDeepBook(db, traders) : undefined;

    const floorConfig = join(scratch, 'floor.json');
    // The floor stores into the database kind mkt does: on PostgreSQL, a database of its own in the same cluster.
    const store: FloorStore = postgres
      ? { postgres: await postgres.createDatabase('bench_orders_floor') }
      : { sqlite: join(scratch, 'floor.sqlite') };
    writeFileSync(
      floorConfig,
      JSON.stringify({ store, keys: traders.map((t) => ({ fingerprint: t.fingerprint, publicKey: t.publicKey })) }),
    );
    floor = await spawnChild(fileURLToPath(import.meta.url), 'floor', ['--floor-child', floorConfig]);
    const floorUrl = new URL(floor.url);

    // Node 20 refuses --cpu-prof in NODE_OPTIONS: it goes on the child's command line.
    if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
    for (let i = 0; i < processes; i += 1)
      served.push(
        await serveHost(
          'trading',
          { DATABASE_URL: databaseUrl, ...readUrl, ...orderRate },
          profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [],
        ),
      );
    const baseUrls = served.map((s) => new URL(s.url));
    const baseUrl = baseUrls[0]!;
    const pids = served.map((s) => s.child.pid!);

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
    const chosen =
      values.market === 'all'
        ? markets
        : markets.filter((m) =>
            [m.market_id, m.instrument_symbol, m.instrument_symbol.toLowerCase(), m.name].includes(values.market),
          );
    if (chosen.length === 0)
      throw new Error(`--market ${values.market} names none of ${markets.map((m) => m.instrument_symbol).join(', ')}`);
    // With a deep book and other markets, the others take the traffic and the deep market one
    // order, sent as the measured run starts: the book loads while the others trade.
    const deepProbe =
      deepMarketId !== undefined && chosen.length > 1 && chosen.some((m) => m.market_id === deepMarketId);
    const marketIds = chosen.map((m) => m.market_id).filter((id) => !deepProbe || id !== deepMarketId);

    const split: SplitPart[] =
      processes > 1
        ? dealMarkets(marketIds, processes).map((ids, i) => ({
            url: baseUrls[i]!,
            pid: pids[i]!,
            marketIds: ids,
            measured: emptyMeasured(),
          }))
        : [];
    const warm = emptyMeasured();
    await measure(warm, warmupOrders, agent, [baseUrl], [pids[0]!], traders, marketIds);
    if (split.length > 0) {
      await measureSplit(emptyMeasured(), split, warmupOrders, agent, traders);
      for (const part of split) part.measured = emptyMeasured();
    }
    await measure(emptyMeasured(), warmupOrders, floorAgent, [floorUrl], [floor.pid], traders, marketIds);
    const tradesBefore = await countRows(db, 'trades', marketIds);
    const mkt = emptyMeasured();
    const bare = emptyMeasured();
    const sideBySide = emptyMeasured();
    let probeResult: { ms: number; status: number } | undefined;
    for (let round = 0; round < rounds; round += 1) {
      const count = Math.ceil(ordersTotal / rounds);
      await measure(bare, count, floorAgent, [floorUrl], [floor.pid], traders, marketIds);
      const probe = deepProbe && round === 0 ? timeOneOrder(agent, baseUrl, traders[0]!, deepMarketId!) : undefined;
      await measure(mkt, count, agent, [baseUrl], [pids[0]!], traders, marketIds);
      if (probe) probeResult = await probe;
      if (split.length > 0) await measureSplit(sideBySide, split, count, agent, traders);
    }
    const tradesAfter = await countRows(db, 'trades', marketIds);
    const restingAfter = (await db('orders')
      .whereIn('market_id', marketIds)
      .andWhere('remaining_quantity', '>', 0)
      .count({ n: '*' })
      .first()) as { n: number | string };

    const m = summarise(mkt.samplesMs, mkt.elapsedMs);
    const b = summarise(bare.samplesMs, bare.elapsedMs);
    const cpuPerOrder = (x: Measured, count: number) => (x.cpuMs * 1000) / count;
    const line = (name: string, s: typeof m, x: Measured) =>
      `  ${name.padEnd(10)} ${s.perSecond.toFixed(0).padStart(5)} orders/s, p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms, ` +
      `server CPU ${cpuPerOrder(x, s.count).toFixed(0)} µs per order${x.postgresCpuMs > 0 ? ` and PostgreSQL's ${((x.postgresCpuMs * 1000) / s.count).toFixed(0)} µs` : ''} (${s.count} orders, ${(x.elapsedMs / 1000).toFixed(2)} s)`;
    const withPostgres = (x: Measured, count: number) => ((x.cpuMs + x.postgresCpuMs) * 1000) / count;
    console.log(
      [
        `POST /v1/orders (signed Ed25519, limit gtc) on ${database}: ${m.count} orders each way in ${rounds} round${rounds === 1 ? '' : 's'} (floor, then mkt), concurrency ${concurrency}`,
        line('mkt', m, mkt),
        ...splitLines(split, sideBySide, m.perSecond, line),
        line('floor', b, bare),
        floorRatioLine({ mkt, bare }, { m, b }, cpuPerOrder(mkt, m.count) / cpuPerOrder(bare, b.count)),
        ...(database === 'postgres'
          ? [
              `  with PG    CPU per order of the server and PostgreSQL together: ${withPostgres(mkt, m.count).toFixed(0)} µs against the floor's ${withPostgres(bare, b.count).toFixed(0)} µs, ` +
                `${(withPostgres(mkt, m.count) / withPostgres(bare, b.count)).toFixed(2)}× (the cluster's every process, from /proc)`,
            ]
          : []),
        `  floor      a bare node:http server verifying the same signed requests with node:crypto and inserting one row each ${database === 'postgres' ? 'through a pg pool into a database of the same PostgreSQL cluster (one prepared INSERT)' : 'into better-sqlite3 (WAL, synchronous=NORMAL)'}, in its own process (scripts/bench/orders-floor.ts)`,
        ...(probeResult
          ? [
              `  deep book  the first order in the market of ${restingOrders} resting orders (its book loads meanwhile) took ${probeResult.ms.toFixed(0)} ms (status ${probeResult.status}); the ${marketIds.length} other markets' figures above were measured meanwhile`,
            ]
          : []),
        `  trades     ${tradesAfter - tradesBefore} made in the measured run (${tradesAfter} in all); ${Number(restingAfter.n)} orders resting at the end${restingOrders > 0 ? ` (${restingOrders} seeded)` : ''}`,
        `  statuses   ${[...mkt.statuses].map(([status, n]) => `${status}×${n}`).join(', ')}; floor ${[...bare.statuses].map(([status, n]) => `${status}×${n}`).join(', ')}; warm-up ${[...warm.statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`,
        `  settings   ${tradersCount} traders (Advanced Mode, ${usdPerTrader} USD and ${unitsPerTraderAndInstrument} Units of each instrument each), ` +
          `${marketIds.length} market${marketIds.length === 1 ? '' : 's'} (${values.market}), buy/sell 50/50, 1–5 Units, limit ${formatTicks(midTicks - bandTicks)}–${formatTicks(midTicks + bandTicks)}, ` +
          `${warmupOrders} warm-up orders each not measured, seeding took ${(seedMs / 1000).toFixed(1)} s`,
        `  server     ${processes} × mkt serve --only trading${processes > 1 ? ' (mkt above: the first alone, every market, all the clients)' : ''}, MKT_SIMULATED_SUPPLIER=off, order rate limit raised to ${orderRate.MKT_ORDER_RATE_PER_SECOND}/s burst ${orderRate.MKT_ORDER_BURST} ` +
          `(the default 10/s, burst 20 per user and market would throttle the benchmark)${profileDirectory ? ', with --cpu-prof' : ''}`,
        `  machine    ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; clients and servers share it; ` +
          `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after${loadBefore > 0.5 ? ' (the machine was busy before the run: numbers may be low)' : ''}`,
      ].join('\n'),
    );
    const errors = [...warm.errors, ...mkt.errors, ...sideBySide.errors, ...bare.errors];
    if (errors.length > 0) {
      console.log('  ERRORS (every answer but 201):');
      for (const [key, { count, example }] of errors) console.log(`    ${key} ×${count}: ${example}`);
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    floorAgent.destroy();
    await floor?.close();
    for (const server of served) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }

  try {
    if (!values['skip-audit']) {
      const failures = await auditLedger(db);
      console.log(
        `  audit      ${failures.length === 0 ? 'clean' : `${failures.length} failures, first: ${JSON.stringify(failures.slice(0, 3))}`}`,
      );
      if (failures.length > 0) process.exitCode = 1;
    }
    if (profileDirectory) {
      for (const file of readdirSync(profileDirectory).filter((f) => f.endsWith('.cpuprofile')))
        console.log(summariseProfile(join(profileDirectory, file), 10));
    }
  } finally {
    await db.destroy();
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The side-by-side run's lines: each process, then the total against the one process. */
function splitLines(
  parts: readonly SplitPart[],
  total: Measured,
  onePerSecond: number,
  line: (name: string, s: ReturnType<typeof summarise>, x: Measured) => string,
): string[] {
  if (parts.length === 0) return [];
  const whole = summarise(total.samplesMs, total.elapsedMs);
  return [
    ...parts.map((part, i) => {
      const own = summarise(part.measured.samplesMs, part.measured.elapsedMs);
      return `${line(`proc ${i + 1}`, own, part.measured)}, ${part.marketIds.length} markets`;
    }),
    line(`${parts.length} procs`, whole, total),
    `  scaling    ${parts.length} processes side by side on disjoint markets: ${(whole.perSecond / onePerSecond).toFixed(2)}× one process's throughput (target for two ≥ 1.6), statuses ${[...total.statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`,
  ];
}

if (values['floor-child']) {
  const config = JSON.parse(readFileSync(values['floor-child'], 'utf8')) as { store: FloorStore; keys: FloorKey[] };
  runChild('floor', await startOrdersFloor(config.store, config.keys));
} else {
  await main();
}
