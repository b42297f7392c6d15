import type { AdmissionSnapshotRow } from './inference-requests.js';
import { assert } from '../lib/assert.js';
import type { LotReservation } from './consumption-lots.js';
import { statement, type Param, type Sql } from './sql.js';

/**
 * A request's admission on PostgreSQL as ONE statement (issue 33, item 4), the way src/db/trading-batch.ts writes a
 * trading batch: the ticket's claim, the snapshot admission decides on (src/db/inference-requests.ts), the daily
 * count, the tokens the account holds within the price cap, the journal entry that locks them, their reservation
 * from named lots, the key's budget reserve, the slot and the receipt. Each write is gated on what comes before it
 * (a claimed ticket, an account that holds the tokens, the entry applied, every token reserved), and the statement
 * answers what it saw and did: the caller decides the refusals in their order (capacity.ts), and rolls back a
 * transaction it refuses. The user's slot lock is taken before, with the BEGIN (`slotLockText`): the statement's
 * snapshot, taken after it, counts every slot committed before it.
 */

/** What the caller knows beforehand. */
export interface AdmissionWrite {
  requestId: string;
  userId: string;
  apiKeyId: string;
  /** The ticket to claim used, if the run came with one. */
  ticket: { id: string; expiresAtUs: number } | undefined;
  usdAsset: string;
  tokensAsset: string;
  /** The request's own price cap (null: none); undefined: the account's default applies. */
  askedCapTicks: number | null | undefined;
  microsPerTick: number;
  /** The account the caller made sure holds the tokens; null: the statement reserves only if the snapshot shows them. */
  knownAccountId: string | null;
  tokens: number;
  promptTokens: number;
  dayStartUs: number;
  tokensPerUnit: number;
  /** The start of the budget period of each reset a key may have (a key without one: 0). */
  periodStarts: readonly { reset: string; startUs: number }[];
  slot: { expiresAtUs: number; processId: string | null };
  receipt: { model: string; instrumentId: string; endpoint: string; stream: boolean };
  nowUs: number;
}

/** The answer: the snapshot, and what was done. */
export interface AdmissionDone extends AdmissionSnapshotRow {
  claimed: boolean;
  requests_today: number | string;
  free_within_cap: number | string | null;
  cap_ticks: number | string | null;
  /** The account whose tokens were reserved (null: the snapshot did not show them, nothing written but the claim). */
  holding_account: string | null;
  moved: number | string;
  lots_tokens: number | string;
  /** The lots reserved from, in the order they are drawn (null: none); pg answers their numbers as text. */
  lot_ids: (number | string)[] | null;
  lot_takes: (number | string)[] | null;
  lot_prices: (number | string | null)[] | null;
  reserve_micros: number | string;
  period_start_us: number | string;
  budget_reserved: number | string;
  recorded: number | string;
}

