import {
  claimInferenceReceipt,
  completeInferenceReceipt,
  settleInferenceReceipt,
  type SettledReceipt,
} from '../../db/inference-requests.js';
import { inSqlTransaction, inTransaction } from '../../db/group-commit.js';
import type { Db } from '../../db/knex.js';
import { poolSql, sqlOf } from '../../db/sql.js';
import { hasExpiredLots } from '../../db/consumption-lots.js';
import { settleAtOnce, writesAtOnce } from '../../db/inference-settlement.js';
import type { KeySpendTrueUp } from '../../db/key-spend.js';
import { announceCommitted } from '../../core/announcements.js';
import { tokensOf } from '../../ledger/assets.js';
import { consumeTokens, reservationDraws, settleReservation, type LotDraw } from '../../ledger/consumption.js';
import type { LotReservation } from '../../db/consumption-lots.js';
import { trueUpBudget, type BudgetHold } from '../capacity/key-limits.js';
import { move, post } from '../../ledger/journal.js';
import { consumedAccount } from '../../ledger/consumed-accounts.js';
import { reservationSettlementWrite } from '../../ledger/reservation-settlement.js';
import { assert } from '../../lib/assert.js';
import type { InstrumentRow } from '../../core/reference.js';
import type { SpecBreach, ToolCallError } from './judgment.js';
import { recordOf } from '../../db/judgment-records.js';

/**
 * `schema_mismatch`: delivered, but not fitting the output format the caller chose. `out_of_spec`:
 * delivered, but the supplier broke the instrument's own guarantees (older receipts also used it
 * for a missed caller schema, when that was not billed).
 */
export type RequestStatus = 'succeeded' | 'failed' | 'cancelled' | 'schema_mismatch' | 'out_of_spec';

/** How a request ended, as the gateway measured it. */
export interface RequestOutcome {
  status: RequestStatus;
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  timeToFirstTokenMs: number | null;
  tokensPerSecond: number | null;
  supplierAttempts: number;
  supplierUserId: string | null;
  /** The endpoint that answered (supplier_endpoints, migration 0028); absent when none did. */
  endpointId?: string | null;
  /** The guarantees the answer broke (judgment.ts): any makes the status `out_of_spec`. */
  specBreaches: readonly SpecBreach[];
  toolCallErrors: readonly ToolCallError[];
  /** What was measured of the attempt that answered, for the suppliers' scorecards; null when none answered. */
  measurements: AttemptRecord | null;
}

/** The measurements of the answering attempt as its receipt records them. */
export interface AttemptRecord {
  /** A stream's: its request sent → its first content; its output rate after that. */
  time_to_first_token_ms: number | null;
  tokens_per_second: number | null;
  /** A whole answer's: its request sent → the whole answer received. */
  answer_ms: number | null;
  completion_tokens: number;
  finish_reason: string | null;
  tool_calls: number;
}

export interface OpenRequest {
  requestId: string;
  accountId: string;
  instrument: InstrumentRow;
  reservedTokens: number;
  /**
   * The lots its tokens are reserved from; null for a request admitted before migration 0019 (drawn oldest lot first).
   */
  reservedLots: LotReservation[] | null;
  /**
   * Its reserve of its key's budget (0 for a key without one, whose cost is still recorded), trued up here; null for a
   * request admitted before migration 0019.
   */
  budget: BudgetHold | null;
  admittedAtUs: number;
  /**
   * Whether its account had auto top-up on at admission (read there, under the user's slot lock); undefined when not
   * known (a request settled by the sweep): its settlement is then passed on to auto top-up, which reads the settings.
   */
  autoTopUp?: boolean;
  /**
   * The earliest expiry of its account's lots that held tokens when it was admitted: before then no lot of the account
   * can have expired (one that arrives later expires 4 hours after it), so its settlement need not look for expired
   * lots. Null or undefined (a request settled by the sweep): it looks.
   */
  lotsExpireAtUs?: number | null;
}

/**
 * Billed: whatever reached the caller (DESIGN.md §7): a success, an answer that misses the schema
 * the caller chose, and what was delivered before the client went away. Not billed (specification
 * part 1): a failure, and an answer whose supplier broke the instrument's guarantees. No status a
 * caller can bring about by the shape of its request is free.
 */
const billed = (status: RequestStatus): boolean =>
  status === 'succeeded' || status === 'schema_mismatch' || status === 'cancelled';

