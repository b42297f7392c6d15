/**
 * Gateway overhead: the same chat completion sent straight to a local instant supplier, through a
 * bare proxy (the floor), through Portkey's gateway (the TypeScript peer) and through mkt
 * (POST /v1/chat/completions → 307 → POST /r/v1/chat/completions, timed as one request, as an
 * OpenAI client experiences it), at a fixed concurrency and at concurrency 1, in one run. Reports
 * p50, p99, throughput and server CPU of each path, and mkt's ratios to the bare proxy and to
 * Portkey. Measures and prints only; the exit code is non-zero only when requests fail.
 *
 *   npm run build && node dist/scripts/bench-gateway.js --requests 5000 --concurrency 16
 *     [--warmup 3000] [--latency-requests 300] [--database sqlite|postgres] [--upstream plain|simulator]
 *     [--simulator child|inline] [--stream] [--rounds 2] [--peers portkey|none] [--cpu-prof] [--consumers 1]
 *
 * The measured requests are split into `--rounds` rounds, each path in turn (direct, bare proxy,
 * Portkey, mkt) at the concurrency, then each at concurrency 1, so a machine that drifts over
 * minutes weighs on all alike. Server CPU is read from /proc for every gateway (the issue's
 * targets: ≥ 0.4× the bare proxy's throughput and ≥ 1.2× Portkey's, ≤ 1 ms CPU per request over
 * both legs, a c=1 added p50 below Portkey's). `--stream` asks for server-sent events with usage.
 *
 * A real `mkt serve --only consumption` process on a fresh database (seeded through the library: a
 * consumer in Advanced Mode with a 1000.00 USD deposit, so 400 concurrency slots, an API key and
 * 2000 Units of text-standard in its consumption account; a supplier whose upstream is the
 * benchmark's upstream). The upstream is by default the plain instant server
 * (scripts/bench/plain-upstream.ts), which costs every gateway alike and little CPU; `--upstream
 * simulator` is mkt's simulator server (timeToFirstTokenMs 0, unpaced), 2–4× the plain server's CPU
 * per request (docs/benchmarks.md, "A fair comparison"). It runs by default in its own child process
 * (this script with --plain-child or --simulator-child), so it shares neither the client's nor mkt's
 * event loop and its CPU is read per path; --simulator inline runs it in the benchmark process. The bare node:http gateway
 * (scripts/bench/bare-gateway.ts) and Portkey's (scripts/bench/portkey-gateway.ts, installed into a
 * temp directory on first use) run in child processes of their own.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSimulatorServer, type SimulatorServer } from '../src/consumption/suppliers/simulator-server.js';
import { migrateLatest, openDatabase, type Db } from '../src/db/knex.js';
import { auditLedger } from '../src/ledger/audit.js';
import { transferToConsumption } from '../src/ledger/consumption.js';
import { deposit } from '../src/ledger/funds.js';
import { systemClock } from '../src/lib/clock.js';
import { parseDecimal, usdScale } from '../src/lib/money.js';
import { createApiKey, createUser } from '../src/core/identity.js';
import { startBareGateway } from './bench/bare-gateway.js';
import { startPlainUpstream, type PlainUpstream } from './bench/plain-upstream.js';
import {
  addPhase,
  directAttempt,
  emptyPhase,
  redirectedAttempt,
  runPhase,
  type Attempt,
  type PhaseResult,
} from './bench/gateway-client.js';
import { portkeyPins, portkeyVersion, startPortkey } from './bench/portkey-gateway.js';
import { runChild, spawnChild as spawnScript, type ChildServer } from './bench/child.js';
import { processCpuMs } from './bench/cpu.js';
import { giveUnits, positive, seedUpstreamSupplier } from './bench/seed.js';
import { serveHost, type Served } from './bench/serve.js';
import { pathLines, targetLines, type ReportedPath } from './bench/gateway-report.js';
import { summariseProfile } from './bench/cpuprofile.js';
import { keepStatisticsCurrent } from './bench/postgres-settings.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '16' },
    /** Per path: Portkey's CPU per request settles only after some 3,000 requests (docs/benchmarks.md). */
    warmup: { type: 'string', default: '3000' },
    /** `plain` (default): scripts/bench/plain-upstream.ts, alike for every gateway; `simulator`: mkt's simulator server. */
    upstream: { type: 'string', default: 'plain' },
    /** Where the upstream runs: `child` (default), its own process; `inline`, the benchmark's. */
    simulator: { type: 'string', default: 'child' },
    stream: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    /** Requests per path at concurrency 1, for the added latency. */
    'latency-requests': { type: 'string', default: '300' },
    /** `portkey` (default): Portkey's gateway as a third path, installed into a temp directory; `none`: without it. */
    peers: { type: 'string', default: 'portkey' },
    'cpu-prof': { type: 'boolean', default: false },
    /**
     * Consumers the through-mkt requests take turns as (default 1: one account's requests, which admission serialises
     * on the account's slot lock); the other paths authenticate nobody.
     */
    consumers: { type: 'string', default: '1' },
    /** Internal: run only the simulator server, print its URL, stay up until stdin closes. */
    'simulator-child': { type: 'boolean', default: false },
    /** Internal: run only the plain upstream, print its URL, stay up until stdin closes. */
    'plain-child': { type: 'boolean', default: false },
    /** Internal: run only the bare gateway in front of this upstream URL, print its URL, stay up until stdin closes. */
    'bare-child': { type: 'string' },
  },
});

