import type { Knex } from 'knex';
import { currencyAccountOf } from '../db/funds.js';
import type { Db } from '../db/knex.js';
import type { Page, PageParams } from '../db/paging.js';
import { payoutDestinationOfUser } from '../db/payout-destinations.js';
import { sqlOf } from '../db/sql.js';
import {
  decideWithdrawal,
  insertWithdrawal,
  withdrawalById,
  withdrawalByIdempotencyKey,
  withdrawalOfUser,
  withdrawalsPage,
  type WithdrawalRow,
  type WithdrawalStatus,
} from '../db/withdrawals.js';
import { usd } from '../ledger/assets.js';
import { LedgerShortfall } from '../ledger/journal.js';
import { holdWithdrawal, payWithdrawal, voidWithdrawal } from '../ledger/withdrawals.js';
import { assert } from '../lib/assert.js';
import { toIso, type Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { newWithdrawalId } from '../lib/ids.js';
import type { Metrics } from '../lib/metrics.js';
import { formatUsdCents } from '../lib/money.js';
import { requireAccountReady, requireUser } from './account-rules.js';
import { lockUserFunds } from './payments.js';
import type { PaymentsOptions } from './payments-options.js';
import type { WithdrawalOptions } from './withdrawal-options.js';
import {
  insufficientBalance,
  parseWithdrawalAmount,
  requireDailyRoom,
  requireRecentSignIn,
  requireUsableDestination,
  withdrawableRoom,
  type WithdrawCredential,
  type WithdrawalFailure,
} from './withdrawal-rules.js';

/**
 * Money out (DESIGN.md §16, platform.yaml tag "Funds"). A withdrawal is checked and held under the user's funds lock
 * (their settings row, as deposits take it), so two requests of one user, in one process or two, are decided one
 * after the other against what the first left; the hold itself is a conditional update of the balance, so an order
 * committed in between cannot overdraw it. Sandbox payments pay out in the same transaction; manual ones wait for an
 * operator. Every decision is an update conditional on `pending` and its journal entry, in one transaction: deciding
 * twice finds nothing pending and changes nothing.
 */
export interface WithdrawalDeps {
  db: Db;
  clock: Clock;
  config: { payments: PaymentsOptions; withdrawals: WithdrawalOptions };
  metrics: Pick<Metrics, 'withdrawalsUsd'>;
}

interface WithdrawalRequest {
  amountText: string;
  destinationId: string;
  idempotencyKey: string | undefined;
}

interface CreatedWithdrawal {
  withdrawal: WithdrawalRow;
  /** An earlier request with the same Idempotency-Key made it (answer 200, not 201). */
  replayed: boolean;
}

const notFound = (id: string): Failure<WithdrawalFailure> =>
  new Failure<WithdrawalFailure>('not_found', `No withdrawal with id ${id}.`);

/** The paid withdrawal's USD, once its transaction committed. */
function countPaid(deps: Pick<WithdrawalDeps, 'metrics'>, row: WithdrawalRow): void {
  if (row.status === 'paid') deps.metrics.withdrawalsUsd.inc({ method: row.method }, Number(row.amount_micros) / 1e6);
}

/** POST /v1/withdrawals: the checks in the document's order, then the hold (and, in sandbox, the payout). */
export async function createWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  credential: WithdrawCredential,
  request: WithdrawalRequest,
): Promise<CreatedWithdrawal> {
  const { withdrawals: options } = deps.config;
  requireRecentSignIn(options, credential, deps.clock.nowUs());
  const amountMicros = parseWithdrawalAmount(request.amountText, options);
  const user = await requireUser(deps.db, userId);
  requireAccountReady(user, { inactive: 'funds cannot be withdrawn', action: 'withdrawing funds' });
  const created = await deps.db.transaction(async (trx): Promise<CreatedWithdrawal> => {
    const sql = await lockUserFunds(trx, user);
    if (request.idempotencyKey !== undefined) {
      const earlier = await withdrawalByIdempotencyKey(sql, userId, request.idempotencyKey);
      if (earlier) return { withdrawal: replayOf(earlier, request, amountMicros), replayed: true };
    }
    return { withdrawal: await holdAndPay(deps, trx, { userId, amountMicros, request }), replayed: false };
  });
  if (!created.replayed) countPaid(deps, created.withdrawal);
  return created;
}

/** The earlier withdrawal of the same key, when the request is the same; else 409. */
function replayOf(earlier: WithdrawalRow, request: WithdrawalRequest, amountMicros: number): WithdrawalRow {
  if (Number(earlier.amount_micros) === amountMicros && earlier.destination_id === request.destinationId)
    return earlier;
  const amount = formatUsdCents(Number(earlier.amount_micros));
  throw new Failure<WithdrawalFailure>(
    'idempotency_key_reused',
    `Idempotency-Key ${request.idempotencyKey} was used for a withdrawal of ${amount} USD to ${earlier.destination_id} (${earlier.id}); use a new key for another withdrawal.`,
    { context: { withdrawal_id: earlier.id, amount_usd: amount, destination_id: earlier.destination_id } },
  );
}