/** What a settled request cost: the tokens billed and their USD, as its receipt records them, and why not billed. */
export interface Settled {
  costTokens: number;
  costUsdMicros: number;
  costStatus: SettledReceipt['cost_status'];
  specBreaches: readonly SpecBreach[];
}

/** The receipt's columns of a settled request. */
function receiptOf(
  request: OpenRequest,
  outcome: RequestOutcome,
  cost: { tokens: number; usdMicros: number },
  nowUs: number,
): SettledReceipt {
  return {
    status: outcome.status,
    prompt_tokens: outcome.promptTokens,
    completion_tokens: outcome.completionTokens,
    reasoning_tokens: outcome.reasoningTokens,
    time_to_first_token_ms: outcome.timeToFirstTokenMs,
    tokens_per_second: outcome.tokensPerSecond,
    duration_ms: Math.max(0, Math.round((nowUs - request.admittedAtUs) / 1000)),
    cost_tokens: cost.tokens,
    cost_usd_micros: cost.usdMicros,
    cost_status: costStatusOf(outcome.status),
    supplier_attempts: outcome.supplierAttempts,
    supplier_user_id: outcome.supplierUserId,
    endpoint_id: outcome.endpointId ?? null,
    completed_at_us: nowUs,
    spec_breaches: recordOf(outcome.specBreaches),
    tool_call_errors: recordOf(outcome.toolCallErrors),
    attempt_measurements: outcome.measurements === null ? null : JSON.stringify(outcome.measurements),
  };
}

const costStatusOf = (status: RequestStatus): Settled['costStatus'] => (billed(status) ? 'settled' : 'not_billed');

/** What the draws cost, half up, in micro-dollars. */
function costUsdMicrosOf(draws: readonly LotDraw[], instrument: InstrumentRow): number {
  const tokensPerUnit = BigInt(instrument.tokens_per_unit);
  let costNumerator = 0n; // Σ tokens × micro-dollars per Unit
  for (const draw of draws) costNumerator += BigInt(draw.tokens) * BigInt(draw.usdMicrosPerUnit ?? 0);
  return Number((costNumerator * 2n + tokensPerUnit) / (2n * tokensPerUnit));
}

/** The tokens a request is billed: what it used, if billed at all, never more than it reserved. */
function chargeOf(request: OpenRequest, outcome: RequestOutcome): number {
  assert(
    !billed(outcome.status) || outcome.specBreaches.length === 0,
    `${request.requestId} broke its instrument's guarantees and must not be billed (status ${outcome.status})`,
  );
  const used = outcome.promptTokens + outcome.completionTokens;
  const charge = billed(outcome.status) ? Math.min(used, request.reservedTokens) : 0;
  assert(
    Number.isSafeInteger(charge) && charge >= 0,
    `charge of ${request.requestId} must be a non-negative safe integer, got ${charge}`,
  );
  return charge;
}

/**
 * Settles one request in one transaction (group-committed on SQLite: src/db/group-commit.ts), once: the tokens used
 * leave the reservation for system:consumed, the rest of the reservation is released, the receipt is completed, and
 * the slot is given back. A request never costs more than it reserved. Answers what it cost, or null when it was
 * already settled (by the request itself, or by the sweep of abandoned requests).
 *
 * Its cost is known from its reserved lots before anything is written, so the receipt is claimed and completed by its
 * first statement (whoever gets there first settles; the other finds it done and does nothing); then the ledger is
 * written (one journal entry, the lots and the account's withdrawals: src/ledger/consumption.ts) and the key's budget
 * trued up, in the order admission locks their rows (account, lots, budget), so that the account's row is held only
 * by the last statements of the transaction and the two never wait on each other in a cycle.
 */
export async function settleRequest(
  db: Db,
  request: OpenRequest,
  outcome: RequestOutcome,
  nowUs: number,
): Promise<Settled | null> {
  const { reservedLots } = request;
  if (reservedLots === null) return settleUnreserved(db, request, outcome, nowUs);
  const charge = chargeOf(request, outcome);
  const costUsdMicros = costUsdMicrosOf(reservationDraws(reservedLots, charge), request.instrument);
  const receipt = receiptOf(request, outcome, { tokens: charge, usdMicros: costUsdMicros }, nowUs);
  const settled = {
    costTokens: charge,
    costUsdMicros,
    costStatus: receipt.cost_status,
    specBreaches: outcome.specBreaches,
  };
  const keySpend = request.budget === null ? null : { ...request.budget, costMicros: costUsdMicros };
  if (writesAtOnce(db) && !(await mayHoldExpiredLots(db, request, nowUs))) {
    const write = { receipt, reservedLots, charge, keySpend };
    return (await settleInOneStatement(db, request, write, nowUs)) ? settled : null;
  }
  return inTransaction(db, async (trx) => {
    const sql = await sqlOf(trx);
    if (!(await settleInferenceReceipt(sql, request.requestId, receipt))) return null;
    await settleReservation(
      trx,
      {
        requestId: request.requestId,
        accountId: request.accountId,
        asset: tokensOf(request.instrument.id),
        reservations: reservedLots,
        reservedTokens: request.reservedTokens,
        chargedTokens: charge,
        lotsExpireAtUs: request.lotsExpireAtUs ?? null,
        // After the account's row and the lots', as admission takes them: the key's budget row is locked last.
        keySpend,
      },
      nowUs,
    );
    return settled;
  });
}