const model = 'text-standard';
const streamed = values.stream === true;
const requestBody = JSON.stringify({
  model,
  messages: [{ role: 'user', content: 'Say hello.' }],
  max_tokens: 16,
  ...(streamed ? { stream: true, stream_options: { include_usage: true } } : {}),
});
const depositUsd = '1000.00';
const unitsToConsumption = 2000;

// ---- the upstream (plain or the simulator), in its own process --------------------------------------

type UpstreamKind = 'plain' | 'simulator';

interface Upstream {
  url: string;
  /** Its own process (undefined inline): its CPU is read per path. */
  pid: number | undefined;
  close(): Promise<void>;
}

const startSimulator = () => startSimulatorServer({ id: 'bench-instant', timeToFirstTokenMs: 0 });

async function startUpstream(kind: UpstreamKind, where: 'child' | 'inline'): Promise<Upstream> {
  if (where === 'inline') {
    const served: PlainUpstream | SimulatorServer =
      kind === 'plain' ? await startPlainUpstream() : await startSimulator();
    return { url: served.url, pid: undefined, close: () => served.close() };
  }
  return spawnChild(kind, [`--${kind}-child`]);
}

/** This script in a child-process mode. */
const spawnChild = (name: string, args: string[]): Promise<ChildServer> =>
  spawnScript(fileURLToPath(import.meta.url), name, args);

// ---- seeding, straight through the library, before the server starts --------------------------

/** The consumers (deposit, API key, tokens of text-standard) and the supplier whose upstream is `upstreamUrl`; returns the raw keys. */
async function seed(db: Db, upstreamUrl: string, consumers: number): Promise<string[]> {
  const instrument = (await db('instruments').where('model_name', model).first('id')) as { id: string } | undefined;
  if (!instrument) throw new Error(`no instrument ${model}`);
  const keys: string[] = [];
  for (let n = 0; n < consumers; n += 1) keys.push(await seedConsumer(db, instrument.id, n));
  await seedUpstreamSupplier(db, 'bench-supplier@example.com', instrument.id, upstreamUrl);
  return keys;
}

