/**
 * Gateway overhead: the same chat completion sent straight to a local instant supplier and through
 * mkt (POST /v1/chat/completions → 307 → POST /r/v1/chat/completions, timed as one request, as an
 * OpenAI client experiences it), at a fixed concurrency, in one run. Reports p50, p99, throughput
 * and server CPU of each path and mkt's ratios to the bare proxy. Measures and prints only; the
 * exit code is non-zero only when requests fail.
 *
 *   npm run build && node dist/scripts/bench-gateway.js --requests 5000 --concurrency 16
 *     [--warmup 500] [--database sqlite|postgres] [--simulator child|inline] [--stream] [--rounds 2] [--cpu-prof]
 *
 * The measured requests are split into `--rounds` rounds, each direct, bare proxy, then mkt, so a
 * machine that drifts over minutes weighs on all alike. Server CPU is read from /proc for mkt and
 * the bare proxy (the issue's targets: ≥ 0.4× the bare proxy's throughput, ≤ 1 ms CPU per request
 * over both legs, ≤ 10 ms added p50). `--stream` asks for server-sent events with usage.
 *
 * A real `mkt serve --only consumption` process on a fresh database (seeded through the library: a
 * consumer in Advanced Mode with a 1000.00 USD deposit, so 400 concurrency slots, an API key and
 * 2000 Units of text-standard in its consumption account; a supplier whose upstream is the
 * simulator). The simulator (timeToFirstTokenMs 0, unpaced) runs by default in its own child
 * process (this script with --simulator-child), so it shares neither the client's nor mkt's event
 * loop; --simulator inline runs it in the benchmark process. A third path, a bare node:http
 * gateway in its own child process (scripts/bench/bare-gateway.ts), shows the floor: what the 307
 * and one more Node hop cost on this machine with no work done.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
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
import { registerSupplier } from '../src/trading/supply/supply.js';
import { startBareGateway } from './bench/bare-gateway.js';
import { runChild, spawnChild as spawnScript, type ChildServer } from './bench/child.js';
import { processCpuMs } from './bench/cpu.js';
import { giveUnits, positive } from './bench/seed.js';
import { serveHost, type Served } from './bench/serve.js';
import { summarise } from './bench/stats.js';
import { summariseProfile } from './bench/cpuprofile.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '16' },
    warmup: { type: 'string', default: '500' },
    simulator: { type: 'string', default: 'child' },
    stream: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    'cpu-prof': { type: 'boolean', default: false },
    /** Internal: run only the simulator server, print its URL, stay up until stdin closes. */
    'simulator-child': { type: 'boolean', default: false },
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

// ---- the simulator, in its own process -----------------------------------------------------------

interface Upstream {
  url: string;
  close(): Promise<void>;
}

async function startUpstream(where: 'child' | 'inline'): Promise<Upstream> {
  if (where === 'inline') {
    const simulator: SimulatorServer = await startSimulatorServer({ id: 'bench-instant', timeToFirstTokenMs: 0 });
    return { url: simulator.url, close: () => simulator.close() };
  }
  return spawnChild('simulator', ['--simulator-child']);
}

/** This script in a child-process mode. */
const spawnChild = (name: string, args: string[]): Promise<ChildServer> =>
  spawnScript(fileURLToPath(import.meta.url), name, args);

// ---- seeding, straight through the library, before the server starts --------------------------

