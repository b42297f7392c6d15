import { loadConfig, type HostName, type SupplyIssuanceMode } from '../../src/app/config.js';
import { deposit } from '../../src/ledger/funds.js';
import type { Clock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { startService } from '../../src/app/main.js';
import type { LedgerAccountRow } from '../../src/ledger/journal.js';
import { parseDecimal, usdScale } from '../../src/lib/money.js';
import type { Services } from '../../src/app/services.js';
import * as supply from '../../src/trading/supply/supply.js';
import type { Supplier } from '../../src/trading/supply/supply.js';
import type { SupplyIssuanceRow } from '../../src/db/trading-rows.js';
import { freshDatabaseUrl, type DatabaseKind } from './databases.js';
import { HostClient } from './http.js';
import type { TestEnvironment } from './service.js';

/** Deposits `usd` ("100.00") into the user's currency account, as `mkt admin deposit` does; a bonus with `source: 'bonus'`. */
export async function fundUser(
  services: Services,
  userId: string,
  usd: string,
  source: 'deposit' | 'bonus' = 'deposit',
): Promise<LedgerAccountRow> {
  const usdMicros = parseDecimal(usd, usdScale);
  if (usdMicros === null || usdMicros <= 0) throw new Error(`fundUser: ${usd} is not a positive USD amount`);
  return services.db.transaction((trx) => deposit(trx, { userId, usdMicros, source, nowUs: services.clock.nowUs() }));
}

/** Makes the user an enabled, simulated supplier qualified for these instruments (ids or model names). */
export async function makeSupplier(services: Services, userId: string, instrumentIds: string[]): Promise<Supplier> {
  return supply.registerSupplier(services, { userId, instruments: instrumentIds, simulated: true });
}

/**
 * Makes the user a supplier of the instrument (keeping any it already supplies) and issues it
 * `quantity` Units straight into its trading account (`direct`, ready to sell), unless `mode` says
 * `account`.
 */
export async function issueUnits(
  services: Services,
  userId: string,
  instrumentId: string,
  quantity: number,
  mode: SupplyIssuanceMode = 'direct',
): Promise<SupplyIssuanceRow> {
  const current = (await supply.listSuppliers(services)).find((s) => s.userId === userId && s.status === 'enabled');
  if (!current?.instrumentIds.includes(instrumentId))
    await makeSupplier(services, userId, [...(current?.instrumentIds ?? []), instrumentId]);
  return supply.issueUnits(services, userId, instrumentId, quantity, mode);
}

interface JournalPosting {
  account_id: string;
  bucket: string;
  asset: string;
  amount: number;
}

interface JournalEntry {
  id: number;
  kind: string;
  reference: string | null;
  postings: JournalPosting[];
}

/** The journal entries with this reference (a transfer, issuance or trade id; an account id for deposits), oldest first. */
export async function journalOf(services: Services, reference: string): Promise<JournalEntry[]> {
  const entries = (await services.db('journal_entries').where({ reference }).orderBy('id')) as {
    id: number;
    kind: string;
    reference: string | null;
  }[];
  const result: JournalEntry[] = [];
  for (const entry of entries) {
    const postings = (await services
      .db('journal_postings')
      .where({ entry_id: entry.id })
      .orderBy('id')
      .select('account_id', 'bucket', 'asset', 'amount')) as JournalPosting[];
    result.push({ ...entry, postings });
  }
  return result;
}

/** Σ amount per asset of an entry's postings: all zeros when it balances. */
export function sumsByAsset(entry: JournalEntry): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const p of entry.postings) sums[p.asset] = (sums[p.asset] ?? 0) + p.amount;
  return sums;
}

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(public us: number = Date.now() * 1000) {}
  nowUs(): number {
    return this.us;
  }
  advance(us: number): void {
    this.us += us;
  }
  /** For `signedAt`: requests must be signed in the server's time. */
  seconds(): number {
    return Math.floor(this.us / 1_000_000);
  }
}

/** Like describeEachDatabase's service, but on a clock the test controls. */
export async function startServiceOnClock(database: DatabaseKind, clock: Clock): Promise<TestEnvironment> {
  const config = loadConfig({
    DATABASE_URL: await freshDatabaseUrl(database),
    MKT_CONSUMPTION_PORT: '0',
    MKT_MESSAGES_PORT: '0',
    MKT_TRADING_PORT: '0',
    MKT_PLATFORM_PORT: '0',
    MKT_METRICS_PORT: 'off',
    MKT_SIMULATED_SUPPLIER: 'off',
  });
  const service = await startService(config, {
    clock,
    logger: createLogger(process.env.MKT_TEST_LOG_LEVEL ?? 'silent'),
    graceMs: 2_000,
  });
  const client = (host: HostName) => new HostClient(host, service.urls[host]!);
  return {
    database,
    service,
    consumption: client('consumption'),
    messages: client('messages'),
    trading: client('trading'),
    platform: client('platform'),
  };
}
