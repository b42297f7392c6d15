import type { Db } from '../db/knex.js';
import { keysetPage, type Page, type PageParams } from '../db/paging.js';
import { transferToConsumption } from '../ledger/consumption.js';
import { unitsOf } from '../ledger/assets.js';
import { LedgerShortfall } from '../ledger/journal.js';
import type { Clock } from '../lib/clock.js';
import { ApiError, notFound, validationError } from '../lib/errors.js';
import type { InstrumentRow } from './reference.js';
import type { TransferRow } from '../db/trading-rows.js';

/**
 * Transfers from trading to consumption requested on the trading API (DESIGN.md §4), and the
 * caller's list of them, which also shows the automatic transfers that followed buy fills. The
 * ledger work is src/ledger/consumption.ts; this adds the checks a client is answered with.
 */
export interface TransfersService {
  /** 404 unknown instrument; 422 insufficient_available_balance when the Units are not available. */
  createTransfer(userId: string, instrumentId: string, quantity: number): Promise<TransferRow>;
  listTransfers(userId: string, filter: { instrumentId?: string | undefined }, page: PageParams): Promise<Page<TransferRow>>;
  getTransfer(userId: string, transferId: string): Promise<TransferRow>;
}

/** `quantity` columns are 32-bit integers on PostgreSQL. */
export const transferQuantityMax = 2_147_483_647;

export function createTransfersService(db: Db, clock: Clock): TransfersService {
  const availableUnits = async (userId: string, instrumentId: string): Promise<number> => {
    const row = (await db('ledger_accounts').where({ user_id: userId, kind: 'trading', asset: unitsOf(instrumentId) }).first('available')) as { available: number } | undefined;
    return row?.available ?? 0;
  };

  return {
    async createTransfer(userId, instrumentId, quantity) {
      const instrument = await db<InstrumentRow>('instruments').where('id', instrumentId).first();
      if (!instrument) throw new ApiError(404, 'not_found', `No instrument with id ${instrumentId}. Use the instrument_id of GET /v1/instruments, not the symbol.`);
      if (quantity > transferQuantityMax || !Number.isSafeInteger(quantity * instrument.tokens_per_unit)) {
        throw validationError(`body.quantity must be at most ${transferQuantityMax}.`, { errors: [{ path: 'body.quantity', message: `must be <= ${transferQuantityMax}`, value: quantity }] });
      }
      const nowUs = clock.nowUs();
      try {
        return await db.transaction((trx) => transferToConsumption(trx, { userId, instrumentId, quantity, orderId: null, nowUs }));
      } catch (error) {
        if (!(error instanceof LedgerShortfall)) throw error;
        const available = await availableUnits(userId, instrumentId);
        throw new ApiError(422, 'insufficient_available_balance', `The trading account holds ${available} available Units of ${instrument.symbol}; ${quantity} were requested.`, {
          context: { quantity, available: String(available) },
        });
      }
    },

    async listTransfers(userId, filter, page) {
      const query = db('transfers').select('*').where('user_id', userId);
      if (filter.instrumentId !== undefined) query.where('instrument_id', filter.instrumentId);
      return keysetPage<TransferRow>(query, { name: 'created_at', column: 'created_at_us', idColumn: 'id', direction: 'desc' }, page, (row) => [row.created_at_us, row.id]);
    },

    async getTransfer(userId, transferId) {
      const row = (await db('transfers').where({ id: transferId, user_id: userId }).first()) as TransferRow | undefined;
      if (!row) throw notFound('transfer', transferId);
      return row;
    },
  };
}
