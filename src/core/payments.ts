import type { Knex } from 'knex';
import type { components } from '../../generated/types/platform.js';
import type { PaymentsOptions } from './payments-options.js';
import {
  autoReloadsSince,
  creditedSince,
  decideDeposit,
  depositById,
  depositByIdempotencyKey,
  depositOfUser,
  depositsPage,
  insertDeposit,
  pendingOf,
  sandboxCreditedOf,
  type DepositOrigin,
  type DepositRow,
  type DepositStatus,
} from '../db/deposits.js';
import type { Db } from '../db/knex.js';
import type { Page, PageParams } from '../db/paging.js';
import { poolSql, sqlIn, sqlOf, type Sql } from '../db/sql.js';
import { deposit as creditLedger, findCurrencyAccount } from '../ledger/funds.js';
import { lockAccountSettings } from '../db/settings.js';
import { assert } from '../lib/assert.js';
import { toIso, toIsoOrNull, type Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { formatUsdCents, parseUsdCents } from '../lib/money.js';
import type { Metrics } from '../lib/metrics.js';
import { newDepositId } from '../lib/ids.js';
import { requireUser } from './account-rules.js';
import { utcDayStartUs } from './allowance.js';
import { periodStartUs } from '../lib/periods.js';
import type { UserRow } from './identity.js';

/**
 * Money in (DESIGN.md §11, platform.yaml tag "Funds"): a deposit goes through the payment path the
 * service runs. `sandbox` credits it at once — the row and its journal entry in one transaction —
 * within a daily cap per user; `manual` stores it `pending` until an operator approves (the journal
 * entry then) or rejects it. Every check that depends on what the user deposited before runs under
 * the user's settings row, locked (FOR UPDATE on PostgreSQL; SQLite has one writer), so caps hold
 * across processes and concurrent requests. Auto-reload (src/platform/auto-reload.ts) deposits here too.
 */

type DepositView = components['schemas']['Deposit'];

/**
 * The payment path's refusals (mapped in src/http/failures.ts, "payments, funds and the ledger"):
 * an amount the rules refuse, an unknown deposit, an account that may not add funds yet, a reused
 * Idempotency-Key, a sandbox day's cap, and an operator's decision on a deposit already decided.
 */
export type PaymentsFailure =
  | 'validation_error'
  | 'not_found'
  | 'account_inactive'
  | 'email_unverified'
  | 'legal_terms_not_accepted'
  | 'idempotency_key_reused'
  | 'deposit_limit_exceeded'
  | 'conflict';

const validationFailure = (detail: string, context: Record<string, unknown>): Failure<PaymentsFailure> =>
  new Failure<PaymentsFailure>('validation_error', detail, { context });
const depositNotFound = (depositId: string): Failure<PaymentsFailure> =>
  new Failure<PaymentsFailure>('not_found', `No deposit with id ${depositId}.`);

/**
 * Where a user short of USD adds funds, for diagnostics and 402s: the dashboard's Funds page, the
 * user CLI, the API. `platformUrl` is the platform host's public URL, or `{platform_url}` as the
 * documents write it where the URL is not known.
 */
export function addFundsHint(platformUrl: string): string {
  return `Add funds on the dashboard (${platformUrl}/funds), with \`mkt funds add USD\`, or with POST ${platformUrl}/v1/deposits`;
}
/** GET /v1/funds as payments know it; its `withdrawals` come from core/withdrawal-views.ts. */
type FundingView = Omit<components['schemas']['Funding'], 'withdrawals'>;

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  config: { payments: PaymentsOptions };
  metrics: DepositMetrics;
}

/** What counts credited deposits: `mkt_deposits_usd_total` (lib/metrics.ts). */
type DepositMetrics = Pick<Metrics, 'depositsUsd'>;

/**
 * A deposit credited, once its transaction committed, by method: an auto-reload as `auto_reload` whatever the payment
 * method, else `sandbox` or `manual` (an operator's approval, counted by the process that ran it).
 */
