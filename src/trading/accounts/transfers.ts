import type { Db } from '../../db/knex.js';
import type { Page, PageParams } from '../../db/paging.js';
import { instrumentById, type InstrumentRow } from '../../db/reference.js';
import { tradingAccountAvailable } from '../../db/trading-accounts.js';
import type { TransferRow } from '../../db/trading-rows.js';
import {
  transferHistoryPage,
  type TransferHistoryFilter,
  type TransferHistoryRow,
} from '../../db/transfer-histories.js';
import { transferOfUser, transferPage, type TransferFilter } from '../../db/transfers.js';
import { transferToConsumption } from '../../ledger/consumption.js';
import { unitsOf } from '../../ledger/assets.js';
import { LedgerShortfall } from '../../ledger/journal.js';
import type { Clock } from '../../lib/clock.js';
import { unknownInstrumentDetail } from '../../lib/errors.js';
import { Failure } from '../../lib/failure.js';

/**
 * Transfers from trading to consumption requested on the trading API (DESIGN.md §4), and the
 * caller's list of them, which also shows the automatic transfers that followed buy fills. The
 * ledger work is src/ledger/consumption.ts; this adds the checks a client is answered with.
 */

/** `quantity` columns are 32-bit integers on PostgreSQL. */
const transferQuantityMax = 2_147_483_647;

/** Why a transfer is refused (mapped in trading's table, handlers/failures.ts). */
export type TransferFailure =
  | 'unknown_instrument'
  | 'unknown_transfer'
  | 'quantity_above_max'
  | 'insufficient_balance'
  | 'consumption_units_not_resellable';

const availableUnits = async (db: Db, userId: string, instrumentId: string): Promise<number> =>
  (await tradingAccountAvailable(db, userId, unitsOf(instrumentId))) ?? 0;

async function knownInstrument(db: Db, instrumentId: string): Promise<InstrumentRow> {
  const instrument = await instrumentById(db, instrumentId);
  if (!instrument) throw new Failure<TransferFailure>('unknown_instrument', unknownInstrumentDetail(instrumentId));
  return instrument;
}

/** 404 unknown instrument; 422 insufficient_available_balance when the Units are not available. */
export async function createTransfer(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  instrumentId: string,
  quantity: number,
): Promise<TransferRow> {
  const instrument = await knownInstrument(db, instrumentId);
  if (quantity > transferQuantityMax || !Number.isSafeInteger(quantity * instrument.tokens_per_unit)) {
    throw new Failure<TransferFailure>('quantity_above_max', `body.quantity must be at most ${transferQuantityMax}.`, {
      context: { errors: [{ path: 'body.quantity', message: `must be <= ${transferQuantityMax}`, value: quantity }] },
    });
  }
  const nowUs = clock.nowUs();
  try {
    return await db.transaction((trx) =>
      transferToConsumption(trx, { userId, instrumentId, quantity, orderId: null, nowUs }),
    );
  } catch (error) {
    if (!(error instanceof LedgerShortfall)) throw error;
    const available = await availableUnits(db, userId, instrumentId);
    throw new Failure<TransferFailure>(
      'insufficient_balance',
      `The trading account holds ${available} available Units of ${instrument.symbol}; ${quantity} were requested.`,
      {
        context: { quantity, available: String(available) },
      },
    );
  }
}

export const listTransfers = (
  deps: { db: Db },
  userId: string,
  filter: TransferFilter,
  page: PageParams,
): Promise<Page<TransferRow>> => transferPage(deps.db, userId, filter, page);

export async function getTransfer(deps: { db: Db }, userId: string, transferId: string): Promise<TransferRow> {
  const row = await transferOfUser(deps.db, userId, transferId);
  if (!row) throw new Failure<TransferFailure>('unknown_transfer', `No transfer with id ${transferId}.`);
  return row;
}

/**
 * The way back, consumption → trading, is refused by design (specification: consumption Units
 * cannot be resold). The body was validated against the document; a known instrument gets the
 * decided 422, which names the instrument and says what to do instead. Nothing is read but the
 * instrument, nothing is written.
 */
export async function refuseConsumptionToTrading(
  deps: { db: Db },
  instrumentId: string,
  quantity: number,
): Promise<never> {
  const instrument = await knownInstrument(deps.db, instrumentId);
  throw new Failure<TransferFailure>(
    'consumption_units_not_resellable',
    `Units of ${instrument.symbol} in a consumption account cannot be resold, so they cannot move back to trading. Spend them on inference before they expire (4 hours after arrival); next time transfer only what you will use with POST /v1/transfers/trading-to-consumption.`,
    { context: { instrument_id: instrumentId, quantity } },
  );
}

/** The caller's transfer history, newest first: every kind of transfer between the caller's accounts. */
export const listTransferHistories = (
  deps: { db: Db },
  userId: string,
  filter: TransferHistoryFilter,
  page: PageParams,
): Promise<Page<TransferHistoryRow>> => transferHistoryPage(deps.db, userId, filter, page);
