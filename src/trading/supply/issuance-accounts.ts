import type { Knex } from 'knex';
import {
  insertIssuanceTransfer,
  issuanceAccountsOfUser,
  issuanceTransferByClientId,
  type IssuanceAccountRow,
  type IssuanceTransferRow,
} from '../../db/issuance-accounts.js';
import { userAccount } from '../../db/journal.js';
import { isUniqueViolation, type Db } from '../../db/knex.js';
import { instrumentById, type InstrumentRow } from '../../db/reference.js';
import { sqlOf, withSql } from '../../db/sql.js';
import { recordDeposit } from '../../db/trading-accounts.js';
import { unitsOf } from '../../ledger/assets.js';
import { ensureAccountOn, LedgerShortfall, move, post } from '../../ledger/journal.js';
import type { Clock } from '../../lib/clock.js';
import { unknownInstrumentDetail } from '../../lib/errors.js';
import { newIssuanceTransferId } from '../../lib/ids.js';

export type { IssuanceAccountRow, IssuanceTransferRow } from '../../db/issuance-accounts.js';

/**
 * Issuance accounts (DESIGN.md §13): a supplier's issued Units wait in a ledger account of kind
 * `issuance` (src/trading/supply/supply.ts `issueUnits` credits it) until the supplier moves them to its
 * trading account here. Each move is one balanced journal entry (`issuance_transfer`) and one
 * `issuance_transfers` row in the same transaction, so issued − transferred = balance
 * (`mkt admin audit` checks it). The journal's conditional update holds the balance across
 * processes: two transfers racing for the same Units cannot both take them.
 */

/** `quantity` columns are 32-bit integers on PostgreSQL. */
const issuanceTransferQuantityMax = 2_147_483_647;

interface IssuanceTransferInput {
  instrumentId: string;
  quantity: number;
  /** The caller's trading account of the instrument, if the caller names it. */
  tradingAccountId: string | undefined;
  clientTransferId: string | undefined;
}

/** A transfer made (or, `replayed`, the earlier one its `client_transfer_id` names), or why not. */
type IssuanceTransferOutcome =
  | {
      transfer: IssuanceTransferRow;
      /** True when the `client_transfer_id` named an earlier transfer, which is answered again. */
      replayed: boolean;
      refusal?: never;
    }
  | { refusal: IssuanceTransferRefusal; transfer?: never };

/**
 * Why a transfer out of an issuance account is refused: a closed set, each checked at one step of
 * `transferFromIssuance`; trading's table (handlers/failures.ts) maps it to what a client sees.
 */
export type IssuanceTransferRefusalCode =
  | 'unknown_instrument'
  | 'quantity_above_max'
  | 'foreign_trading_account'
  | 'insufficient_issuance_balance'
  | 'client_transfer_id_reused';

interface IssuanceTransferRefusal {
  code: IssuanceTransferRefusalCode;
  /** What went wrong and how to fix it. */
  detail: string;
  context?: Record<string, unknown>;
}

/** Thrown inside the transaction so that it rolls back; `transferFromIssuance` turns it back into its refusal. */
class Refused extends Error {
  constructor(readonly refusal: IssuanceTransferRefusal) {
    super(refusal.detail);
  }
}

function insufficient(instrument: InstrumentRow, quantity: number, available: number): IssuanceTransferRefusal {
  const fix = available > 0 ? `transfer at most ${available}` : 'nothing is left to transfer';
  return {
    code: 'insufficient_issuance_balance',
    detail: `The issuance account holds ${available} Units of ${instrument.symbol}; ${quantity} were asked for. Issue more with POST /v1/supply-issuances, or ${fix}.`,
    context: { quantity, available },
  };
}

/** An earlier transfer with the same client_transfer_id: answered again if it asked for the same, else refused. */
function sameTransfer(
  earlier: IssuanceTransferRow,
  input: IssuanceTransferInput,
  instrument: InstrumentRow,
): IssuanceTransferOutcome {
  const same =
    earlier.instrument_id === input.instrumentId &&
    earlier.quantity === input.quantity &&
    (input.tradingAccountId === undefined || input.tradingAccountId === earlier.trading_account_id);
  if (same) return { transfer: earlier, replayed: true };
  const what = `${earlier.quantity} Units${earlier.instrument_id === instrument.id ? ` of ${instrument.symbol}` : ''}`;
  return {
    refusal: {
      code: 'client_transfer_id_reused',
      detail: `client_transfer_id ${earlier.client_transfer_id} was used for a transfer of ${what} (${earlier.id}); use a new one for another transfer.`,
      context: { transfer_id: earlier.id, instrument_id: earlier.instrument_id, quantity: earlier.quantity },
    },
  };
}

