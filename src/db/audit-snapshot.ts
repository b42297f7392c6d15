import type { Knex } from 'knex';
import { kindOf, type Db } from './knex.js';
import { firstRowOf } from './rows.js';
import { openStatuses } from './trading-rows.js';

/** The audit's snapshot and how many rows it looked at (audit.ts holds each check's query). */

/**
 * Runs `work` in one transaction: a read-only repeatable-read snapshot on PostgreSQL, so a busy
 * market does not produce failures that are only reads straddling a commit (SQLite reads one
 * snapshot in any transaction).
 */
export function inAuditSnapshot<T>(db: Db, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const config: Knex.TransactionConfig =
    kindOf(db) === 'postgres' ? { isolationLevel: 'repeatable read', readOnly: true } : {};
  return db.transaction(work, config);
}

export interface AuditCounts {
  journal_entries: number;
  journal_postings: number;
  ledger_accounts: number;
  consumption_lots: number;
  open_orders: number;
  deposits: number;
}

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = await firstRowOf<{ n: number | string }>(query.count({ n: '*' }).first());
  return Number(row?.n ?? 0);
}

/** The rows the audit looked at, table by table (open orders only). */
export async function auditCounts(trx: Knex.Transaction): Promise<AuditCounts> {
  return {
    journal_entries: await count(trx('journal_entries')),
    journal_postings: await count(trx('journal_postings')),
    ledger_accounts: await count(trx('ledger_accounts')),
    consumption_lots: await count(trx('consumption_lots')),
    open_orders: await count(trx('orders').whereIn('status', openStatuses)),
    deposits: await count(trx('deposits')),
  };
}
