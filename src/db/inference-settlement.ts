import type { SettledReceipt } from './inference-requests.js';
import { settledColumns } from './inference-requests.js';
import type { JournalEntryWrite } from './journal.js';
import { statement, type Param, type Sql } from './sql.js';
import type { KeySpendTrueUp } from './key-spend.js';
import type { ReservationDraw } from './consumption-lots.js';
import { kindOf, type Db } from './knex.js';
import { oneRow } from './rows.js';

/**
 * A request's settlement on PostgreSQL as ONE statement (issue 33, item 4), the way src/db/trading-batch.ts writes a
 * trading batch: the receipt claimed and completed and its slot given back, the journal entry with its postings and
 * its accounts' changes, the draws from its reserved lots and the true-up of its key's budget. Every write after the
 * claim is gated on it, so a request someone else settled first writes nothing. The rows are taken in the order
 * admission takes them (the account's, then the lots', then the budget's): each CTE that follows reads the whole
 * output of the one before (a count), which PostgreSQL must therefore finish first.
 */

/** One account's net change in an entry; `withdrawn`: what left it for good (counted in its withdrawals). */
export interface EntryChange {
  accountId: string;
  available: number;
  locked: number;
  withdrawn: number;
}

interface SettlementWrite {
  requestId: string;
  receipt: SettledReceipt;
  /** Null: nothing moves (a request that reserved nothing). */
  entry: JournalEntryWrite | null;
  changes: readonly EntryChange[];
  draws: readonly ReservationDraw[];
  keySpend: KeySpendTrueUp | null;
}

/** The journal entry's part of a one-statement write, gated on `gate` (a CTE with a row when it may be written). */
const entryCtes = (gate: string): string =>
  `entry AS (
     INSERT INTO journal_entries (kind, reference, created_at_us) SELECT ?::text, ?::text, ?::bigint
     WHERE ?::boolean AND EXISTS (SELECT 1 FROM ${gate}) RETURNING id, created_at_us
   ), posted AS (
     INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount)
     SELECT entry.id, p.account_id, p.bucket, p.asset, p.amount FROM entry, unnest(?::text[], ?::text[], ?::text[], ?::bigint[]) AS p (account_id, bucket, asset, amount)
   ), change AS (
     SELECT c.* FROM unnest(?::text[], ?::bigint[], ?::bigint[], ?::bigint[]) AS c (id, available, locked, withdrawn)
     WHERE EXISTS (SELECT 1 FROM entry)
   ), held AS (
     SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT id FROM change) ORDER BY a.id FOR NO KEY UPDATE
   ), moved AS (
     UPDATE ledger_accounts a SET available = a.available + c.available, locked = a.locked + c.locked, updated_at_us = e.created_at_us,
       total_withdrawals = a.total_withdrawals + c.withdrawn,
       last_withdrawal_at_us = CASE WHEN c.withdrawn > 0 THEN e.created_at_us ELSE a.last_withdrawal_at_us END
     FROM change c JOIN held ON held.id = c.id, entry e
     WHERE a.id = c.id AND (a.kind = 'system' OR (a.available + c.available >= 0 AND a.locked + c.locked >= 0))
     RETURNING a.id
   )`;

/** The parameters of `entryCtes`, in its order; accounts in the order of their ids (as every writer locks them). */
function entryParams(entry: JournalEntryWrite | null, changes: readonly EntryChange[]): Param[] {
  const ordered = [...changes].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  const postings = entry?.postings ?? [];
  return [
    entry?.kind ?? '',
    entry?.reference ?? null,
    entry?.createdAtUs ?? 0,
    entry !== null,
    postings.map((p) => p.accountId),
    postings.map((p) => p.bucket),
    postings.map((p) => p.asset),
    postings.map((p) => p.amount),
    ordered.map((c) => c.accountId),
    ordered.map((c) => c.available),
    ordered.map((c) => c.locked),
    ordered.map((c) => c.withdrawn),
  ];
}

const settle = statement(
  'inference_settle_at_once',
  '',
  `WITH done AS (
     UPDATE inference_requests SET ${settledColumns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND status = 'in_progress' RETURNING id
   ), released AS (
     DELETE FROM inference_slots WHERE request_id IN (SELECT id FROM done)
   ), ${entryCtes('done')}, d AS (
     SELECT d.* FROM unnest(?::bigint[], ?::bigint[], ?::bigint[]) AS d (id, tokens, reserved)
     WHERE EXISTS (SELECT 1 FROM done) AND (SELECT count(*) FROM moved) >= 0
   ), drawn AS (
     UPDATE consumption_lots l SET tokens_remaining = l.tokens_remaining - d.tokens, tokens_reserved = l.tokens_reserved - d.reserved
     FROM d WHERE l.id = d.id AND l.tokens_reserved >= d.reserved AND l.tokens_remaining >= d.tokens RETURNING l.id
   ), spent AS (
     INSERT INTO api_key_spend (api_key_id, period_start_us, spent_micros, reserved_micros)
     SELECT ?::text, ?::bigint, ?::bigint, 0 WHERE ?::boolean AND EXISTS (SELECT 1 FROM done) AND (SELECT count(*) FROM drawn) >= 0
     ON CONFLICT (api_key_id, period_start_us) DO UPDATE SET reserved_micros = api_key_spend.reserved_micros - ?, spent_micros = api_key_spend.spent_micros + ?
     RETURNING 1
   )
   SELECT (SELECT count(*) FROM done) AS settled, (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM drawn) AS drawn,
     (SELECT count(*) FROM spent) AS spent`,
);

/** Whether consumption's transactions are written one statement each (PostgreSQL) rather than one per row (SQLite). */
export const writesAtOnce = (db: Db): boolean => kindOf(db) === 'postgres';

/** What the statement did: whether it settled the request (false: someone did before, nothing written), and counts. */
interface SettlementDone {
  settled: boolean;
  /** Accounts whose change applied (each of `changes` unless a bucket would go below zero: the caller rolls back). */
  movedAccounts: number;
  drawnLots: number;
}

export async function settleAtOnce(sql: Sql, write: SettlementWrite): Promise<SettlementDone> {
  const { receipt, keySpend, draws } = write;
  const row = oneRow(
    await sql.get<{ settled: number | string; moved: number | string; drawn: number | string }>(settle, [
      ...settledColumns.map((c) => receipt[c]),
      write.requestId,
      ...entryParams(write.entry, write.changes),
      draws.map((draw) => draw.lotId),
      draws.map((draw) => draw.tokens),
      draws.map((draw) => draw.reserved),
      keySpend?.apiKeyId ?? '',
      keySpend?.periodStartUs ?? 0,
      keySpend?.costMicros ?? 0,
      keySpend !== null,
      keySpend?.reservedMicros ?? 0,
      keySpend?.costMicros ?? 0,
    ]),
    'the settlement',
  );
  return { settled: Number(row.settled) === 1, movedAccounts: Number(row.moved), drawnLots: Number(row.drawn) };
}