export function countCredited(deps: { metrics: DepositMetrics }, row: DepositRow): void {
  if (row.status !== 'credited') return;
  const method = row.origin === 'auto_reload' ? 'auto_reload' : row.method;
  deps.metrics.depositsUsd.inc({ method }, Number(row.amount_micros) / 1e6);
}

/** "25.00" → micro-dollars; the schema has already checked the pattern (at most two decimals). */
function parseAmount(text: string): number {
  const micros = parseUsdCents(text);
  if (micros === null) {
    throw validationFailure('amount_usd must be a decimal string with at most 2 decimals.', {
      errors: [{ path: 'body.deposit.amount_usd', message: 'must have at most 2 decimals', value: text }],
    });
  }
  return micros;
}

export const startOfUtcMonthUs = (nowUs: number): number => periodStartUs('monthly', nowUs);

export function depositView(row: DepositRow): DepositView {
  return {
    id: row.id,
    amount_usd: formatUsdCents(Number(row.amount_micros)),
    status: row.status,
    method: row.method,
    sandbox: row.method === 'sandbox',
    origin: row.origin,
    reason: row.reason,
    created_at: toIso(Number(row.created_at_us)),
    decided_at: toIsoOrNull(row.decided_at_us === null ? null : Number(row.decided_at_us)),
  };
}

/** Adding funds needs an active account, a verified email and accepted legal terms, in that order. */
function requireFundsWritable(user: UserRow): void {
  if (user.status !== 'active')
    throw new Failure<PaymentsFailure>(
      'account_inactive',
      'The account is inactive; funds cannot be added. Contact support.',
    );
  if (user.email_verified_at_us === null)
    throw new Failure<PaymentsFailure>(
      'email_unverified',
      'Verify your email address (see the link sent at sign-up) before adding funds.',
    );
  if (user.legal_terms_accepted_at_us === null)
    throw new Failure<PaymentsFailure>(
      'legal_terms_not_accepted',
      'Accept the legal terms on the dashboard before adding funds.',
    );
}

/** The payment path and what it leaves the user today (GET /v1/funds). */
export async function getFunding(deps: PaymentDeps, userId: string): Promise<FundingView> {
  const { payments } = deps.config;
  const sql = poolSql(deps.db);
  const nowUs = deps.clock.nowUs();
  const today = await creditedSince(sql, userId, utcDayStartUs(nowUs));
  const pending = await pendingOf(sql, userId);
  const sandbox = payments.method === 'sandbox';
  return {
    method: payments.method,
    sandbox,
    min_amount_usd: formatUsdCents(payments.depositMinMicros),
    max_amount_usd: formatUsdCents(payments.depositMaxMicros),
    daily_limit_usd: sandbox ? formatUsdCents(payments.sandboxDailyLimitMicros) : null,
    deposited_today_usd: formatUsdCents(today),
    remaining_today_usd: sandbox ? formatUsdCents(Math.max(0, payments.sandboxDailyLimitMicros - today)) : null,
    pending_usd: formatUsdCents(pending.micros),
  };
}

export async function getDeposit(deps: { db: Db }, userId: string, depositId: string): Promise<DepositRow> {
  const row = await depositOfUser(deps.db, userId, depositId);
  if (!row) throw depositNotFound(depositId);
  return row;
}

export function listDeposits(
  deps: { db: Db },
  userId: string,
  status: DepositStatus | undefined,
  page: PageParams,
): Promise<Page<DepositRow>> {
  return depositsPage(deps.db, { userId, status }, page);
}

/** Every user's deposits, for operators (`mkt admin deposit list`). */
export function listAllDeposits(
  deps: { db: Db },
  status: DepositStatus | undefined,
  page: PageParams,
): Promise<Page<DepositRow>> {
  return depositsPage(deps.db, { userId: null, status }, page);
}

interface CreatedDeposit {
  deposit: DepositRow;
  /** An earlier request with the same Idempotency-Key made it (answer 200, not 201). */
  replayed: boolean;
}

