/**
 * Big prompts against the other APIs (issue 11, item 6): how much 8 parallel 5 MB chat prompts on
 * the consumption host delay `GET /v1/health` on the trading host of the same `mkt serve` process
 * (one process serves all four hosts by default). Health probes run back to back, first with no
 * load (the floor), then while the prompts are in flight, for two callers: one with 0 tokens in
 * Advanced Mode (refused with 402: the cheap-refusal path) and one with enough Units (the prompt is
 * tokenised: the real counting path). Target: at most 50 ms added. Measures and prints only; the
 * exit code is non-zero only when a probe fails.
 *
 *   npm run build && node dist/scripts/bench-big-prompts.js [--database sqlite|postgres]
 *     [--prompts 8] [--prompt-mb 5] [--model text-max] [--floor-ms 2000] [--cpu-prof]
 *
 * Each prompt is sent as an OpenAI client sends it: `POST /v1/chat/completions`, then, on a 307,
 * the same body to its `Location`. Prompt text is pseudo-random words (a fixed seed per prompt, so
 * runs compare), tokenising like ordinary prose. The probes run in a worker thread of this script,
 * so the client's own work (writing 40 MB of bodies) does not delay their clock.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { migrateLatest, openDatabase, type Db } from '../src/db/knex.js';
import { transferToConsumption } from '../src/ledger/consumption.js';
import { deposit } from '../src/ledger/funds.js';
import { systemClock } from '../src/lib/clock.js';
import { parseDecimal, usdScale } from '../src/lib/money.js';
import { createApiKey, createUser } from '../src/core/identity.js';
import { registerSupplier } from '../src/trading/supply/supply.js';
import { mktBinary, type ServeProcess } from '../test/support/processes.js';
import { summariseProfile } from './bench/cpuprofile.js';
import { giveUnits, positive } from './bench/seed.js';
import { percentile } from './bench/stats.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

// ---- the prober: a worker thread that GETs health back to back until told to stop ----------------

interface ProbeOrders {
  url: string;
}

if (!isMainThread) {
  const { url } = workerData as ProbeOrders;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let stopping = false;
  parentPort!.on('message', () => (stopping = true));
  const samples: number[] = [];
  while (!stopping) {
    const started = performance.now();
    const status = await get(agent, url);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  agent.destroy();
  parentPort!.postMessage(samples);
}

function get(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Probes the URL from a worker thread until `stop()`; resolves with the latencies (ms). */
function startProbing(url: string): { stop(): Promise<number[]> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url } satisfies ProbeOrders });
  const samples = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (message: number[]) => resolve(message));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await samples;
      await worker.terminate();
      return result;
    },
  };
}

// ---- the prompts -------------------------------------------------------------------------------

/**
 * Pseudo-random prose of `bytes` bytes: words of a 3,000-word vocabulary drawn with a Zipf-like
 * (log-uniform) law, as in natural text where a few words make most of it, with punctuation,
 * numbers and paragraphs. It counts at about 4.5 bytes a token, like English.
 */
