import type { Knex } from 'knex';
import { currencyAccountOf, ledgerAccountById, recordDeposit } from '../db/funds.js';
import { sqlIn, sqlOf } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { usd } from './assets.js';
import { ensureAccount, move, post, systemAccount, type LedgerAccountRow } from './journal.js';

type Trx = Knex | Knex.Transaction;

/**
 * USD entering the market from outside (DESIGN.md §5, specification part 8). A real deposit and a
 * bonus both become spendable USD; only a real deposit counts toward the concurrency tier, whose
 * balance is min(deposited, total) — so spending a deposit lowers the tier, and a bonus never
 * raises it.
 */
export type FundsSource = 'deposit' | 'bonus';

interface DepositInput {
  userId: string;
  usdMicros: number;
  source: FundsSource;
  nowUs: number;
  /**
   * The journal entry's reference: the deposit's id when one asked for it (platform.yaml "Funds"), else the account's.
   */
  reference?: string | undefined;
}

/**
 * Credits USD from system:deposits to the user's currency account, in the caller's transaction; returns the account
 * after.
 */
export async function deposit(trx: Knex.Transaction, input: DepositInput): Promise<LedgerAccountRow> {
  const { userId, usdMicros, source, nowUs, reference } = input;
  assert(
    Number.isSafeInteger(usdMicros) && usdMicros > 0,
    `a ${source} is a positive number of micro-dollars, got ${usdMicros}`,
  );
  const account = await ensureAccount(trx, userId, 'currency', usd, null, nowUs);
  const outside = await systemAccount(trx, 'deposits', usd, nowUs);
  await post(
    trx,
    source,
    reference ?? account.id,
    move(usd, { accountId: outside, bucket: 'available' }, { accountId: account.id, bucket: 'available' }, usdMicros),
    nowUs,
  );
  const sql = await sqlOf(trx);
  if (source === 'deposit') await recordDeposit(sql, account.id, usdMicros, nowUs);
  const after = await ledgerAccountById(sql, account.id);
  assert(after !== undefined, `ledger account ${account.id} does not exist`);
  return after;
}

/** The user's USD account, or undefined before any money arrived. */
export async function findCurrencyAccount(db: Trx, userId: string): Promise<LedgerAccountRow | undefined> {
  return currencyAccountOf(await sqlIn(db), userId, usd);
}

/** The balance that sets the inference concurrency tier: min(deposited, total USD), in micro-dollars. */
export async function tierBalanceMicros(db: Trx, userId: string): Promise<number> {
  return tierBalanceOf(await findCurrencyAccount(db, userId));
}

/** The same, of a currency account already read. */
export function tierBalanceOf(
  account: Pick<LedgerAccountRow, 'deposited' | 'available' | 'locked'> | undefined,
): number {
  if (!account) return 0;
  return Math.min(Number(account.deposited), Number(account.available) + Number(account.locked));
}