const admit = statement(
  'inference_admit_at_once',
  '',
  `WITH claim AS (
     INSERT INTO used_tickets (expires_at_us, ticket_id) SELECT ?::bigint, ?::text WHERE ?::boolean ON CONFLICT DO NOTHING RETURNING 1
   ), claimed AS (
     SELECT NOT ?::boolean OR EXISTS (SELECT 1 FROM claim) AS ok
   ), seen AS (
     SELECT u.account_mode, c.deposited, c.available AS usd_available, c.locked AS usd_locked, t.id AS account_id, t.available AS tokens_available,
       (SELECT count(*) FROM inference_slots s WHERE s.user_id = u.id AND s.expires_at_us > ?::bigint) AS active_slots,
       (SELECT count(*) FROM consumption_lots l WHERE l.account_id = t.id AND l.expires_at_us <= ?::bigint AND l.tokens_remaining > 0) AS expired_lots,
       (SELECT min(l.expires_at_us) FROM consumption_lots l WHERE l.account_id = t.id AND l.tokens_remaining > 0) AS lots_expire_at_us,
       (SELECT l.supplier_user_id FROM consumption_lots l WHERE l.account_id = t.id AND l.tokens_remaining > 0 AND l.expires_at_us > ?::bigint ORDER BY l.expires_at_us, l.id LIMIT 1) AS next_lot_supplier,
       k.id AS key_id, k.active AS key_active, k.expires_at_us AS key_expires_at_us, k.limit_usd_micros AS key_limit_usd_micros, k.limit_reset AS key_limit_reset,
       k.allowed_models AS key_allowed_models, st.auto_buy_max_price_ticks AS default_max_price_ticks, st.auto_top_up_enabled,
       CASE WHEN ?::boolean THEN ?::bigint ELSE st.auto_buy_max_price_ticks END AS cap_ticks
     FROM users u
     LEFT JOIN ledger_accounts c ON c.user_id = u.id AND c.kind = 'currency' AND c.asset = ?::text
     LEFT JOIN ledger_accounts t ON t.user_id = u.id AND t.kind = 'consumption' AND t.asset = ?::text
     LEFT JOIN api_keys k ON k.id = ?::text AND k.user_id = u.id
     LEFT JOIN account_settings st ON st.user_id = u.id
     WHERE u.id = ?::text
   ), counted AS (
     SELECT s.*,
       CASE WHEN COALESCE(s.deposited, 0) > 0 THEN 0
         ELSE (SELECT count(*) FROM inference_requests r WHERE r.user_id = ?::text AND r.created_at_us >= ?::bigint) END AS requests_today,
       CASE WHEN s.cap_ticks IS NULL OR s.account_id IS NULL THEN NULL
         ELSE (SELECT COALESCE(sum(l.tokens_remaining - l.tokens_reserved), 0) FROM consumption_lots l
           WHERE l.account_id = s.account_id AND l.expires_at_us > ?::bigint AND l.tokens_remaining > l.tokens_reserved
             AND (l.usd_micros_per_unit IS NULL OR l.usd_micros_per_unit <= s.cap_ticks * ?::bigint)) END AS free_within_cap
     FROM seen s
   ), chosen AS (
     SELECT c.*, CASE
       WHEN NOT (SELECT ok FROM claimed) THEN NULL
       WHEN ?::text IS NOT NULL THEN ?::text
       WHEN c.account_id IS NOT NULL AND c.expired_lots = 0 AND c.tokens_available >= ?::bigint
         AND (c.cap_ticks IS NULL OR c.free_within_cap >= ?::bigint) THEN c.account_id
       END AS holding_account
     FROM counted c
   ), entry AS (
     INSERT INTO journal_entries (kind, reference, created_at_us)
     SELECT 'inference_reserve', ?::text, ?::bigint FROM chosen WHERE holding_account IS NOT NULL AND ?::bigint > 0 RETURNING id
   ), posted AS (
     INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount)
     SELECT entry.id, c.holding_account, v.bucket, ?::text, v.amount
     FROM entry, chosen c, (VALUES (1, 'available', -?::bigint), (2, 'locked', ?::bigint)) AS v (ord, bucket, amount) ORDER BY v.ord
   ), moved AS (
     UPDATE ledger_accounts a SET available = a.available - ?::bigint, locked = a.locked + ?::bigint, updated_at_us = ?::bigint
     FROM chosen c WHERE a.id = c.holding_account AND EXISTS (SELECT 1 FROM entry) AND a.available >= ?::bigint
     RETURNING a.id
   ), free AS (
     SELECT l.id, l.expires_at_us, l.usd_micros_per_unit, l.tokens_remaining - l.tokens_reserved AS free,
       sum(l.tokens_remaining - l.tokens_reserved) OVER (ORDER BY l.expires_at_us, l.id) AS upto
     FROM consumption_lots l, chosen c
     WHERE (SELECT count(*) FROM moved) = 1 AND l.account_id = c.holding_account AND l.expires_at_us > ?::bigint
       AND l.tokens_remaining > l.tokens_reserved AND (c.cap_ticks IS NULL OR COALESCE(l.usd_micros_per_unit, 0) <= c.cap_ticks * ?::bigint)
   ), take AS (
     SELECT id, expires_at_us, usd_micros_per_unit, least(free, ?::bigint - (upto - free)) AS take FROM free
     WHERE upto - free < ?::bigint AND (SELECT max(upto) FROM free) >= ?::bigint
   ), reserved AS (
     UPDATE consumption_lots l SET tokens_reserved = l.tokens_reserved + take.take FROM take
     WHERE l.id = take.id AND l.tokens_remaining - l.tokens_reserved >= take.take
     RETURNING l.id, take.take, take.usd_micros_per_unit, take.expires_at_us
   ), lots AS (
     SELECT COALESCE(sum(take), 0) AS tokens,
       COALESCE(json_agg(json_build_array(id, take, usd_micros_per_unit) ORDER BY expires_at_us, id), '[]'::json)::text AS json,
       array_agg(id ORDER BY expires_at_us, id) AS ids, array_agg(take ORDER BY expires_at_us, id) AS takes,
       array_agg(usd_micros_per_unit ORDER BY expires_at_us, id) AS prices,
       div(COALESCE(sum(take::numeric * COALESCE(usd_micros_per_unit, 0)), 0) + ?::bigint - 1, ?::bigint) AS reserve_micros
     FROM reserved
   ), budget AS (
     SELECT c.key_limit_usd_micros AS limit_micros, lots.reserve_micros,
       c.holding_account IS NOT NULL AND lots.tokens = ?::bigint AS reserved_all,
       COALESCE((SELECT p.start_us FROM unnest(?::text[], ?::bigint[]) AS p (reset, start_us) WHERE p.reset = c.key_limit_reset), 0) AS period_start_us
     FROM chosen c, lots
   ), spend AS (
     INSERT INTO api_key_spend (api_key_id, period_start_us, spent_micros, reserved_micros)
     SELECT ?::text, b.period_start_us, 0, b.reserve_micros FROM budget b
     WHERE b.reserved_all AND b.limit_micros IS NOT NULL AND b.reserve_micros <= b.limit_micros
     ON CONFLICT (api_key_id, period_start_us) DO UPDATE SET reserved_micros = api_key_spend.reserved_micros + EXCLUDED.reserved_micros
     WHERE api_key_spend.spent_micros + api_key_spend.reserved_micros + EXCLUDED.reserved_micros <= (SELECT limit_micros FROM budget)
     RETURNING 1
   ), slot AS (
     INSERT INTO inference_slots (request_id, user_id, acquired_at_us, expires_at_us, process_id, prompt_tokens)
     SELECT ?::text, ?::text, ?::bigint, ?::bigint, ?::text, ?::bigint FROM budget WHERE reserved_all
   ), receipt AS (
     INSERT INTO inference_requests (id, user_id, api_key_id, model, instrument_id, endpoint, stream, status, reserved_tokens, cost_tokens, cost_status,
       consumption_account_id, created_at_us, reserved_lots, budget_reserved_micros, budget_period_start_us)
     SELECT ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::boolean, 'in_progress', ?::bigint, ?::bigint, 'reserved',
       c.holding_account, ?::bigint, lots.json, CASE WHEN b.limit_micros IS NULL THEN 0 ELSE b.reserve_micros END, b.period_start_us
     FROM chosen c, lots, budget b WHERE b.reserved_all
     RETURNING 1
   )
   SELECT c.*, (SELECT ok FROM claimed) AS claimed, (SELECT count(*) FROM moved) AS moved, lots.tokens AS lots_tokens, lots.ids AS lot_ids, lots.takes AS lot_takes, lots.prices AS lot_prices,
     b.reserve_micros, b.period_start_us, (SELECT count(*) FROM spend) AS budget_reserved, (SELECT count(*) FROM receipt) AS recorded
   FROM chosen c, lots, budget b`,
);