/** The consumer (deposit, API key, tokens of text-standard) and the supplier whose upstream is the simulator; returns the raw key. */
async function seed(db: Db, upstreamUrl: string): Promise<string> {
  const instrument = (await db('instruments').where('model_name', model).first('id')) as { id: string } | undefined;
  if (!instrument) throw new Error(`no instrument ${model}`);
  const consumer = await createUser(db, systemClock, {
    email: 'bench-consumer@example.com',
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
  await giveUnits(db, consumer.id, instrument.id, unitsToConsumption);
  await db.transaction((trx) =>
    transferToConsumption(trx, {
      userId: consumer.id,
      instrumentId: instrument.id,
      quantity: unitsToConsumption,
      orderId: null,
      nowUs: systemClock.nowUs(),
    }),
  );
  const supplier = await createUser(db, systemClock, {
    email: 'bench-supplier@example.com',
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  await registerSupplier(
    { db, clock: systemClock },
    { userId: supplier.id, instruments: [instrument.id], baseUrl: upstreamUrl, model: 'sim', simulated: false },
  );
  return key;
}

// ---- the server ----------------------------------------------------------------------------------

// ---- the client ----------------------------------------------------------------------------------

interface Reply {
  status: number;
  location: string | undefined;
  contentType: string | undefined;
  text: string;
}

function send(agent: Agent, url: URL, headers: Record<string, string>, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname + url.search,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            contentType: response.headers['content-type'],
            text: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Undefined when the answer is a 200 chat completion with usage (JSON, or events ending in [DONE]); else what was wrong. */
function completionProblem(reply: Reply): string | undefined {
  if (reply.status !== 200) return `${reply.status} ${/"code"\s*:\s*"([^"]+)"/.exec(reply.text)?.[1] ?? '?'}`;
  if (streamed) {
    if (!reply.contentType?.startsWith('text/event-stream')) return `200 content-type ${reply.contentType ?? 'none'}`;
    if (!reply.text.trimEnd().endsWith('data: [DONE]')) return '200 stream without [DONE]';
    return /"total_tokens"\s*:\s*\d+/.test(reply.text) ? undefined : '200 stream without usage';
  }
  if (!reply.contentType?.startsWith('application/json')) return `200 content-type ${reply.contentType ?? 'none'}`;
  try {
    const parsed = JSON.parse(reply.text) as { usage?: { total_tokens?: unknown } };
    if (typeof parsed.usage?.total_tokens !== 'number') return '200 without usage';
  } catch {
    return '200 not JSON';
  }
  return undefined;
}

type Attempt = (agent: Agent) => Promise<string | undefined>;

/** Straight to the simulator. */
const directAttempt = (upstreamUrl: string): Attempt => {
  const url = new URL(`${upstreamUrl}/chat/completions`);
  return async (agent) => {
    const reply = await send(agent, url, {}, requestBody);
    const problem = completionProblem(reply);
    return problem && `direct ${problem}: ${reply.text.slice(0, 400)}`;
  };
};

/** Through a gateway (mkt, or the bare one): the 307, then the same body and headers to its Location on the same host. */
const gatewayAttempt = (gatewayUrl: string, apiKey: string): Attempt => {
  const first = new URL('/v1/chat/completions', gatewayUrl);
  const headers = { authorization: `Bearer ${apiKey}` };
  return async (agent) => {
    const redirect = await send(agent, first, headers, requestBody);
    if (redirect.status !== 307 || redirect.location === undefined) {
      return `mkt /v1 ${redirect.status} ${/"code"\s*:\s*"([^"]+)"/.exec(redirect.text)?.[1] ?? '?'} (location ${redirect.location ?? 'none'}): ${redirect.text.slice(0, 400)}`;
    }
    const reply = await send(agent, new URL(redirect.location, first), headers, requestBody);
    const problem = completionProblem(reply);
    return problem && `mkt ${redirect.location} ${problem}: ${reply.text.slice(0, 400)}`;
  };
};

interface PhaseResult {
  samplesMs: number[];
  elapsedMs: number;
  failures: number;
  /** Failures by kind (the text before the first ': '), with the first example of each. */
  errors: Map<string, { count: number; example: string }>;
}

async function runPhase(count: number, concurrency: number, agent: Agent, attempt: Attempt): Promise<PhaseResult> {
  const result: PhaseResult = { samplesMs: [], elapsedMs: 0, failures: 0, errors: new Map() };
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < count) {
        issued += 1;
        const sentAt = performance.now();
        let problem: string | undefined;
        try {
          problem = await attempt(agent);
        } catch (error) {
          problem = `transport ${(error as Error).message}`;
        }
        result.samplesMs.push(performance.now() - sentAt);
        if (problem !== undefined) {
          result.failures += 1;
          const key = problem.split(': ')[0]!;
          const seen = result.errors.get(key) ?? { count: 0, example: problem };
          seen.count += 1;
          result.errors.set(key, seen);
        }
      }
    }),
  );
  result.elapsedMs = performance.now() - started;
  return result;
}

const emptyPhase = (): PhaseResult => ({ samplesMs: [], elapsedMs: 0, failures: 0, errors: new Map() });

function addPhase(into: PhaseResult, phase: PhaseResult): void {
  into.samplesMs.push(...phase.samplesMs);
  into.elapsedMs += phase.elapsedMs;
  into.failures += phase.failures;
  for (const [key, seen] of phase.errors) {
    const known = into.errors.get(key);
    if (known) known.count += seen.count;
    else into.errors.set(key, { ...seen });
  }
}

// ---- the run -------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const database = values.database;
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error(`--database is sqlite or postgres, got ${database}`);
  const where = values.simulator;
  if (where !== 'child' && where !== 'inline') throw new Error(`--simulator is child or inline, got ${where}`);
  const requestsTotal = positive(values.requests!, 'requests');
  const concurrency = positive(values.concurrency!, 'concurrency');
  const rounds = positive(values.rounds!, 'rounds');
  const warmupRequests = Number(values.warmup);
  if (!Number.isSafeInteger(warmupRequests) || warmupRequests < 0)
    throw new Error(`--warmup is a whole number of requests, got ${values.warmup}`);

  const scratch = mkdtempSync(join(tmpdir(), 'mkt-bench-gateway-'));
  const postgres = database === 'postgres' ? await startThrowawayPostgres() : undefined;
  const databaseUrl = postgres
    ? await postgres.createDatabase('bench_gateway')
    : `sqlite:${join(scratch, 'bench.sqlite')}`;
  const profileDirectory = values['cpu-prof'] ? join(tmpdir(), `mkt-bench-gateway-profile-${Date.now()}`) : undefined;
  let served: Served | undefined;
  let upstream: Upstream | undefined;
  const db = openDatabase(databaseUrl);
  const directAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const mktAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let bare: ChildServer | undefined;
  const loadBefore = loadavg()[0]!;
  let mktAttempted = 0;

  try {
    upstream = await startUpstream(where);
    await migrateLatest(db);
    const seedStarted = performance.now();
    const apiKey = await seed(db, upstream.url);
    const seedMs = performance.now() - seedStarted;

    // Node 20 refuses --cpu-prof in NODE_OPTIONS: it goes on the child's command line.
    if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
    served = await serveHost(
      'consumption',
      { DATABASE_URL: databaseUrl },
      profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [],
    );

    bare = await spawnChild('bare', ['--bare-child', upstream.url]);

    const direct = directAttempt(upstream.url);
    const mkt = gatewayAttempt(served.url, apiKey);
    const floor = gatewayAttempt(bare.url, apiKey);

    // Warm-up of every path (connections, JIT, caches), then the measured phases in rounds.
    const warmDirect = await runPhase(warmupRequests, concurrency, directAgent, direct);
    const warmMkt = await runPhase(warmupRequests, concurrency, mktAgent, mkt);
    const warmBare = await runPhase(warmupRequests, concurrency, bareAgent, floor);
    const measuredDirect = emptyPhase();
    const measuredMkt = emptyPhase();
    const measuredBare = emptyPhase();
    let mktCpuMs = 0;
    let bareCpuMs = 0;
    const perRound = Math.ceil(requestsTotal / rounds);
    for (let round = 0; round < rounds; round += 1) {
      addPhase(measuredDirect, await runPhase(perRound, concurrency, directAgent, direct));
      let before = processCpuMs(bare.pid);
      addPhase(measuredBare, await runPhase(perRound, concurrency, bareAgent, floor));
      bareCpuMs += processCpuMs(bare.pid) - before;
      before = processCpuMs(served.child.pid!);
      addPhase(measuredMkt, await runPhase(perRound, concurrency, mktAgent, mkt));
      mktCpuMs += processCpuMs(served.child.pid!) - before;
    }
    mktAttempted = warmupRequests + perRound * rounds;

    const d = summarise(measuredDirect.samplesMs, measuredDirect.elapsedMs);
    const m = summarise(measuredMkt.samplesMs, measuredMkt.elapsedMs);
    const b = summarise(measuredBare.samplesMs, measuredBare.elapsedMs);
    const line = (name: string, s: typeof d, phase: PhaseResult) =>
      `  ${name.padEnd(12)} ${String(s.count).padStart(6)} requests, ${s.perSecond.toFixed(0).padStart(5)} requests/s (${(phase.elapsedMs / 1000).toFixed(2)} s), ` +
      `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms${phase.failures > 0 ? `, ${phase.failures} FAILED` : ''}`;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const addedP50 = m.p50 - d.p50;
    const addedP99 = m.p99 - d.p99;
    console.log(
      [
        `POST /v1/chat/completions (${model}, ${streamed ? 'streamed' : 'non-streamed'}, max_tokens 16) on ${database}: ${m.count} requests each way in ${rounds} round${rounds === 1 ? '' : 's'}, concurrency ${concurrency}`,
        line('direct', d, measuredDirect),
        line('through mkt', m, measuredMkt),
        line('bare proxy', b, measuredBare),
        `  server CPU   mkt ${((mktCpuMs * 1000) / m.count).toFixed(0)} µs per request over both legs (target ≤ 1,000: ${verdict((mktCpuMs * 1000) / m.count <= 1000)}); ` +
          `bare proxy ${((bareCpuMs * 1000) / b.count).toFixed(0)} µs`,
        `  ratio        mkt at ${(m.perSecond / b.perSecond).toFixed(2)}× the bare proxy's throughput (target ≥ 0.4: ${verdict(m.perSecond / b.perSecond >= 0.4)})`,
        `  added p50    ${addedP50.toFixed(2)} ms over direct (target ≤ 10 ms: ${verdict(addedP50 <= 10)}); added p99 ${addedP99.toFixed(2)} ms`,
        `  floor        a bare node:http gateway (scripts/bench/bare-gateway.ts: the 307 and the forward, no auth, validation or database) ` +
          `adds p50 ${(b.p50 - d.p50).toFixed(2)} ms, p99 ${(b.p99 - d.p99).toFixed(2)} ms: what one more Node process on the path costs here`,
        `  settings     a through-mkt request is the 307 and the POST to its Location, timed together, on one keep-alive Agent per path ` +
          `(${concurrency} sockets); ${warmupRequests} warm-up requests each way not measured; phases in rounds (direct, bare proxy, mkt); ` +
          `consumer in Advanced Mode with a ${depositUsd} USD deposit and ${unitsToConsumption} Units of ${model} in consumption; seeding took ${seedMs.toFixed(0)} ms`,
        `  supplier     startSimulatorServer timeToFirstTokenMs 0, unpaced, ${where === 'child' ? 'in its own child process' : 'inline, in the benchmark process (shares the client event loop)'}`,
        `  server       mkt serve --only consumption, MKT_SIMULATED_SUPPLIER=off, MKT_LOG_LEVEL=warn${profileDirectory ? ', with --cpu-prof' : ''}`,
        `  machine      ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; client, mkt and supplier share it; ` +
          `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after${loadBefore > 0.5 ? ' (the machine was busy before the run: numbers may be low)' : ''}`,
      ].join('\n'),
    );
    const errors = [
      ...warmDirect.errors,
      ...warmMkt.errors,
      ...warmBare.errors,
      ...measuredDirect.errors,
      ...measuredMkt.errors,
      ...measuredBare.errors,
    ];
    if (errors.length > 0) {
      console.log('  ERRORS (warm-up and measured):');
      for (const [key, { count, example }] of errors.slice(0, 8)) console.log(`    ${key} ×${count}: ${example}`);
      process.exitCode = 1;
    }
  } finally {
    directAgent.destroy();
    mktAgent.destroy();
    bareAgent.destroy();
    await bare?.close();
    if (served) {
      served.child.kill('SIGTERM');
      await served.exited;
    }
    await upstream?.close();
  }

  try {
    // After the server stopped (it finishes the requests in flight): every answered request is settled.
    const rows = (await db('inference_requests')
      .select('status', 'cost_status')
      .count({ n: '*' })
      .groupBy('status', 'cost_status')) as {
      status: string;
      cost_status: string;
      n: number | string;
    }[];
    const settled = Number(rows.find((r) => r.status === 'succeeded' && r.cost_status === 'settled')?.n ?? 0);
    const breakdown = rows.map((r) => `${r.status}/${r.cost_status}×${Number(r.n)}`).join(', ') || 'none';
    console.log(
      `  receipts     ${settled} succeeded/settled of ${mktAttempted} through-mkt requests (${settled === mktAttempted ? 'all' : 'MISMATCH'}); inference_requests: ${breakdown}`,
    );
    const failures = await auditLedger(db);
    console.log(
      `  audit        ${failures.length === 0 ? 'clean' : `${failures.length} failures, first: ${JSON.stringify(failures.slice(0, 3))}`}`,
    );
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

if (values['simulator-child'])
  await runChild('simulator', await startSimulatorServer({ id: 'bench-instant', timeToFirstTokenMs: 0 }));
else if (values['bare-child']) await runChild('bare', await startBareGateway(values['bare-child']));
else await main();
