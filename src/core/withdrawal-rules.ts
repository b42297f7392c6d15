import { currencyAccountOf } from '../db/funds.js';
import type { PayoutDestinationKind, PayoutDestinationRow } from '../db/payout-destinations.js';
import type { Sql } from '../db/sql.js';
import { bonusesCredited, pendingWithdrawals, sandboxMoneyLeft, withdrawnSince } from '../db/withdrawals.js';
import { usd } from '../ledger/assets.js';
import { toIso } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { formatUsdCents, parseUsdCents } from '../lib/money.js';
import { utcDayStartUs } from './allowance.js';
import type { PaymentsOptions } from './payments-options.js';
import type { WithdrawalOptions } from './withdrawal-options.js';

/**
 * The rules a withdrawal and a destination change answer to (platform.yaml tag "Funds", DESIGN.md §16), apart from
 * the flows that apply them (withdrawals.ts, payout-destinations.ts), mapped in src/http/failures.ts.
 */
export type WithdrawalFailure =
  | 'validation_error'
  | 'not_found'
  | 'conflict'
  | 'idempotency_key_reused'
  | 'insufficient_balance'
  | 'withdrawal_limit_exceeded'
  | 'destination_cooling_off'
  | 'destination_unusable'
  | 'reauthentication_required';

/**
 * Who asks: a dashboard session carries when its user last proved the password (`signedInAtUs`); an OAuth token
 * (null) proved it at login and carries `funds:withdraw`, which is never granted unless asked for.
 */
export interface WithdrawCredential {
  signedInAtUs: number | null;
}

const microsPerCent = 10_000;
const floorToCents = (micros: number): number => Math.max(0, micros - (micros % microsPerCent));
const usdText = (micros: number): string => formatUsdCents(floorToCents(micros));

/** A dashboard session must have signed in (or confirmed the password) within `reauthenticationS`. */
export function requireRecentSignIn(options: WithdrawalOptions, credential: WithdrawCredential, nowUs: number): void {
  const { signedInAtUs } = credential;
  if (signedInAtUs === null || nowUs - signedInAtUs <= options.reauthenticationS * 1_000_000) return;
  const minutes = Math.max(1, Math.round(options.reauthenticationS / 60));
  throw new Failure<WithdrawalFailure>(
    'reauthentication_required',
    `Withdrawals and payout destinations need a sign-in within the last ${minutes} minute${minutes === 1 ? '' : 's'}; this session signed in at ${toIso(signedInAtUs)}. Confirm your password on the Funds page.`,
    { context: { signed_in_at: toIso(signedInAtUs), reauthentication_seconds: options.reauthenticationS } },
  );
}

const amountRefusal = (text: string, message: string): Failure<WithdrawalFailure> =>
  new Failure<WithdrawalFailure>('validation_error', `amount_usd ${message}.`, {
    context: { errors: [{ path: 'body.withdrawal.amount_usd', message, value: text }] },
  });

/** "20.00" → micro-dollars, within the configured bounds. */
export function parseWithdrawalAmount(text: string, options: WithdrawalOptions): number {
  const micros = parseUsdCents(text);
  if (micros === null) throw amountRefusal(text, 'must be a decimal string with at most 2 decimals');
  if (micros < options.minMicros) throw amountRefusal(text, `must be at least ${formatUsdCents(options.minMicros)}`);
  if (micros > options.maxMicros) throw amountRefusal(text, `must be at most ${formatUsdCents(options.maxMicros)}`);
  return micros;
}

/** The destination kind each payment path pays to. */
export const destinationKindOf = (method: PaymentsOptions['method']): PayoutDestinationKind =>
  method === 'sandbox' ? 'sandbox' : 'bank_transfer';

/** The destination exists, is the caller's and not removed, suits the payment path, and has cooled off. */
export function requireUsableDestination(
  destination: PayoutDestinationRow | undefined,
  destinationId: string,
  method: PaymentsOptions['method'],
  nowUs: number,
): PayoutDestinationRow {
  if (destination === undefined || destination.removed_at_us !== null) {
    const message = destination === undefined ? 'is not one of your payout destinations' : 'was removed';
    throw new Failure<WithdrawalFailure>('validation_error', `destination_id ${destinationId} ${message}.`, {
      context: { errors: [{ path: 'body.withdrawal.destination_id', message, value: destinationId }] },
    });
  }
  if (destination.kind !== destinationKindOf(method))
    throw new Failure<WithdrawalFailure>(
      'destination_unusable',
      `Payout destination ${destinationId} is a ${destination.kind} destination, but payments here are ${method}: add a ${destinationKindOf(method)} destination.`,
      { context: { destination_id: destinationId, kind: destination.kind, method } },
    );
  if (Number(destination.usable_from_us) > nowUs) {
    const usableFrom = toIso(Number(destination.usable_from_us));
    throw new Failure<WithdrawalFailure>(
      'destination_cooling_off',
      `Payout destination ${destinationId} was added at ${toIso(Number(destination.created_at_us))} and can receive withdrawals from ${usableFrom}.`,
      { context: { destination_id: destinationId, usable_from: usableFrom } },
    );
  }
  return destination;
}