/** The parameters of the statement, in its order. */
function admitParams(w: AdmissionWrite): Param[] {
  const { nowUs, tokens } = w;
  const named = w.askedCapTicks !== undefined;
  return [
    ...[w.ticket?.expiresAtUs ?? 0, w.ticket?.id ?? '', w.ticket !== undefined, w.ticket !== undefined],
    ...[nowUs, nowUs, nowUs, named, w.askedCapTicks ?? null, w.usdAsset, w.tokensAsset, w.apiKeyId, w.userId],
    ...[w.userId, w.dayStartUs, nowUs, w.microsPerTick],
    ...[w.knownAccountId, w.knownAccountId, tokens, tokens],
    ...[w.requestId, nowUs, tokens, w.tokensAsset, tokens, tokens],
    ...[tokens, tokens, nowUs, tokens],
    ...[nowUs, w.microsPerTick, tokens, tokens, tokens],
    ...[w.tokensPerUnit, w.tokensPerUnit],
    ...[tokens, w.periodStarts.map((p) => p.reset), w.periodStarts.map((p) => p.startUs), w.apiKeyId],
    ...[w.requestId, w.userId, nowUs, w.slot.expiresAtUs, w.slot.processId, w.promptTokens],
    ...[
      w.requestId,
      w.userId,
      w.apiKeyId,
      w.receipt.model,
      w.receipt.instrumentId,
      w.receipt.endpoint,
      w.receipt.stream,
    ],
    ...[tokens, tokens, nowUs],
  ];
}

/** The statement's answer; undefined when the user does not exist. */
export async function admitAtOnce(sql: Sql, write: AdmissionWrite): Promise<AdmissionDone | undefined> {
  return sql.get<AdmissionDone>(admit, admitParams(write));
}

/** The lots the statement reserved from, as the receipt records them. */
export function reservedLotsOf(done: AdmissionDone): LotReservation[] {
  const ids = done.lot_ids ?? [];
  return ids.map((id, i): LotReservation => {
    const price = done.lot_prices?.[i] ?? null;
    return [Number(id), Number(done.lot_takes?.[i]), price === null ? null : Number(price)];
  });
}

/**
 * What runs with the BEGIN of an admission's transaction, in the same round trip: the user's slot lock (the one
 * `lockUserSlots` takes, so processes of either build exclude each other). A simple query takes no parameters: the
 * user's id is checked to be one mkt makes, so it stands in the text as it is.
 */
export function slotLockText(userId: string): string {
  assert(/^[A-Za-z0-9_-]+$/.test(userId), `a user id is letters, digits, _ and -, got ${userId}`);
  return `SELECT pg_advisory_xact_lock(hashtext('slots:${userId}'))`;
}