/** POST /v1/deposits: checks in the document's order, then deposits through the payment path. */
export async function createDeposit(
  deps: PaymentDeps,
  userId: string,
  amountText: string,
  idempotencyKey: string | undefined,
): Promise<CreatedDeposit> {
  const { payments } = deps.config;
  const amountMicros = parseAmount(amountText);
  const outOfRange = (bound: 'at least' | 'at most', limitMicros: number) => {
    const limit = formatUsdCents(limitMicros);
    return validationFailure(`amount_usd must be ${bound} ${limit}.`, {
      errors: [{ path: 'body.deposit.amount_usd', message: `must be ${bound} ${limit}`, value: amountText }],
    });
  };
  if (amountMicros < payments.depositMinMicros) throw outOfRange('at least', payments.depositMinMicros);
  if (amountMicros > payments.depositMaxMicros) throw outOfRange('at most', payments.depositMaxMicros);
  const user = await requireUser(deps.db, userId);
  requireFundsWritable(user);
  const created = await deps.db.transaction(async (trx): Promise<CreatedDeposit> => {
    const sql = await lockUserFunds(trx, user);
    if (idempotencyKey !== undefined) {
      const earlier = await depositByIdempotencyKey(sql, userId, idempotencyKey);
      if (earlier) {
        if (Number(earlier.amount_micros) !== amountMicros) {
          const amount = formatUsdCents(Number(earlier.amount_micros));
          throw new Failure<PaymentsFailure>(
            'idempotency_key_reused',
            `Idempotency-Key ${idempotencyKey} was used for a deposit of ${amount} USD (${earlier.id}); use a new key for another amount.`,
            {
              context: { deposit_id: earlier.id, amount_usd: amount },
            },
          );
        }
        return { deposit: earlier, replayed: true };
      }
    }
    const nowUs = deps.clock.nowUs();
    const refusal = await sandboxRoomRefusal(deps, sql, userId, amountMicros, nowUs);
    if (refusal) throw refusal;
    return {
      deposit: await depositIn(trx, sql, payments.method, {
        userId,
        amountMicros,
        origin: 'request',
        idempotencyKey: idempotencyKey ?? null,
        nowUs,
      }),
      replayed: false,
    };
  });
  if (!created.replayed) countCredited(deps, created.deposit);
  return created;
}

/**
 * Serialises the user's deposits: their settings row (made with the defaults if missing), locked
 * until the transaction ends. Auto-reload takes the same lock, so the daily cap, the monthly reload
 * limit and "one pending reload" hold across processes.
 */
export async function lockUserFunds(trx: Knex.Transaction, user: Pick<UserRow, 'id' | 'created_at_us'>): Promise<Sql> {
  await lockAccountSettings(trx, user.id, user.created_at_us);
  return sqlOf(trx);
}

/** In sandbox, the refusal when `amountMicros` more would pass today's cap; undefined when it fits (or in manual). */
export async function sandboxRoomRefusal(
  deps: PaymentDeps,
  sql: Sql,
  userId: string,
  amountMicros: number,
  nowUs: number,
): Promise<Failure<PaymentsFailure> | undefined> {
  const { payments } = deps.config;
  if (payments.method !== 'sandbox') return undefined;
  const today = await creditedSince(sql, userId, utcDayStartUs(nowUs));
  if (today + amountMicros <= payments.sandboxDailyLimitMicros) return undefined;
  const limit = formatUsdCents(payments.sandboxDailyLimitMicros);
  const left = formatUsdCents(Math.max(0, payments.sandboxDailyLimitMicros - today));
  return new Failure<PaymentsFailure>(
    'deposit_limit_exceeded',
    `Sandbox deposits are limited to ${limit} USD per UTC day; ${left} USD is left today.`,
    {
      context: { daily_limit_usd: limit, deposited_today_usd: formatUsdCents(today), remaining_today_usd: left },
    },
  );
}

interface NewDeposit {
  userId: string;
  amountMicros: number;
  origin: DepositOrigin;
  idempotencyKey: string | null;
  nowUs: number;
}