/** Checks the destination, the day's room and the withdrawable USD, then holds the amount (and in sandbox pays it). */
async function holdAndPay(
  deps: WithdrawalDeps,
  trx: Knex.Transaction,
  input: { userId: string; amountMicros: number; request: WithdrawalRequest },
): Promise<WithdrawalRow> {
  const { userId, amountMicros, request } = input;
  const { method } = deps.config.payments;
  const sql = await sqlOf(trx);
  const nowUs = deps.clock.nowUs();
  const destination = requireUsableDestination(
    await payoutDestinationOfUser(sql, userId, request.destinationId),
    request.destinationId,
    method,
    nowUs,
  );
  await requireDailyRoom(sql, deps.config.withdrawals, userId, amountMicros, nowUs);
  const room = await withdrawableRoom(sql, userId, destination.kind);
  if (room.accountId === null || amountMicros > room.withdrawableMicros) throw insufficientBalance(amountMicros, room);
  const row: WithdrawalRow = {
    id: newWithdrawalId(),
    user_id: userId,
    destination_id: destination.id,
    amount_micros: amountMicros,
    status: 'pending',
    method,
    idempotency_key: request.idempotencyKey ?? null,
    payout_reference: null,
    reason: null,
    created_at_us: nowUs,
    decided_at_us: null,
  };
  await insertWithdrawal(sql, row);
  const movement = { accountId: room.accountId, withdrawalId: row.id, usdMicros: amountMicros, nowUs };
  try {
    await holdWithdrawal(trx, movement);
  } catch (error) {
    // An order committed between the read and the hold took the USD: nothing is held (the transaction rolls back).
    if (error instanceof LedgerShortfall)
      throw insufficientBalance(amountMicros, await withdrawableRoom(sql, userId, destination.kind));
    throw error;
  }
  if (method !== 'sandbox') return row;
  await decideWithdrawal(sql, row.id, { status: 'paid', payoutReference: null, reason: null, nowUs });
  await payWithdrawal(trx, movement);
  return { ...row, status: 'paid', decided_at_us: nowUs };
}

type Decided = Exclude<WithdrawalStatus, 'pending'>;

interface DecisionInput {
  status: Decided;
  payoutReference: string | null;
  reason: string | null;
  /** Only the owner's withdrawal (a user's cancel); undefined for operators. */
  userId?: string;
}

/** Why a withdrawal cannot be decided: not pending any more (or none). */
function notPending(id: string, row: WithdrawalRow | undefined, verb: string): Failure<WithdrawalFailure> {
  if (!row) return notFound(id);
  const when = row.decided_at_us === null ? '' : ` at ${toIso(Number(row.decided_at_us))}`;
  return new Failure<WithdrawalFailure>(
    'conflict',
    `Withdrawal ${id} is ${row.status}${when}, not pending: only a pending withdrawal can be ${verb}.`,
    { context: { status: row.status } },
  );
}

const verbs: Record<Decided, string> = { paid: 'approved', rejected: 'rejected', cancelled: 'cancelled' };

/** Decides a pending withdrawal, once, with its journal entry: the payout, or the hold returned. */
async function decide(
  deps: Pick<WithdrawalDeps, 'db' | 'clock'>,
  id: string,
  input: DecisionInput,
): Promise<WithdrawalRow> {
  return deps.db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    const nowUs = deps.clock.nowUs();
    const before = await withdrawalById(sql, id);
    const owned = before !== undefined && (input.userId === undefined || before.user_id === input.userId);
    if (!owned || !(await decideWithdrawal(sql, id, { ...input, nowUs })))
      throw notPending(id, owned ? await withdrawalById(sql, id) : undefined, verbs[input.status]);
    const row = await withdrawalById(sql, id);
    assert(row !== undefined, `withdrawal ${id} was just decided`);
    const account = await currencyAccountOf(sql, row.user_id, usd);
    assert(account !== undefined, `withdrawal ${id} holds USD of an account that exists`);
    const movement = { accountId: account.id, withdrawalId: id, usdMicros: Number(row.amount_micros), nowUs };
    if (input.status === 'paid') await payWithdrawal(trx, movement);
    else await voidWithdrawal(trx, movement);
    return row;
  });
}

/** `mkt admin withdrawal approve ID --reference R`: pays a pending withdrawal out, once. */
export async function approveWithdrawal(
  deps: WithdrawalDeps,
  id: string,
  payoutReference: string,
): Promise<WithdrawalRow> {
  const row = await decide(deps, id, { status: 'paid', payoutReference, reason: null });
  countPaid(deps, row);
  return row;
}

/** `mkt admin withdrawal reject ID --reason T`: returns the hold. */
export const rejectWithdrawal = (
  deps: Pick<WithdrawalDeps, 'db' | 'clock'>,
  id: string,
  reason: string,
): Promise<WithdrawalRow> => decide(deps, id, { status: 'rejected', payoutReference: null, reason });

/** POST /v1/withdrawals/{id}/cancel: the owner returns the hold of a pending withdrawal. */
export const cancelWithdrawal = (
  deps: Pick<WithdrawalDeps, 'db' | 'clock'>,
  userId: string,
  id: string,
): Promise<WithdrawalRow> =>
  decide(deps, id, { status: 'cancelled', payoutReference: null, reason: 'Cancelled by the user.', userId });

export async function getWithdrawal(deps: { db: Db }, userId: string, id: string): Promise<WithdrawalRow> {
  const row = await withdrawalOfUser(deps.db, userId, id);
  if (!row) throw notFound(id);
  return row;
}

export const listWithdrawals = (
  deps: { db: Db },
  userId: string | null,
  status: WithdrawalStatus | undefined,
  page: PageParams,
): Promise<Page<WithdrawalRow>> => withdrawalsPage(deps.db, { userId, status }, page);