async function seedConsumer(db: Db, instrumentId: string, n: number): Promise<string> {
  const consumer = await createUser(db, systemClock, {
    email: n === 0 ? 'bench-consumer@example.com' : `bench-consumer-${n}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  await db.transaction((trx) =>
    deposit(trx, {
      userId: consumer.id,
      usdMicros: parseDecimal(depositUsd, usdScale)!,
      source: 'deposit',
      nowUs: systemClock.nowUs(),
    }),
  );
  const { key } = await createApiKey(db, systemClock, consumer.id, 'bench');
  await giveUnits(db, consumer.id, instrumentId, unitsToConsumption);
  await db.transaction((trx) =>
    transferToConsumption(trx, {
      userId: consumer.id,
      instrumentId,
      quantity: unitsToConsumption,
      orderId: null,
      nowUs: systemClock.nowUs(),
    }),
  );
  return key;
}

// ---- the paths ----------------------------------------------------------------------------------

/** One way to the upstream: its requests (the report's figures: bench/gateway-report.ts). */
interface Path extends ReportedPath {
  agent: Agent;
  attempt: Attempt;
}

function pathOf(name: string, concurrency: number, attempt: Attempt, pid: number | undefined): Path {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const cpu = { cpuMs: 0, singleCpuMs: 0, upstreamCpuMs: 0 };
  return { name, agent, attempt, pid, loaded: emptyPhase(), single: emptyPhase(), warmFailures: 0, ...cpu };
}

const cpuOf = (pid: number | undefined) => (pid === undefined ? 0 : processCpuMs(pid));

/**
 * One phase of a path, its server's CPU added to the path's (loaded and c=1 apart: a c=1 request costs more, and
 * the per-request figure divides by the loaded requests only), and the upstream's CPU in loaded phases.
 */
async function measure(path: Path, count: number, concurrency: number, upstreamPid: number | undefined) {
  const loaded = concurrency > 1;
  const [before, upstreamBefore] = [cpuOf(path.pid), cpuOf(upstreamPid)];
  addPhase(loaded ? path.loaded : path.single, await runPhase(count, concurrency, path.agent, path.attempt));
  if (loaded) path.cpuMs += cpuOf(path.pid) - before;
  else path.singleCpuMs += cpuOf(path.pid) - before;
  if (loaded) path.upstreamCpuMs += cpuOf(upstreamPid) - upstreamBefore;
}

/** Warm-up of every path (connections, JIT, caches), then the rounds: every path in turn, loaded then one at a time. */
async function runRounds(paths: Path[], settings: RunSettings, upstreamPid: number | undefined): Promise<PhaseResult> {
  const warm = emptyPhase();
  for (const path of paths) {
    const phase = await runPhase(settings.warmup, settings.concurrency, path.agent, path.attempt);
    path.warmFailures = phase.failures;
    addPhase(warm, phase);
  }
  const perRound = Math.ceil(settings.requests / settings.rounds);
  const singlePerRound = Math.ceil(settings.latencyRequests / settings.rounds);
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const path of paths) await measure(path, perRound, settings.concurrency, upstreamPid);
    for (const path of paths) await measure(path, singlePerRound, 1, upstreamPid);
  }
  return warm;
}

interface UpstreamSettings {
  kind: UpstreamKind;
  where: 'child' | 'inline';
}

function upstreamSettingsOf(): UpstreamSettings {
  const { upstream: kind, simulator: where } = values;
  if (kind !== 'plain' && kind !== 'simulator') throw new Error(`--upstream is plain or simulator, got ${kind}`);
  if (where !== 'child' && where !== 'inline') throw new Error(`--simulator is child or inline, got ${where}`);
  return { kind, where };
}

interface RunSettings {
  requests: number;
  latencyRequests: number;
  concurrency: number;
  rounds: number;
  warmup: number;
}

function settingsOf(): RunSettings {
  const warmup = Number(values.warmup);
  if (!Number.isSafeInteger(warmup) || warmup < 0)
    throw new Error(`--warmup is a whole number of requests, got ${values.warmup}`);
  return {
    requests: positive(values.requests!, 'requests'),
    latencyRequests: positive(values['latency-requests']!, 'latency-requests'),
    concurrency: positive(values.concurrency!, 'concurrency'),
    rounds: positive(values.rounds!, 'rounds'),
    warmup,
  };
}

// ---- the report ----------------------------------------------------------------------------------

function report(
  paths: Path[],
  database: string,
  settings: RunSettings,
  upstream: UpstreamSettings,
  notes: string[],
): void {
  const { concurrency, rounds, warmup } = settings;
  console.log(
    [
      `POST /v1/chat/completions (${model}, ${streamed ? 'streamed' : 'non-streamed'}, max_tokens 16) on ${database}: ${settings.requests} requests per path at concurrency ${concurrency} and ${settings.latencyRequests} at concurrency 1, in ${rounds} round${rounds === 1 ? '' : 's'}`,
      ...pathLines(paths),
      ...targetLines(paths),
      `  floor        a bare node:http gateway (scripts/bench/bare-gateway.ts: the 307 and the forward, no auth, validation or database): what one more Node process on the path costs here`,
      `  peer         Portkey's @portkey-ai/gateway ${portkeyVersion} (${portkeyPins}; scripts/bench/portkey-gateway.ts), passthrough: one request, no 307, no authentication against a database, no billing`,
      `  settings     a through-mkt request is the 307 and the POST to its Location, timed together, on one keep-alive Agent per path ` +
        `(${concurrency} sockets); ${warmup} warm-up requests each way not measured; phases in rounds (each path in turn, loaded, then at c=1); ` +
        `${values.consumers === '1' ? 'consumer' : `${values.consumers} consumers (the through-mkt requests take turns as each)`} in Advanced Mode with a ${depositUsd} USD deposit and ${unitsToConsumption} Units of ${model} in consumption${values.consumers === '1' ? '' : ' each'}`,
      `  supplier     ${upstream.kind === 'plain' ? 'the plain instant server (scripts/bench/plain-upstream.ts)' : 'startSimulatorServer timeToFirstTokenMs 0, unpaced'}, ` +
        `${upstream.where === 'child' ? 'in its own child process' : 'inline, in the benchmark process (shares the client event loop; its CPU is not read)'}`,
      ...notes,
    ].join('\n'),
  );
}