/** Writes the deposit in the caller's transaction: credited with its journal entry (sandbox), or pending (manual). */
export async function depositIn(
  trx: Knex.Transaction,
  sql: Sql,
  method: PaymentsOptions['method'],
  input: NewDeposit,
): Promise<DepositRow> {
  const credited = method === 'sandbox';
  const row: DepositRow = {
    id: newDepositId(),
    user_id: input.userId,
    amount_micros: input.amountMicros,
    status: credited ? 'credited' : 'pending',
    method,
    origin: input.origin,
    idempotency_key: input.idempotencyKey,
    reason: null,
    created_at_us: input.nowUs,
    decided_at_us: credited ? input.nowUs : null,
  };
  await insertDeposit(sql, row);
  if (credited)
    await creditLedger(trx, {
      userId: input.userId,
      usdMicros: input.amountMicros,
      source: 'deposit',
      nowUs: input.nowUs,
      reference: row.id,
    });
  return row;
}

/** Why an operator cannot decide a deposit: it is not pending any more (or does not exist). */
function notPending(id: string, row: DepositRow | undefined): Failure<PaymentsFailure> {
  if (!row) return depositNotFound(id);
  const when = row.decided_at_us === null ? '' : ` at ${toIso(Number(row.decided_at_us))}`;
  return new Failure<PaymentsFailure>(
    'conflict',
    `Deposit ${id} is ${row.status}${when}, not pending: only a pending deposit can be approved or rejected.`,
    { context: { status: row.status } },
  );
}

/** `mkt admin deposit approve ID`: credits a pending deposit, once (the update is conditional on `pending`). */
export async function approveDeposit(
  deps: { db: Db; clock: Clock; metrics: DepositMetrics },
  depositId: string,
): Promise<DepositRow> {
  const approved = await deps.db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    const nowUs = deps.clock.nowUs();
    if (!(await decideDeposit(sql, depositId, 'credited', null, nowUs)))
      throw notPending(depositId, await depositById(trx, depositId));
    const row = await depositById(trx, depositId);
    assert(row !== undefined, `deposit ${depositId} was just credited`);
    await creditLedger(trx, {
      userId: row.user_id,
      usdMicros: Number(row.amount_micros),
      source: 'deposit',
      nowUs,
      reference: row.id,
    });
    return row;
  });
  countCredited(deps, approved);
  return approved;
}

/** `mkt admin deposit reject ID [--reason TEXT]`: nothing is credited. */
export async function rejectDeposit(
  deps: { db: Db; clock: Clock },
  depositId: string,
  reason: string | null,
): Promise<DepositRow> {
  return deps.db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    if (!(await decideDeposit(sql, depositId, 'rejected', reason, deps.clock.nowUs())))
      throw notPending(depositId, await depositById(trx, depositId));
    const row = await depositById(trx, depositId);
    assert(row !== undefined, `deposit ${depositId} was just rejected`);
    return row;
  });
}

/** How much sandbox money the user was credited, ever ("12.34"), or null if none: pages that show balances say so. */
export async function sandboxMoneyUsd(deps: { db: Db }, userId: string): Promise<string | null> {
  const micros = await sandboxCreditedOf(deps.db, userId);
  return micros > 0 ? formatUsdCents(micros) : null;
}

/** `reloaded_this_month_usd` of the settings: this UTC month's auto-reloads that are credited or pending. */
export async function reloadedThisMonthMicros(
  db: Db | Knex.Transaction,
  clock: Clock,
  userId: string,
): Promise<number> {
  return (await autoReloadsSince(await sqlIn(db), userId, startOfUtcMonthUs(clock.nowUs()))).micros;
}

/** The user's available USD, read in the transaction (0 before any money arrived). */
export async function availableUsdMicros(trx: Knex.Transaction, userId: string): Promise<number> {
  const account = await findCurrencyAccount(trx, userId);
  return account ? Number(account.available) : 0;
}
