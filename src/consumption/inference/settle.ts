import { claimInferenceReceipt, completeInferenceReceipt } from '../../db/inference-requests.js';
import { inTransaction } from '../../db/group-commit.js';
import type { Db } from '../../db/knex.js';
import { sqlOf } from '../../db/sql.js';
import { tokensOf } from '../../ledger/assets.js';
import { consumeReservedTokens, consumeTokens } from '../../ledger/consumption.js';
import type { LotReservation } from '../../db/consumption-lots.js';
import { trueUpBudget, type BudgetHold } from '../capacity/key-limits.js';
import { move, post } from '../../ledger/journal.js';
import { assert } from '../../lib/assert.js';
import type { InstrumentRow } from '../../core/reference.js';

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
}

/**
 * Billed: whatever reached the caller (DESIGN.md §7): a success, an answer that misses the schema
 * the caller chose, and what was delivered before the client went away. Not billed (specification
 * part 1): a failure, and an answer whose supplier broke the instrument's guarantees. No status a
 * caller can bring about by the shape of its request is free.
 */
const billed = (status: RequestStatus): boolean =>
  status === 'succeeded' || status === 'schema_mismatch' || status === 'cancelled';

/**
 * Settles one request in one transaction (group-committed on SQLite: src/db/group-commit.ts), once: the tokens used
 * leave the reservation for
 * system:consumed (oldest lots first), the rest of the reservation is released, the receipt is
 * completed, and the slot is given back. A request never costs more than it reserved. Answers
 * what it cost, or null when it was already settled (by the request itself, or by the sweep of abandoned requests).
 */
/** What a settled request cost: the tokens billed and their USD, as its receipt records them. */
export interface Settled {
  costTokens: number;
  costUsdMicros: number;
}

export async function settleRequest(
  db: Db,
  request: OpenRequest,
  outcome: RequestOutcome,
  nowUs: number,
): Promise<Settled | null> {
  const used = outcome.promptTokens + outcome.completionTokens;
  const charge = billed(outcome.status) ? Math.min(used, request.reservedTokens) : 0;
  assert(
    Number.isSafeInteger(charge) && charge >= 0,
    `charge of ${request.requestId} must be a non-negative safe integer, got ${charge}`,
  );
  const tokensPerUnit = BigInt(request.instrument.tokens_per_unit);
  return inTransaction(db, async (trx) => {
    // Claim the receipt first: a request is settled once, by whoever gets here first (the request
    // itself, or the sweep of abandoned requests); the other finds it done and does nothing.
    const sql = await sqlOf(trx);
    if (!(await claimInferenceReceipt(sql, request.requestId, outcome.status))) return null;
    let costNumerator = 0n; // Σ tokens × micro-dollars per Unit
    const draws =
      request.reservedLots !== null
        ? await consumeReservedTokens(trx, request.accountId, request.reservedLots, charge, nowUs)
        : charge > 0
          ? await consumeTokens(trx, request.accountId, charge, nowUs, 'locked')
          : [];
    for (const draw of draws) costNumerator += BigInt(draw.tokens) * BigInt(draw.usdMicrosPerUnit ?? 0);
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
    // Half up, in micro-dollars.
    const costUsdMicros = Number((costNumerator * 2n + tokensPerUnit) / (2n * tokensPerUnit));
    if (request.budget !== null) await trueUpBudget(sql, request.budget, costUsdMicros);
    await completeInferenceReceipt(sql, request.requestId, {
      status: outcome.status,
      prompt_tokens: outcome.promptTokens,
      completion_tokens: outcome.completionTokens,
      reasoning_tokens: outcome.reasoningTokens,
      time_to_first_token_ms: outcome.timeToFirstTokenMs,
      tokens_per_second: outcome.tokensPerSecond,
      duration_ms: Math.max(0, Math.round((nowUs - request.admittedAtUs) / 1000)),
      cost_tokens: charge,
      cost_usd_micros: costUsdMicros,
      cost_status: billed(outcome.status) ? 'settled' : 'not_billed',
      supplier_attempts: outcome.supplierAttempts,
      supplier_user_id: outcome.supplierUserId,
      completed_at_us: nowUs,
    });
    return { costTokens: charge, costUsdMicros };
  });
}
