import { statement, type Sql } from './sql.js';
import { oneRow } from './rows.js';
import { claimUsedTicket } from './tickets.js';

/**
 * What inference admission reads and writes (migrations 0006 and 0009): the user's snapshot, the
 * daily count of free accounts, and the slot and receipt of an admitted request.
 */
export interface AdmissionSnapshotRow {
  account_mode: string;
  deposited: number | string | null;
  usd_available: number | string | null;
  usd_locked: number | string | null;
  account_id: string | null;
  tokens_available: number | string | null;
  active_slots: number | string;
  expired_lots: number | string | null;
  next_lot_supplier: string | null;
  /**
   * The calling key (null: deleted), whether it is active, and its limits (migration 0016; null columns when it has
   * none).
   */
  key_id: string | null;
  key_active: boolean | number | null;
  key_expires_at_us: number | string | null;
  key_limit_usd_micros: number | string | null;
  key_limit_reset: string | null;
  key_allowed_models: string | null;
  /** The account's default price cap of inference (migration 0016's `auto_buy_max_price_ticks`); null: none. */
  default_max_price_ticks: number | string | null;
  /** Whether the account has auto top-up on (migration 0023): its settlements are then checked for a top-up. */
  auto_top_up_enabled: boolean | number | null;
  /** The earliest expiry of the consumption account's lots that hold tokens; null: none. */
  lots_expire_at_us: number | string | null;
}

/**
 * Everything admission decides on, in one statement: the user's mode, USD account, consumption
 * account of the instrument, live slots, lots awaiting write-off, and the supplier of the lot the
 * request draws from first (oldest first, as settlement draws), the calling key with its limits, and
 * the account's default price cap.
 */
const snapshot = statement(
  'admission_snapshot',
  `SELECT u.account_mode, c.deposited, c.available AS usd_available, c.locked AS usd_locked, t.id AS account_id, t.available AS tokens_available,
     (SELECT count(*) FROM inference_slots s WHERE s.user_id = u.id AND s.expires_at_us > ?) AS active_slots,
     (SELECT count(*) FROM consumption_lots l WHERE l.account_id = t.id AND l.expires_at_us <= ? AND l.tokens_remaining > 0) AS expired_lots,
     (SELECT min(l.expires_at_us) FROM consumption_lots l WHERE l.account_id = t.id AND l.tokens_remaining > 0) AS lots_expire_at_us,
     (SELECT l.supplier_user_id FROM consumption_lots l WHERE l.account_id = t.id AND l.tokens_remaining > 0 AND l.expires_at_us > ? ORDER BY l.expires_at_us, l.id LIMIT 1) AS next_lot_supplier,
     k.id AS key_id, k.active AS key_active, k.expires_at_us AS key_expires_at_us, k.limit_usd_micros AS key_limit_usd_micros, k.limit_reset AS key_limit_reset,
     k.allowed_models AS key_allowed_models, st.auto_buy_max_price_ticks AS default_max_price_ticks, st.auto_top_up_enabled
   FROM users u
   LEFT JOIN ledger_accounts c ON c.user_id = u.id AND c.kind = 'currency' AND c.asset = ?
   LEFT JOIN ledger_accounts t ON t.user_id = u.id AND t.kind = 'consumption' AND t.asset = ?
   LEFT JOIN api_keys k ON k.id = ? AND k.user_id = u.id
   LEFT JOIN account_settings st ON st.user_id = u.id
   WHERE u.id = ?`,
);

export function admissionSnapshot(
  sql: Sql,
  userId: string,
  apiKeyId: string,
  usdAsset: string,
  tokensAsset: string,
  nowUs: number,
): Promise<AdmissionSnapshotRow | undefined> {
  return sql.get<AdmissionSnapshotRow>(snapshot, [nowUs, nowUs, nowUs, usdAsset, tokensAsset, apiKeyId, userId]);
}

const requestsSince = statement(
  'inference_requests_since',
  'SELECT count(*) AS n FROM inference_requests WHERE user_id = ? AND created_at_us >= ?',
);

/** Inference requests the user made since `sinceUs`. */
export async function inferenceRequestsSince(sql: Sql, userId: string, sinceUs: number): Promise<number> {
  return Number(oneRow(await sql.get<{ n: number | string }>(requestsSince, [userId, sinceUs]), 'a count').n);
}

/** PostgreSQL only: SQLite has one writer, so a transaction holds every user's slots anyway. */
const lockSlots = statement('inference_slots_lock_user', '', 'SELECT pg_advisory_xact_lock(hashtext(?))');