/**
 * Whether the account's lots may hold expired tokens to write off first (rarely: only once the earliest expiry
 * admission saw has passed, and then a plain read tells): such a settlement takes the path of several statements.
 */
async function mayHoldExpiredLots(db: Db, request: OpenRequest, nowUs: number): Promise<boolean> {
  const lotsExpireAtUs = request.lotsExpireAtUs ?? null;
  if (lotsExpireAtUs !== null && nowUs < lotsExpireAtUs) return false;
  return hasExpiredLots(poolSql(db), request.accountId, nowUs);
}

interface SettlementOf {
  receipt: SettledReceipt;
  reservedLots: LotReservation[];
  charge: number;
  keySpend: KeySpendTrueUp | null;
}

/**
 * PostgreSQL: the settlement as one statement in the driver's transaction (src/db/inference-settlement.ts), its
 * `accounts_changed` announced once committed. False when someone settled the request before (nothing written).
 */
async function settleInOneStatement(
  db: Db,
  request: OpenRequest,
  { receipt, reservedLots, charge, keySpend }: SettlementOf,
  nowUs: number,
): Promise<boolean> {
  const { requestId, accountId } = request;
  const asset = tokensOf(request.instrument.id);
  const consumed = await consumedAccount(db, asset, accountId, nowUs);
  const reservation = {
    requestId,
    accountId,
    asset,
    reservations: reservedLots,
    reservedTokens: request.reservedTokens,
  };
  const write = reservationSettlementWrite({ ...reservation, chargedTokens: charge }, consumed, nowUs);
  const settled = await inSqlTransaction(db, async (sql) => {
    const done = await settleAtOnce(sql, { requestId, receipt, ...write, keySpend });
    if (!done.settled) return false;
    assert(done.movedAccounts === write.changes.length, `the accounts of ${requestId} hold what it reserved`);
    assert(done.drawnLots === write.draws.length, `the lots of ${requestId} hold the tokens reserved from them`);
    return true;
  });
  if (settled) announceCommitted(db, [{ stream: 'control', event: 'accounts_changed', accountIds: [accountId] }]);
  return settled;
}

/**
 * A request admitted before migration 0019, without reserved lots: the receipt claimed first, its tokens drawn oldest
 * lot first (so its cost is known only then), the rest released, the receipt completed.
 */
async function settleUnreserved(
  db: Db,
  request: OpenRequest,
  outcome: RequestOutcome,
  nowUs: number,
): Promise<Settled | null> {
  const charge = chargeOf(request, outcome);
  return inTransaction(db, async (trx) => {
    const sql = await sqlOf(trx);
    if (!(await claimInferenceReceipt(sql, request.requestId, outcome.status))) return null;
    const draws = charge > 0 ? await consumeTokens(trx, request.accountId, charge, nowUs, 'locked') : [];
    const release = request.reservedTokens - charge;
    if (release > 0) {
      const asset = tokensOf(request.instrument.id);
      await post(
        trx,
        'inference_release',
        request.requestId,
        move(
          asset,
          { accountId: request.accountId, bucket: 'locked' },
          { accountId: request.accountId, bucket: 'available' },
          release,
        ),
        nowUs,
      );
    }
    const costUsdMicros = costUsdMicrosOf(draws, request.instrument);
    if (request.budget !== null) await trueUpBudget(sql, request.budget, costUsdMicros);
    await completeInferenceReceipt(
      sql,
      request.requestId,
      receiptOf(request, outcome, { tokens: charge, usdMicros: costUsdMicros }, nowUs),
    );
    return {
      costTokens: charge,
      costUsdMicros,
      costStatus: costStatusOf(outcome.status),
      specBreaches: outcome.specBreaches,
    };
  });
}