function prose(bytes: number, seed: number): string {
  let state = seed >>> 0 || 1;
  const next = (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const syllables = [
    'ka',
    'lo',
    'mer',
    'tin',
    'sa',
    'pre',
    'von',
    'di',
    'stra',
    'que',
    'ble',
    'or',
    'an',
    'ith',
    'u',
    'ex',
    'pol',
    'ra',
    'ment',
    'ing',
    'the',
    'con',
    'er',
    'tion',
  ];
  const vocabulary = Array.from({ length: 3000 }, (_, rank) => {
    let word = '';
    for (let s = 0, count = 1 + Math.min(3, Math.floor(Math.log10(rank + 1))); s < count; s += 1)
      word += syllables[next(syllables.length)];
    return word;
  });
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    const word = vocabulary[Math.floor(Math.exp((next(1_000_000) / 1_000_000) * Math.log(vocabulary.length)))]!;
    const roll = next(100);
    const piece = roll < 3 ? `${word}.\n\n` : roll < 12 ? `${word}, ` : roll < 14 ? `${next(10_000)} ` : `${word} `;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('').slice(0, bytes);
}

// ---- seeding, through the library, before the server starts --------------------------------------

interface Callers {
  zeroKey: string;
  richKey: string;
}

/** A caller with 0 tokens (Advanced Mode), one with a deposit and Units enough for every prompt, and a simulated supplier. */
async function seed(db: Db, model: string, unitsForRich: number): Promise<Callers> {
  const instrument = (await db('instruments').where('model_name', model).first('id')) as { id: string } | undefined;
  if (!instrument) throw new Error(`no instrument ${model}`);
  const nowUs = () => systemClock.nowUs();
  const zero = await createUser(db, systemClock, {
    email: 'zero@example.com',
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const rich = await createUser(db, systemClock, {
    email: 'rich@example.com',
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  // 100 USD deposited: 30 concurrency slots, so all prompts are admitted at once.
  await db.transaction((trx) =>
    deposit(trx, { userId: rich.id, usdMicros: parseDecimal('100.00', usdScale)!, source: 'deposit', nowUs: nowUs() }),
  );
  await giveUnits(db, rich.id, instrument.id, unitsForRich);
  await db.transaction((trx) =>
    transferToConsumption(trx, {
      userId: rich.id,
      instrumentId: instrument.id,
      quantity: unitsForRich,
      orderId: null,
      nowUs: nowUs(),
    }),
  );
  const supplier = await createUser(db, systemClock, {
    email: 'supplier@example.com',
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  await registerSupplier(
    { db, clock: systemClock },
    { userId: supplier.id, instruments: [instrument.id], simulated: true },
  );
  return {
    zeroKey: (await createApiKey(db, systemClock, zero.id, 'bench')).key,
    richKey: (await createApiKey(db, systemClock, rich.id, 'bench')).key,
  };
}

// ---- the client --------------------------------------------------------------------------------

interface Reply {
  status: number;
  location: string | undefined;
  text: string;
}

function post(agent: Agent, url: URL, apiKey: string, body: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'content-length': String(body.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
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

/** One prompt as a client sends it: the 307, then its Location. Resolves with the statuses seen and the time taken. */
async function sendPrompt(
  agent: Agent,
  consumptionUrl: string,
  apiKey: string,
  body: Buffer,
): Promise<{ statuses: string; ms: number }> {
  const started = performance.now();
  const first = new URL('/v1/chat/completions', consumptionUrl);
  const redirect = await post(agent, first, apiKey, body);
  const codeOf = (reply: Reply) =>
    `${reply.status}${/"code"\s*:\s*"([^"]+)"/.exec(reply.text.slice(0, 2000))?.[1] ? ` ${/"code"\s*:\s*"([^"]+)"/.exec(reply.text.slice(0, 2000))![1]}` : ''}`;
  if (redirect.status !== 307 || redirect.location === undefined)
    return { statuses: codeOf(redirect), ms: performance.now() - started };
  const answer = await post(agent, new URL(redirect.location, first), apiKey, body);
  return { statuses: `307 → ${codeOf(answer)}`, ms: performance.now() - started };
}

interface Scenario {
  name: string;
  probesMs: number[];
  prompts: { statuses: string; ms: number }[];
}

async function runScenario(
  name: string,
  healthUrl: string,
  consumptionUrl: string,
  apiKey: string,
  bodies: Buffer[],
): Promise<Scenario> {
  const agent = new Agent({ keepAlive: true, maxSockets: bodies.length });
  const probing = startProbing(healthUrl);
  await new Promise((resolve) => setTimeout(resolve, 100)); // the prober is up and warm before the load starts
  const prompts = await Promise.all(bodies.map((body) => sendPrompt(agent, consumptionUrl, apiKey, body)));
  const probesMs = await probing.stop();
  agent.destroy();
  return { name, probesMs, prompts };
}

async function measureFloor(healthUrl: string, floorMs: number): Promise<number[]> {
  const probing = startProbing(healthUrl);
  await new Promise((resolve) => setTimeout(resolve, floorMs));
  return probing.stop();
}

// ---- the server ----------------------------------------------------------------------------------

/** `mkt serve`, every host on a free port (as test/support/processes.ts mktServe), with node flags such as --cpu-prof. */
async function serve(env: Record<string, string>, nodeFlags: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...nodeFlags, mktBinary, 'serve'], {
    env: {
      ...process.env,
      MKT_CONSUMPTION_PORT: '0',
      MKT_MESSAGES_PORT: '0',
      MKT_TRADING_PORT: '0',
      MKT_PLATFORM_PORT: '0',
      MKT_METRICS_PORT: '0',
      MKT_LOG_LEVEL: 'warn',
      MKT_SIMULATED_SUPPLIER: 'off',
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
      if (/mkt is serving/.test(stderr) && found.platform) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mkt serve exited ${code}: ${stderr}`));
    });
  });
  child.stdout!.resume();
  return { child, urls, metricsUrl: undefined, exited };
}

// ---- the run -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'sqlite' },
      prompts: { type: 'string', default: '8' },
      'prompt-mb': { type: 'string', default: '5' },
      model: { type: 'string', default: 'text-max' },
      'floor-ms': { type: 'string', default: '2000' },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  const database = values.database;
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error(`--database is sqlite or postgres, got ${database}`);
  const promptCount = positive(values.prompts!, 'prompts');
  const promptBytes = Math.round(Number(values['prompt-mb']) * 1024 * 1024);
  if (!(promptBytes > 0)) throw new Error(`--prompt-mb is a positive number, got ${values['prompt-mb']}`);
  const floorMs = positive(values['floor-ms']!, 'floor-ms');
  const model = values.model!;

  const scratch = mkdtempSync(join(tmpdir(), 'mkt-bench-big-prompts-'));
  const postgres = database === 'postgres' ? await startThrowawayPostgres() : undefined;
  const databaseUrl = postgres
    ? await postgres.createDatabase('bench_big_prompts')
    : `sqlite:${join(scratch, 'bench.sqlite')}`;
  const db = openDatabase(databaseUrl);
  let served: ServeProcess | undefined;
  const profileDirectory = values['cpu-prof']
    ? join(tmpdir(), `mkt-bench-big-prompts-profile-${Date.now()}`)
    : undefined;
  const loadBefore = loadavg()[0]!;
  try {
    await migrateLatest(db);
    // A token is at least one byte: this many Units cover every prompt even counted one token per byte.
    const unitsForRich = promptCount * (Math.ceil(promptBytes / 1_000_000) + 1);
    const callers = await seed(db, model, unitsForRich);
    // Node 20 refuses --cpu-prof in NODE_OPTIONS: it goes on the child's command line.
    if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
    served = await serve(
      { DATABASE_URL: databaseUrl },
      profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [],
    );
    const healthUrl = `${served.urls.trading}/v1/health`;
    const consumptionUrl = served.urls.consumption!;

    const bodies = Array.from({ length: promptCount }, (_, i) =>
      Buffer.from(
        JSON.stringify({ model, max_tokens: 16, messages: [{ role: 'user', content: prose(promptBytes, 1 + i) }] }),
      ),
    );
    // Warm-up: a small prompt through both paths (JIT, connections, the instrument cache).
    const small = Buffer.from(
      JSON.stringify({ model, max_tokens: 16, messages: [{ role: 'user', content: prose(2000, 99) }] }),
    );
    const warmAgent = new Agent({ keepAlive: true });
    for (const key of [callers.zeroKey, callers.richKey]) await sendPrompt(warmAgent, consumptionUrl, key, small);
    warmAgent.destroy();

    const floor = await measureFloor(healthUrl, floorMs);
    const zero = await runScenario('0 tokens (402)', healthUrl, consumptionUrl, callers.zeroKey, bodies);
    const rich = await runScenario('enough tokens', healthUrl, consumptionUrl, callers.richKey, bodies);
    const floorAfter = await measureFloor(healthUrl, floorMs);

    const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
    const floorSorted = sorted([...floor, ...floorAfter]);
    const floorP50 = percentile(floorSorted, 50);
    const line = (name: string, samples: number[]) => {
      const s = sorted(samples);
      return `  ${name.padEnd(16)} ${String(s.length).padStart(5)} probes, p50 ${percentile(s, 50).toFixed(2)} ms, p99 ${percentile(s, 99).toFixed(2)} ms, max ${s.at(-1)!.toFixed(2)} ms`;
    };
    const report = (scenario: Scenario) => {
      const added = sorted(scenario.probesMs).at(-1)! - floorP50;
      const byStatus = new Map<string, number>();
      for (const prompt of scenario.prompts) byStatus.set(prompt.statuses, (byStatus.get(prompt.statuses) ?? 0) + 1);
      const promptMs = sorted(scenario.prompts.map((p) => p.ms));
      return [
        line(scenario.name, scenario.probesMs),
        `    added delay  max ${added.toFixed(1)} ms over the floor's p50 (target ≤ 50 ms: ${added <= 50 ? 'met' : 'NOT met'})`,
        `    prompts      ${[...byStatus].map(([status, n]) => `${status} ×${n}`).join(', ')}; each took ${promptMs[0]!.toFixed(0)} to ${promptMs.at(-1)!.toFixed(0)} ms`,
      ];
    };
    console.log(
      [
        `GET /v1/health on the trading host while ${promptCount} parallel ${(promptBytes / 1024 / 1024).toFixed(1)} MB prompts hit POST /v1/chat/completions (${model}, max_tokens 16) on ${database}`,
        line('floor (no load)', floorSorted),
        ...report(zero),
        ...report(rich),
        `  settings     probes back to back (2 ms apart) from a worker thread on one keep-alive socket; floor = ${floorMs} ms of probes before and after the load; ` +
          `the 0-token caller is in Advanced Mode; the other holds ${unitsForRich} Units of ${model} in consumption and 100 USD deposited (30 slots); supplier: a simulated one, in the server process`,
        `  server       mkt serve (all four hosts in one process), MKT_SIMULATED_SUPPLIER=off, MKT_LOG_LEVEL=warn${profileDirectory ? ', with --cpu-prof' : ''}`,
        `  machine      ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; client and server share it; ` +
          `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after${loadBefore > 0.5 ? ' (the machine was busy before the run: delays may be high)' : ''}`,
      ].join('\n'),
    );
  } finally {
    if (served) {
      served.child.kill('SIGTERM');
      await served.exited;
    }
    await db.destroy();
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  // One profile per thread: the event loop's, and the token workers'.
  for (const file of profileDirectory ? readdirSync(profileDirectory).filter((f) => f.endsWith('.cpuprofile')) : []) {
    console.log(`${file}:\n${summariseProfile(join(profileDirectory!, file), 12)}`);
  }
}

if (isMainThread) await main();
