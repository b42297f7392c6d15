import { announceCommitted } from '../../core/announcements.js';
import { freeDailyRequestsMax, utcDayStartUs } from '../../core/allowance.js';
import { microsPerTick } from '../../core/fees.js';
import { ticketUsed } from '../../core/tickets.js';
import { inSqlTransaction } from '../../db/group-commit.js';
import {
  admitAtOnce as admitStatement,
  reservedLotsOf,
  slotLockText,
  type AdmissionDone,
  type AdmissionWrite,
} from '../../db/inference-admission.js';
import type { Db } from '../../db/knex.js';
import type { Sql } from '../../db/sql.js';
import { tokensOf, usd } from '../../ledger/assets.js';
import { assert } from '../../lib/assert.js';
import { limitResets, periodStartUs } from '../../lib/periods.js';
import { snapshotOf } from './admission-snapshot.js';
import {
  admissionOf,
  dailyLimitReached,
  slotsExhausted,
  tokensTaken,
  type Admission,
  type AdmitTerms,
  type ReservedRequest,
} from './admission-terms.js';
import { checkKeyUse, overBudget, type BudgetHold } from './key-limits.js';
import type { LeaseTerms } from './leases.js';

/**
 * Admission's transaction on PostgreSQL (issue 33, item 4): the BEGIN with the user's slot lock, ONE statement that
 * does everything admission writes (src/db/inference-admission.ts), the COMMIT. The statement answers what it saw;
 * here its refusals are decided in the order of the transaction of several statements (capacity.ts `admit`), with
 * the same answers, and a refused transaction rolls back whole. Null: the snapshot did not show the tokens (nothing
 * written but the ticket's claim, which commits), as there.
 */
export async function admitAtOnce(
  db: Db,
  request: ReservedRequest,
  reservedTokens: number,
  terms: AdmitTerms,
  nowUs: number,
): Promise<Admission | null> {
  const lease = request.lease();
  const write = admissionWrite(request, reservedTokens, terms, lease, nowUs);
  const admitted = await inSqlTransaction(
    db,
    async (sql) => {
      const done = await admitStatement(sql, write);
      assert(done !== undefined, `user ${request.userId} does not exist`);
      return decide(sql, request, reservedTokens, done, nowUs, lease);
    },
    undefined,
    slotLockText(request.userId),
  );
  // What the journal entry's `post()` announces once its transaction commits: the consumption account changed.
  if (admitted !== null)
    announceCommitted(db, [{ stream: 'control', event: 'accounts_changed', accountIds: [admitted.accountId] }]);
  return admitted;
}

function admissionWrite(
  request: ReservedRequest,
  tokens: number,
  { knownAccountId, ticket }: AdmitTerms,
  lease: LeaseTerms,
  nowUs: number,
): AdmissionWrite {
  return {
    requestId: request.requestId,
    userId: request.userId,
    apiKeyId: request.apiKeyId,
    ticket,
    usdAsset: usd,
    tokensAsset: tokensOf(request.instrument.id),
    askedCapTicks: request.maxPriceTicks,
    microsPerTick,
    knownAccountId,
    tokens,
    promptTokens: tokens - request.tokens.output,
    dayStartUs: utcDayStartUs(nowUs),
    tokensPerUnit: Number(request.instrument.tokens_per_unit),
    periodStarts: limitResets.map((reset) => ({ reset, startUs: periodStartUs(reset, nowUs) })),
    slot: { expiresAtUs: lease.expiresAtUs, processId: lease.processId },
    receipt: {
      model: request.model,
      instrumentId: request.instrument.id,
      endpoint: request.endpoint,
      stream: request.stream,
    },
    nowUs,
  };
}

/**
 * The refusals, in their order: the ticket used, the key's use, the tokens not shown (null), the daily limit, the
 * slots, the tokens taken meanwhile, the key's budget.
 */
async function decide(
  sql: Sql,
  request: ReservedRequest,
  tokens: number,
  done: AdmissionDone,
  nowUs: number,
  lease: LeaseTerms,
): Promise<Admission | null> {
  if (!done.claimed) throw ticketUsed();
  const seen = snapshotOf(done);
  const key = seen.key;
  checkKeyUse(key, request.model, request.instrument, nowUs);
  const accountId = done.holding_account;
  if (accountId === null) return null;
  if (!seen.deposited && Number(done.requests_today) >= freeDailyRequestsMax) throw dailyLimitReached(nowUs);
  const { slots } = seen;
  if (slots.active >= slots.limit) throw slotsExhausted(slots.limit);
  const entered = tokens === 0 || Number(done.moved) === 1;
  if (!entered || Number(done.lots_tokens) !== tokens) throw tokensTaken(request, tokens);
  const reservedMicros = key.limitUsdMicros === null ? 0 : Number(done.reserve_micros);
  if (key.limitUsdMicros !== null && Number(done.budget_reserved) !== 1)
    throw await overBudget(sql, request.apiKeyId, key, key.limitUsdMicros, reservedMicros, nowUs);
  assert(Number(done.recorded) === 1, `the receipt of ${request.requestId} is written with its reservation`);
  const budget: BudgetHold = {
    apiKeyId: request.apiKeyId,
    periodStartUs: Number(done.period_start_us),
    reservedMicros,
  };
  return admissionOf(seen, accountId, { reservedLots: reservedLotsOf(done), budget, lease });
}