/** What the user's USD allows a withdrawal to take, read in the withdrawal's transaction. */
interface WithdrawableRoom {
  accountId: string | null;
  availableMicros: number;
  heldByOrdersMicros: number;
  notWithdrawableMicros: number;
  /** What the part not withdrawable is made of, in words. */
  notWithdrawableIs: string;
  withdrawableMicros: number;
}

/**
 * The available USD less what is not withdrawable: bonuses, spent last (so they are the last USD to leave), and, to a
 * bank destination, the sandbox money still in the account. Whole cents, rounded down.
 */
export async function withdrawableRoom(
  sql: Sql,
  userId: string,
  kind: PayoutDestinationKind,
): Promise<WithdrawableRoom> {
  const account = await currencyAccountOf(sql, userId, usd);
  const notWithdrawableIs = kind === 'bank_transfer' ? 'bonuses and sandbox money' : 'bonuses';
  if (!account)
    return {
      accountId: null,
      availableMicros: 0,
      heldByOrdersMicros: 0,
      notWithdrawableMicros: 0,
      notWithdrawableIs,
      withdrawableMicros: 0,
    };
  const availableMicros = Number(account.available);
  const bonuses = await bonusesCredited(sql, account.id);
  const sandbox = kind === 'bank_transfer' ? await sandboxMoneyLeft(sql, userId) : 0;
  const notWithdrawableMicros = Math.min(availableMicros, bonuses + sandbox);
  return {
    accountId: account.id,
    availableMicros,
    heldByOrdersMicros: Math.max(0, Number(account.locked) - (await pendingWithdrawals(sql, userId))),
    notWithdrawableMicros,
    notWithdrawableIs,
    withdrawableMicros: floorToCents(availableMicros - notWithdrawableMicros),
  };
}

/** 422 insufficient_balance: what was asked, and why it is more than can leave. */
export function insufficientBalance(requestedMicros: number, room: WithdrawableRoom): Failure<WithdrawalFailure> {
  const why = [
    `${usdText(room.availableMicros)} USD is available`,
    room.notWithdrawableMicros > 0
      ? `of which ${usdText(room.notWithdrawableMicros)} USD is not withdrawable (${room.notWithdrawableIs})`
      : '',
    room.heldByOrdersMicros > 0
      ? `open orders hold ${usdText(room.heldByOrdersMicros)} USD more (cancel them to withdraw it)`
      : '',
  ].filter(Boolean);
  return new Failure<WithdrawalFailure>(
    'insufficient_balance',
    `You can withdraw at most ${usdText(room.withdrawableMicros)} USD: ${why.join('; ')}.`,
    {
      context: {
        requested_usd: formatUsdCents(requestedMicros),
        withdrawable_usd: usdText(room.withdrawableMicros),
        available_usd: usdText(room.availableMicros),
        held_by_orders_usd: usdText(room.heldByOrdersMicros),
        not_withdrawable_usd: usdText(room.notWithdrawableMicros),
      },
    },
  );
}

/** What today's limit leaves (pending and paid withdrawals made since the UTC day began). */
export async function dailyRoom(sql: Sql, options: WithdrawalOptions, userId: string, nowUs: number) {
  const withdrawnToday = await withdrawnSince(sql, userId, utcDayStartUs(nowUs));
  return { withdrawnToday, remaining: Math.max(0, options.dailyLimitMicros - withdrawnToday) };
}

/** 422 withdrawal_limit_exceeded when `amountMicros` more passes today's limit. */
export async function requireDailyRoom(
  sql: Sql,
  options: WithdrawalOptions,
  userId: string,
  amountMicros: number,
  nowUs: number,
): Promise<void> {
  const { withdrawnToday, remaining } = await dailyRoom(sql, options, userId, nowUs);
  if (amountMicros <= remaining) return;
  const limit = formatUsdCents(options.dailyLimitMicros);
  throw new Failure<WithdrawalFailure>(
    'withdrawal_limit_exceeded',
    `Withdrawals are limited to ${limit} USD per UTC day; ${formatUsdCents(remaining)} USD is left today.`,
    {
      context: {
        daily_limit_usd: limit,
        withdrawn_today_usd: formatUsdCents(withdrawnToday),
        remaining_today_usd: formatUsdCents(remaining),
      },
    },
  );
}