/** Slots are counted and taken under one lock per user, in every process, until the transaction ends. */
export async function lockUserSlots(sql: Sql, userId: string): Promise<void> {
  if (sql.kind !== 'postgres') return;
  await sql.run(lockSlots, [`slots:${userId}`]);
}

/**
 * PostgreSQL: a ticket's claim, then the user's slot lock, in one round trip (the lock is taken for the claim's row, so
 * after it, as two statements would take them).
 */
const claimTicketThenLock = statement(
  'inference_ticket_claim_lock_user',
  '',
  `WITH claim AS (INSERT INTO used_tickets (expires_at_us, ticket_id) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING 1)
   SELECT c.claimed, pg_advisory_xact_lock(hashtext(?)) AS locked FROM (SELECT count(*) AS claimed FROM claim) c`,
);

/**
 * The admission's first writes: the ticket the run came with claimed used (false, and nothing else done, when it was
 * used before, in any process), then the user's slots locked (`lockUserSlots`).
 */
export async function claimTicketAndLockSlots(
  sql: Sql,
  ticket: { id: string; expiresAtUs: number },
  userId: string,
): Promise<boolean> {
  if (sql.kind !== 'postgres') return claimUsedTicket(sql, ticket.id, ticket.expiresAtUs);
  const row = await sql.get<{ claimed: number | string }>(claimTicketThenLock, [
    ticket.expiresAtUs,
    ticket.id,
    `slots:${userId}`,
  ]);
  return Number(oneRow(row, 'the claim and the lock').claimed) === 1;
}

interface SlotRow {
  request_id: string;
  user_id: string;
  acquired_at_us: number;
  expires_at_us: number;
  process_id: string | null;
  prompt_tokens: number;
}

const insertSlot = statement(
  'inference_slot_insert',
  'INSERT INTO inference_slots (request_id, user_id, acquired_at_us, expires_at_us, process_id, prompt_tokens) VALUES (?, ?, ?, ?, ?, ?)',
);

async function insertInferenceSlot(sql: Sql, slot: SlotRow): Promise<void> {
  await sql.run(insertSlot, slotParams(slot));
}

interface AdmittedRequestRow {
  id: string;
  user_id: string;
  api_key_id: string;
  model: string;
  instrument_id: string;
  endpoint: string;
  stream: boolean;
  reserved_tokens: number;
  consumption_account_id: string;
  created_at_us: number;
  /** The lots its tokens are reserved from (JSON of LotReservation[]), and its reserve of its key's budget. */
  reserved_lots: string;
  budget_reserved_micros: number | null;
  budget_period_start_us: number | null;
}

/** The receipt of an admitted request: in progress, its whole reservation as its cost until settled. */
const insertRequest = statement(
  'inference_request_insert',
  `INSERT INTO inference_requests (id, user_id, api_key_id, model, instrument_id, endpoint, stream, status, reserved_tokens, cost_tokens, cost_status, consumption_account_id, created_at_us, reserved_lots, budget_reserved_micros, budget_period_start_us)
   VALUES (?, ?, ?, ?, ?, ?, ?, 'in_progress', ?, ?, 'reserved', ?, ?, ?, ?, ?)`,
);

async function insertAdmittedRequest(sql: Sql, row: AdmittedRequestRow): Promise<void> {
  await sql.run(insertRequest, requestParams(row));
}

const requestParams = (row: AdmittedRequestRow) => [
  row.id,
  row.user_id,
  row.api_key_id,
  row.model,
  row.instrument_id,
  row.endpoint,
  row.stream,
  row.reserved_tokens,
  row.reserved_tokens,
  row.consumption_account_id,
  row.created_at_us,
  row.reserved_lots,
  row.budget_reserved_micros,
  row.budget_period_start_us,
];
const slotParams = (slot: SlotRow) => [
  slot.request_id,
  slot.user_id,
  slot.acquired_at_us,
  slot.expires_at_us,
  slot.process_id,
  slot.prompt_tokens,
];

/** PostgreSQL: the slot and the receipt in one round trip (the admission holds the user's slot lock meanwhile). */
const insertSlotAndRequest = statement(
  'inference_slot_and_request_insert',
  '',
  `WITH slot AS (${insertSlot.sqlite})
   ${insertRequest.sqlite}`,
);

/**
 * The slot and the receipt of an admitted request: one statement on PostgreSQL, two on SQLite (no writes in a WITH
 * there).
 */
export async function insertAdmission(sql: Sql, slot: SlotRow, request: AdmittedRequestRow): Promise<void> {
  if (sql.kind === 'postgres') {
    await sql.run(insertSlotAndRequest, [...slotParams(slot), ...requestParams(request)]);
    return;
  }
  await insertInferenceSlot(sql, slot);
  await insertAdmittedRequest(sql, request);
}