/**
 * The move itself, in the caller's transaction: a refusal before any write is answered; one after a write is thrown
 * (Refused), so the transaction rolls back.
 */
async function moveToTrading(
  trx: Knex.Transaction,
  userId: string,
  instrument: InstrumentRow,
  input: IssuanceTransferInput,
  nowUs: number,
): Promise<IssuanceTransferOutcome> {
  const sql = await sqlOf(trx);
  if (input.clientTransferId !== undefined) {
    const earlier = await issuanceTransferByClientId(sql, userId, input.clientTransferId);
    if (earlier) return sameTransfer(earlier, input, instrument);
  }
  const units = unitsOf(instrument.id);
  const issuanceAccount = await userAccount(sql, userId, 'issuance', units);
  if (!issuanceAccount) return { refusal: insufficient(instrument, input.quantity, 0) };
  const trading = await ensureAccountOn(sql, userId, 'trading', units, instrument.id, nowUs);
  if (input.tradingAccountId !== undefined && input.tradingAccountId !== trading.id) {
    const detail = `trading_account_id ${input.tradingAccountId} is not your trading account of ${instrument.symbol} (${trading.id}); send that one, or leave trading_account_id out.`;
    // The trading account may have been opened just now: roll that back too.
    throw new Refused({
      code: 'foreign_trading_account',
      detail,
      context: { errors: [{ path: 'body.trading_account_id', message: detail, value: input.tradingAccountId }] },
    });
  }
  const row: IssuanceTransferRow = {
    id: newIssuanceTransferId(),
    user_id: userId,
    instrument_id: instrument.id,
    issuance_account_id: issuanceAccount.id,
    trading_account_id: trading.id,
    quantity: input.quantity,
    client_transfer_id: input.clientTransferId ?? null,
    issuance_id: null,
    created_at_us: nowUs,
  };
  await post(
    trx,
    'issuance_transfer',
    row.id,
    move(
      units,
      { accountId: issuanceAccount.id, bucket: 'available' },
      { accountId: trading.id, bucket: 'available' },
      input.quantity,
    ),
    nowUs,
  );
  await insertIssuanceTransfer(sql, row);
  await recordDeposit(sql, trading.id, input.quantity, nowUs);
  return { transfer: row, replayed: false };
}

/**
 * Moves issued Units to the caller's trading account in one transaction, or answers why not
 * (IssuanceTransferRefusalCode). A `client_transfer_id` already used answers its transfer again.
 */
export async function transferFromIssuance(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  input: IssuanceTransferInput,
): Promise<IssuanceTransferOutcome> {
  const instrument = await instrumentById(db, input.instrumentId);
  if (!instrument)
    return { refusal: { code: 'unknown_instrument', detail: unknownInstrumentDetail(input.instrumentId) } };
  if (input.quantity > issuanceTransferQuantityMax) {
    const detail = `body.quantity must be at most ${issuanceTransferQuantityMax}.`;
    return {
      refusal: {
        code: 'quantity_above_max',
        detail,
        context: {
          errors: [
            { path: 'body.quantity', message: `must be <= ${issuanceTransferQuantityMax}`, value: input.quantity },
          ],
        },
      },
    };
  }
  const nowUs = clock.nowUs();
  try {
    return await db.transaction((trx) => moveToTrading(trx, userId, instrument, input, nowUs));
  } catch (error) {
    if (error instanceof Refused) return { refusal: error.refusal };
    // The journal's conditional update refused: another transfer took the Units first.
    if (error instanceof LedgerShortfall) {
      const account = await withSql(db, (sql) => userAccount(sql, userId, 'issuance', unitsOf(instrument.id)));
      return { refusal: insufficient(instrument, input.quantity, account?.available ?? 0) };
    }
    // Two transfers with one new client_transfer_id at once: the second finds the first.
    if (isUniqueViolation(error) && input.clientTransferId !== undefined) {
      const clientTransferId = input.clientTransferId;
      const earlier = await withSql(db, (sql) => issuanceTransferByClientId(sql, userId, clientTransferId));
      if (earlier) return sameTransfer(earlier, input, instrument);
    }
    throw error;
  }
}

/** The caller's issuance accounts with their totals, by instrument symbol. */
export const listIssuanceAccounts = (deps: { db: Db }, userId: string): Promise<IssuanceAccountRow[]> =>
  issuanceAccountsOfUser(deps.db, userId);
