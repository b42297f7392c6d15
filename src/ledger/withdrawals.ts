import type { Knex } from 'knex';
import { assert } from '../lib/assert.js';
import { usd } from './assets.js';
import { move, post, systemAccount } from './journal.js';

/**
 * A withdrawal's movements of USD (DESIGN.md §16): a two-phase transfer, as TigerBeetle's pending transfers. The hold
 * moves the amount from the user's available USD to their locked USD (so no order and no other withdrawal can spend
 * it); then exactly one of the payout (locked → system:payouts, counted in the account's withdrawals) or the void
 * (locked → available). Each entry names the withdrawal; the audit (ledger/audit-withdrawals.ts) holds every
 * withdrawal's status to its entries, and the locked USD to open orders plus pending withdrawals.
 */
interface Movement {
  /** The user's USD currency account. */
  accountId: string;
  withdrawalId: string;
  usdMicros: number;
  nowUs: number;
}

function checked(movement: Movement): Movement {
  assert(
    Number.isSafeInteger(movement.usdMicros) && movement.usdMicros > 0,
    `a withdrawal moves a positive number of micro-dollars, got ${movement.usdMicros}`,
  );
  return movement;
}

/** Holds the amount: available → locked. A LedgerShortfall when the available USD no longer covers it. */
export async function holdWithdrawal(trx: Knex.Transaction, movement: Movement): Promise<void> {
  const { accountId, withdrawalId, usdMicros, nowUs } = checked(movement);
  const postings = move(usd, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, usdMicros);
  await post(trx, 'withdrawal_hold', withdrawalId, postings, nowUs);
}

/** Pays the hold out: locked → system:payouts, counted in the account's total withdrawals. */
export async function payWithdrawal(trx: Knex.Transaction, movement: Movement): Promise<void> {
  const { accountId, withdrawalId, usdMicros, nowUs } = checked(movement);
  const payouts = await systemAccount(trx, 'payouts', usd, nowUs);
  const postings = move(usd, { accountId, bucket: 'locked' }, { accountId: payouts, bucket: 'available' }, usdMicros);
  await post(trx, 'withdrawal_paid', withdrawalId, postings, nowUs, { accountId, amount: usdMicros });
}

/** Returns the hold: locked → available (rejected by an operator, or cancelled by the user). */
export async function voidWithdrawal(trx: Knex.Transaction, movement: Movement): Promise<void> {
  const { accountId, withdrawalId, usdMicros, nowUs } = checked(movement);
  const postings = move(usd, { accountId, bucket: 'locked' }, { accountId, bucket: 'available' }, usdMicros);
  await post(trx, 'withdrawal_void', withdrawalId, postings, nowUs);
}