// ---- settlement -------------------------------------------------------------------------------------

const claimReceipt = statement(
  'inference_request_claim',
  "UPDATE inference_requests SET status = ? WHERE id = ? AND status = 'in_progress'",
);

/** Claims an in-progress receipt for settlement; false when someone settled it already. */
export async function claimInferenceReceipt(sql: Sql, requestId: string, status: string): Promise<boolean> {
  return (await sql.run(claimReceipt, [status, requestId])) === 1;
}

export interface SettledReceipt {
  status: string;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  time_to_first_token_ms: number | null;
  tokens_per_second: number | null;
  duration_ms: number;
  cost_tokens: number;
  cost_usd_micros: number;
  cost_status: 'settled' | 'not_billed';
  supplier_attempts: number;
  supplier_user_id: string | null;
  endpoint_id: string | null;
  completed_at_us: number;
  /** The judgment (migration 0027): JSON text, null when there is nothing to record. */
  spec_breaches: string | null;
  tool_call_errors: string | null;
  attempt_measurements: string | null;
}

export const settledColumns = [
  'status',
  'prompt_tokens',
  'completion_tokens',
  'reasoning_tokens',
  'time_to_first_token_ms',
  'tokens_per_second',
  'duration_ms',
  'cost_tokens',
  'cost_usd_micros',
  'cost_status',
  'supplier_attempts',
  'supplier_user_id',
  'endpoint_id',
  'completed_at_us',
  'spec_breaches',
  'tool_call_errors',
  'attempt_measurements',
] as const satisfies readonly (keyof SettledReceipt)[];

const completeReceipt = statement(
  'inference_request_complete',
  `UPDATE inference_requests SET ${settledColumns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
);
const deleteSlot = statement('inference_slot_delete', 'DELETE FROM inference_slots WHERE request_id = ?');

/** PostgreSQL: both in one round trip (the settlement holds the consumption account's row lock meanwhile). */
const completeAndRelease = statement(
  'inference_request_complete_release',
  '',
  `WITH done AS (${completeReceipt.sqlite} RETURNING id)
   DELETE FROM inference_slots WHERE request_id IN (SELECT id FROM done)`,
);

const settleReceipt = statement(
  'inference_request_settle',
  `UPDATE inference_requests SET ${settledColumns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND status = 'in_progress'`,
);

/** PostgreSQL: the claim, the receipt and the slot in one round trip, before the settlement locks the account's row. */
const settleAndRelease = statement(
  'inference_request_settle_release',
  '',
  `WITH done AS (${settleReceipt.sqlite} RETURNING id),
   released AS (DELETE FROM inference_slots WHERE request_id IN (SELECT id FROM done))
   SELECT count(*) AS n FROM done`,
);

/**
 * Claims an in-progress receipt and completes it at once, giving its slot back: false (nothing written) when someone
 * settled it already. For a settlement that knows its cost before it writes the ledger.
 */
export async function settleInferenceReceipt(sql: Sql, requestId: string, receipt: SettledReceipt): Promise<boolean> {
  const params = [...settledColumns.map((c) => receipt[c]), requestId];
  if (sql.kind === 'postgres')
    return Number(oneRow(await sql.get<{ n: number | string }>(settleAndRelease, params), 'a count').n) === 1;
  if ((await sql.run(settleReceipt, params)) !== 1) return false;
  await sql.run(deleteSlot, [requestId]);
  return true;
}

/** Completes the receipt and gives its slot back. */
export async function completeInferenceReceipt(sql: Sql, requestId: string, receipt: SettledReceipt): Promise<void> {
  const params = [...settledColumns.map((c) => receipt[c]), requestId];
  if (sql.kind === 'postgres') {
    await sql.run(completeAndRelease, params);
    return;
  }
  await sql.run(completeReceipt, params);
  await sql.run(deleteSlot, [requestId]);
}

const recordBreaches = statement(
  'inference_request_record_breaches',
  "UPDATE inference_requests SET spec_breaches = ? WHERE id = ? AND status = 'in_progress'",
);

/**
 * Records a breach known before the request ends (a stream's late first token) on its receipt while it is in progress,
 * so that whoever settles it, the request or the sweep of abandoned requests, finds it. False when it was settled.
 */
export async function recordInProgressBreaches(sql: Sql, requestId: string, specBreaches: string): Promise<boolean> {
  return (await sql.run(recordBreaches, [specBreaches, requestId])) === 1;
}