// ---- the run -------------------------------------------------------------------------------------

/** The paths to measure: direct, the bare proxy, Portkey (unless --peers none) and mkt. */
async function startPaths(
  upstreamUrl: string,
  served: Served,
  apiKeys: readonly string[],
  concurrency: number,
  closers: (() => Promise<void>)[],
): Promise<Path[]> {
  const [apiKey] = apiKeys as [string];
  const sent = { body: requestBody, streamed };
  const bare = await spawnChild('bare', ['--bare-child', upstreamUrl]);
  closers.push(() => bare.close());
  const paths = [
    pathOf(
      'direct',
      concurrency,
      directAttempt('direct', new URL(`${upstreamUrl}/chat/completions`), {}, sent),
      undefined,
    ),
    pathOf('bare proxy', concurrency, redirectedAttempt(bare.url, apiKey, sent), bare.pid),
  ];
  if (values.peers !== 'none') {
    const portkey = await startPortkey(upstreamUrl);
    closers.push(() => portkey.close());
    const headers = { ...portkey.headers, authorization: 'Bearer sk-bench' };
    const url = new URL('/v1/chat/completions', portkey.url);
    paths.push(pathOf('portkey', concurrency, directAttempt('portkey', url, headers, sent), portkey.pid));
  }
  const asEach = apiKeys.map((key) => redirectedAttempt(served.url, key, sent));
  let turn = 0;
  const asConsumers: Attempt = (agent) => asEach[(turn += 1) % asEach.length]!(agent);
  paths.push(pathOf('through mkt', concurrency, asConsumers, served.child.pid));
  return paths;
}

