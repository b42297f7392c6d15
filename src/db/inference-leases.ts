import type { LotReservation } from './consumption-lots.js';
import { isUniqueViolation, kindOf, type Db } from './knex.js';
import { rawRowsOf, rowsOf } from './rows.js';

/**
 * The rows behind crash recovery of inference (migration 0009): the registered processes, the
 * leases on concurrency slots with the tokens each stream has delivered, and the requests whose
 * process is gone.
 */

export interface ProcessRow {
  id: string;
  lockKey: number;
  host: string;
  pid: number;
  startedAtUs: number;
}

export interface LeaseRenewal {
  requestId: string;
  /** Completion tokens the stream has delivered so far (0 for a request that answers whole). */
  deliveredTokens: number;
}

/** A request still in progress whose slot is missing, expired, or held by a process proven dead. */
export interface AbandonedRequest {
  requestId: string;
  accountId: string;
  instrumentId: string;
  reservedTokens: number;
  admittedAtUs: number;
  supplierAttempts: number;
  /** From the slot: 0 when the slot is gone. */
  promptTokens: number;
  deliveredTokens: number;
  /**
   * The lots its tokens are reserved from (null: admitted before migration 0019), and its reserve of its key's budget.
   */
  reservedLots: LotReservation[] | null;
  budget: { apiKeyId: string; periodStartUs: number; reservedMicros: number } | null;
  /** Breaches recorded while it ran (migration 0027: a stream's late first token), as JSON text; null: none. */
  specBreaches: string | null;
}

/** Registers a process; false when its id or lock key is taken (pick others). */
export async function insertProcess(db: Db, row: ProcessRow): Promise<boolean> {
  try {
    await db('inference_processes').insert(processColumns(row));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Writes the row again if a sweep removed it while the process's liveness lock was lost. */
export async function restoreProcess(db: Db, row: ProcessRow): Promise<void> {
  await db('inference_processes').insert(processColumns(row)).onConflict('id').ignore();
}

/** Deletes those of `ids` that hold no slot any more; answers the ids deleted. */
export async function deleteIdleProcesses(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const idle = await rowsOf<{ id: string }>(
    db('inference_processes as p')
      .whereIn('p.id', ids)
      .whereNotExists(db('inference_slots as s').whereRaw('s.process_id = p.id'))
      .select('p.id'),
  );
  if (idle.length === 0) return [];
  const idleIds = idle.map((r) => r.id);
  // A slot admitted meanwhile keeps its process row (its lease still covers it either way).
  await db('inference_processes as p')
    .whereIn('p.id', idleIds)
    .whereNotExists(db('inference_slots as s').whereRaw('s.process_id = p.id'))
    .delete();
  return idleIds;
}

const renewSql = {
  postgres: `update inference_slots as s
                set expires_at_us = ?, delivered_tokens = greatest(s.delivered_tokens, v.tokens)
               from json_to_recordset(?::json) as v(id text, tokens bigint)
              where s.request_id = v.id and s.process_id = ?
          returning s.request_id`,
  // `+process_id`: without it SQLite walks the process's slots and scans the JSON for each
  // (quadratic: 250 ms for 400 leases); this way it looks each lease up by key (3 ms).
  sqlite: `update inference_slots
              set expires_at_us = ?, delivered_tokens = max(inference_slots.delivered_tokens, v.tokens)
             from (select json_extract(value, '$.id') as id, json_extract(value, '$.tokens') as tokens from json_each(?)) as v
            where inference_slots.request_id = v.id and +inference_slots.process_id = ?
        returning request_id`,
} as const;

/**
 * Renews the leases of `processId`'s requests to `expiresAtUs` and records their delivered tokens
 * (never lowering them), in one statement of fixed text for any number of requests. Answers the
 * requests renewed: one missing was settled, or swept as abandoned.
 */
export async function renewLeases(
  db: Db,
  processId: string,
  renewals: readonly LeaseRenewal[],
  expiresAtUs: number,
): Promise<Set<string>> {
  if (renewals.length === 0) return new Set();
  const rows = JSON.stringify(renewals.map((r) => ({ id: r.requestId, tokens: r.deliveredTokens })));
  const renewed = await rawRowsOf<{ request_id: string }>(db.raw(renewSql[kindOf(db)], [expiresAtUs, rows, processId]));
  return new Set(renewed.map((r) => r.request_id));
}

/** Up to `limit` requests in progress whose slot is missing, expired at `nowUs`, or held by one of `deadProcessIds`. */
export async function abandonedRequests(
  db: Db,
  nowUs: number,
  deadProcessIds: readonly string[],
  limit: number,
): Promise<AbandonedRequest[]> {
  const rows = await rowsOf<AbandonedRequestAsRead>(
    db('inference_requests as r')
      .leftJoin('inference_slots as s', 's.request_id', 'r.id')
      .where('r.status', 'in_progress')
      .andWhere((gone) => {
        gone.whereNull('s.request_id').orWhere('s.expires_at_us', '<=', nowUs);
        if (deadProcessIds.length > 0) gone.orWhereIn('s.process_id', deadProcessIds);
      })
      .orderBy('r.created_at_us')
      .limit(limit)
      .select(
        'r.id',
        'r.api_key_id',
        'r.consumption_account_id',
        'r.instrument_id',
        'r.reserved_tokens',
        'r.supplier_attempts',
        'r.created_at_us',
        'r.reserved_lots',
        'r.budget_reserved_micros',
        'r.budget_period_start_us',
        'r.spec_breaches',
        's.prompt_tokens',
        's.delivered_tokens',
      ),
  );
  return rows.map(abandonedRequestOf);
}

/** A request in progress and its slot's counts, as the abandoned-request query selects them. */
interface AbandonedRequestAsRead {
  api_key_id: string;
  reserved_lots: string | null;
  budget_reserved_micros: number | string | null;
  budget_period_start_us: number | string | null;
  id: string;
  consumption_account_id: string;
  instrument_id: string;
  reserved_tokens: number | string;
  supplier_attempts: number;
  created_at_us: number | string;
  prompt_tokens: number | string | null;
  delivered_tokens: number | string | null;
  spec_breaches: string | null;
}

function abandonedRequestOf(r: AbandonedRequestAsRead): AbandonedRequest {
  return {
    requestId: r.id,
    accountId: r.consumption_account_id,
    instrumentId: r.instrument_id,
    reservedTokens: Number(r.reserved_tokens),
    admittedAtUs: Number(r.created_at_us),
    supplierAttempts: Number(r.supplier_attempts),
    promptTokens: Number(r.prompt_tokens ?? 0),
    deliveredTokens: Number(r.delivered_tokens ?? 0),
    specBreaches: r.spec_breaches,
    reservedLots: r.reserved_lots === null ? null : (JSON.parse(r.reserved_lots) as LotReservation[]),
    budget:
      r.budget_reserved_micros === null
        ? null
        : {
            apiKeyId: r.api_key_id,
            periodStartUs: Number(r.budget_period_start_us),
            reservedMicros: Number(r.budget_reserved_micros),
          },
  };
}

function processColumns(row: ProcessRow) {
  return { id: row.id, lock_key: row.lockKey, host: row.host, pid: row.pid, started_at_us: row.startedAtUs };
}
