import type { ConsumptionLotRow } from '../../db/consumption-lots.js';
import type { OrderRow, TransferRow } from '../../db/trading-rows.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import { assert } from '../../lib/assert.js';
import { tokensOf, unitsOf } from '../../ledger/assets.js';
import { lotLifetimeUs } from '../../ledger/consumption.js';
import { move, type Posting } from '../../ledger/journal.js';
import type { TraderAccounts } from '../accounts/account-ids.js';

/** What an auto-transfer needs: ids of accounts, and where new ids come from. */
export interface TransferContext {
  market: MarketWithInstrument;
  /** Every trader of the orders settled (makers included). */
  accountsOf(userId: string): TraderAccounts;
  /** The conversion accounts of the instrument, and consumption accounts of buyers that auto-transfer. */
  conversion: { units: string; tokens: string };
  consumptionAccountOf(userId: string): string;
  nowUs: number;
  nextTransferId(): string;
}

/** An auto-transfer as it settles: its journal postings, its lot and its row. */
interface AutoTransfer {
  postings: Posting[];
  lot: Omit<ConsumptionLotRow, 'id'>;
  row: TransferRow;
}

/**
 * The move of the Units a buy bought to its consumption account as tokens (journal kind `transfer`:
 * Units to system:conversion, tokens from it), in a lot that expires after `lotLifetimeUs`, priced at
 * the buy's average and credited to the seller of most of it.
 */
export function autoTransfer(
  context: TransferContext,
  order: OrderRow,
  bySeller: ReadonlyMap<string, number>,
): AutoTransfer {
  const { instrument } = context.market;
  const { quantity, supplierUserId } = mainSupplier(bySeller);
  const tokens = quantity * instrument.tokens_per_unit;
  assert(
    Number.isSafeInteger(tokens),
    `${quantity} Units of ${instrument.id} are more tokens than the ledger can count`,
  );
  const moved: TransferTerms = {
    order,
    trading: context.accountsOf(order.user_id).units,
    consumption: context.consumptionAccountOf(order.user_id),
    id: context.nextTransferId(),
    quantity,
    tokens,
  };
  return {
    postings: transferPostings(context, moved),
    lot: transferLot(moved, supplierUserId, context.nowUs),
    row: transferRow(moved, instrument.id, context.nowUs),
  };
}

/** One auto-transfer: from the buy's trading (Units) account to its consumption account. */
interface TransferTerms {
  id: string;
  order: OrderRow;
  trading: string;
  consumption: string;
  quantity: number;
  tokens: number;
}

/** The Units bought in all, and the seller of most of them (the first such, on a tie). */
function mainSupplier(bySeller: ReadonlyMap<string, number>): { quantity: number; supplierUserId: string | null } {
  let quantity = 0;
  let supplierUserId: string | null = null;
  let supplierSold = 0;
  for (const [seller, sold] of bySeller) {
    if (supplierUserId === null || sold > supplierSold) {
      supplierUserId = seller;
      supplierSold = sold;
    }
    quantity += sold;
  }
  return { quantity, supplierUserId };
}

/** Units to system:conversion, tokens from it to the consumption account. */
function transferPostings(context: TransferContext, moved: TransferTerms): Posting[] {
  const instrumentId = context.market.instrument.id;
  return [
    ...move(
      unitsOf(instrumentId),
      { accountId: moved.trading, bucket: 'available' },
      { accountId: context.conversion.units, bucket: 'available' },
      moved.quantity,
    ),
    ...move(
      tokensOf(instrumentId),
      { accountId: context.conversion.tokens, bucket: 'available' },
      { accountId: moved.consumption, bucket: 'available' },
      moved.tokens,
    ),
  ];
}

function transferLot(
  moved: TransferTerms,
  supplierUserId: string | null,
  nowUs: number,
): Omit<ConsumptionLotRow, 'id'> {
  return {
    account_id: moved.consumption,
    tokens_total: moved.tokens,
    tokens_remaining: moved.tokens,
    source: moved.id,
    arrived_at_us: nowUs,
    expires_at_us: nowUs + lotLifetimeUs,
    usd_micros_per_unit: Math.floor(moved.order.notional_micros / moved.order.filled_quantity),
    supplier_user_id: supplierUserId,
  };
}

function transferRow(moved: TransferTerms, instrumentId: string, nowUs: number): TransferRow {
  return {
    id: moved.id,
    user_id: moved.order.user_id,
    instrument_id: instrumentId,
    quantity: moved.quantity,
    from_account_id: moved.trading,
    to_account_id: moved.consumption,
    order_id: moved.order.id,
    created_at_us: nowUs,
  };
}
