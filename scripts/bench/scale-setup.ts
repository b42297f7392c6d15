import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createApiKey, createUser } from '../../src/core/identity.js';
import type { Db } from '../../src/db/knex.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { deposit } from '../../src/ledger/funds.js';
import { systemClock } from '../../src/lib/clock.js';
import { parseDecimal, usdScale } from '../../src/lib/money.js';
import { giveUnits, seedUpstreamSupplier } from './seed.js';

/**
 * bench-scale's setup: the consumer and the supplier of its inference (as bench-gateway seeds them: a deposit, Units of
 * text-standard moved to consumption, a supplier whose upstream is a local instant simulator), and one `mkt serve` of
 * the trading and consumption hosts on free ports, metrics listener off.
 */
const mktBinary = fileURLToPath(new URL('../../../bin/mkt.js', import.meta.url));
const model = 'text-standard';
const unitsToConsumption = 1_000_000;

/**
 * Seeds `count` consumers and the supplier; answers the consumers' API keys. One consumer per client: a user's
 * admissions take one advisory lock (its slots, src/db/inference-requests.ts), so clients sharing one user queue there.
 */
export async function seedConsumers(db: Db, upstreamUrl: string, count: number): Promise<string[]> {
  const instrument = (await db('instruments').where('model_name', model).first('id')) as { id: string } | undefined;
  if (!instrument) throw new Error(`no instrument ${model}`);
  const keys: string[] = [];
  for (let i = 0; i < count; i += 1) keys.push(await seedConsumer(db, instrument.id, i));
  await seedUpstreamSupplier(db, 'scale-supplier@example.com', instrument.id, upstreamUrl);
  return keys;
}

async function seedConsumer(db: Db, instrumentId: string, index: number): Promise<string> {
  const nowUs = () => systemClock.nowUs();
  const consumer = await createUser(db, systemClock, {
    email: `scale-consumer-${index}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const usdMicros = parseDecimal('100000.00', usdScale) ?? 0;
  await db.transaction((trx) => deposit(trx, { userId: consumer.id, usdMicros, source: 'deposit', nowUs: nowUs() }));
  const { key } = await createApiKey(db, systemClock, consumer.id, 'bench-scale');
  await giveUnits(db, consumer.id, instrumentId, unitsToConsumption);
  await db.transaction((trx) =>
    transferToConsumption(trx, {
      userId: consumer.id,
      instrumentId,
      quantity: unitsToConsumption,
      orderId: null,
      nowUs: nowUs(),
    }),
  );
  return key;
}

export interface Mkt {
  pid: number;
  tradingUrl: string;
  consumptionUrl: string;
  stop(): Promise<void>;
}

/** `mkt serve --only trading,consumption` on free ports (with `nodeFlags`, e.g. --cpu-prof); resolves once it printed both URLs. */
/** `env` adds to the process's environment (MKT_MARKETS: the markets it trades). */
export async function startMkt(
  databaseUrl: string,
  nodeFlags: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<Mkt> {
  const child = spawn(process.execPath, [...nodeFlags, mktBinary, 'serve', '--only', 'trading,consumption'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MKT_TRADING_PORT: '0',
      MKT_CONSUMPTION_PORT: '0',
      MKT_METRICS_PORT: 'off',
      MKT_LOG_LEVEL: 'warn',
      MKT_SIMULATED_SUPPLIER: 'off',
      MKT_ORDER_RATE_PER_SECOND: '1000000',
      MKT_ORDER_BURST: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  const urls = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mkt serve did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = Object.fromEntries(
        [...stderr.matchAll(/^ {2}(\w+)\s+(http:\/\/\S+)\r?\n/gm)].map((m) => [m[1], m[2]]),
      );
      if (/mkt is serving/.test(stderr) && found.trading && found.consumption) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mkt serve exited ${code}: ${stderr}`));
    });
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    pid: child.pid ?? 0,
    tradingUrl: urls.trading ?? '',
    consumptionUrl: urls.consumption ?? '',
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