/** After the server stopped (it finishes the requests in flight): every answered request is settled, the ledger audits clean. */
async function checkAfter(db: Db, mktAttempted: number): Promise<string[]> {
  const rows = (await db('inference_requests')
    .select('status', 'cost_status')
    .count({ n: '*' })
    .groupBy('status', 'cost_status')) as { status: string; cost_status: string; n: number | string }[];
  const settled = Number(rows.find((r) => r.status === 'succeeded' && r.cost_status === 'settled')?.n ?? 0);
  const breakdown = rows.map((r) => `${r.status}/${r.cost_status}×${Number(r.n)}`).join(', ') || 'none';
  const failures = await auditLedger(db);
  return [
    `  receipts     ${settled} succeeded/settled of ${mktAttempted} through-mkt requests (${settled === mktAttempted ? 'all' : 'MISMATCH'}); inference_requests: ${breakdown}`,
    `  audit        ${failures.length === 0 ? 'clean' : `${failures.length} failures, first: ${JSON.stringify(failures.slice(0, 3))}`}`,
  ];
}

async function main(): Promise<void> {
  const database = values.database;
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error(`--database is sqlite or postgres, got ${database}`);
  const upstreamSettings = upstreamSettingsOf();
  const settings = settingsOf();
  const scratch = mkdtempSync(join(tmpdir(), 'mkt-bench-gateway-'));
  const postgres = database === 'postgres' ? await startThrowawayPostgres() : undefined;
  if (postgres) await keepStatisticsCurrent(postgres.url('postgres'));
  const databaseUrl = postgres
    ? await postgres.createDatabase('bench_gateway')
    : `sqlite:${join(scratch, 'bench.sqlite')}`;
  const profileDirectory = values['cpu-prof'] ? join(tmpdir(), `mkt-bench-gateway-profile-${Date.now()}`) : undefined;
  const db = openDatabase(databaseUrl);
  const closers: (() => Promise<void>)[] = [];
  const loadBefore = loadavg()[0]!;
  let paths: Path[] = [];
  let served: Served | undefined;
  try {
    const upstream = await startUpstream(upstreamSettings.kind, upstreamSettings.where);
    closers.push(() => upstream.close());
    await migrateLatest(db);
    const apiKeys = await seed(db, upstream.url, positive(values.consumers, 'consumers'));
    // Node 20 refuses --cpu-prof in NODE_OPTIONS: it goes on the child's command line.
    if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
    const flags = profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [];
    served = await serveHost('consumption', { DATABASE_URL: databaseUrl }, flags);
    paths = await startPaths(upstream.url, served, apiKeys, settings.concurrency, closers);
    const warm = await runRounds(paths, settings, upstream.pid);
    const machine =
      `  machine      ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; client, gateways and supplier share it; ` +
      `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after${loadBefore > 0.5 ? ' (the machine was busy before the run: numbers may be low)' : ''}`;
    report(paths, database, settings, upstreamSettings, [machine]);
    const errors = [warm, ...paths.flatMap((p) => [p.loaded, p.single])].flatMap((phase) => [...phase.errors]);
    if (errors.length > 0) {
      console.log('  ERRORS (warm-up and measured):');
      for (const [key, { count, example }] of errors.slice(0, 8)) console.log(`    ${key} ×${count}: ${example}`);
      process.exitCode = 1;
    }
  } finally {
    for (const path of paths) path.agent.destroy();
    if (served) {
      served.child.kill('SIGTERM');
      await served.exited;
    }
    for (const close of closers.reverse()) await close();
  }
  try {
    const mkt = paths.find((p) => p.name === 'through mkt');
    const attempted = settings.warmup + (mkt ? mkt.loaded.samplesMs.length + mkt.single.samplesMs.length : 0);
    console.log((await checkAfter(db, attempted)).join('\n'));
    if (profileDirectory) {
      for (const file of readdirSync(profileDirectory).filter((f) => f.endsWith('.cpuprofile')))
        console.log(summariseProfile(join(profileDirectory, file), 15));
    }
  } finally {
    await db.destroy();
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (values['simulator-child']) await runChild('simulator', await startSimulator());
else if (values['plain-child']) await runChild('plain', await startPlainUpstream());
else if (values['bare-child']) await runChild('bare', await startBareGateway(values['bare-child']));
else await main();
