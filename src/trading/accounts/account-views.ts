import { assert } from '../../lib/assert.js';
import type { components } from '../../../generated/types/trading.js';
import type { LedgerAccountRow } from '../../ledger/journal.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import type { ConsumptionAccountRecord, TradingAccountRecord } from './accounts.js';
import type { TransferHistoryRow } from '../../db/transfer-histories.js';
import type { SupplyIssuanceRow, TransferRow } from '../../db/trading-rows.js';
import { formatPrice } from '../views.js';

type Schemas = components['schemas'];

const formatUsd = (micros: number): string => formatDecimal(micros, usdScale);
const accountStatus = (status: string) => status as Schemas['AccountStatus'];

/** Units are whole: balances are integer strings ("24"). */
export function tradingAccountView(row: TradingAccountRecord): Schemas['TradingAccount'] {
  return {
    account_id: row.id,
    user_id: ownerOf(row),
    instrument_id: row.instrument_id,
    instrument_name: row.instrument_name,
    instrument_symbol: row.instrument_symbol,
    market_id: row.market_id,
    market_name: row.market_name,
    status: accountStatus(row.status),
    total_balance: String(row.total_balance),
    available_balance: String(row.available),
    locked_balance: String(row.locked),
    last_trade_price: row.last_trade_price_ticks === null ? null : formatPrice(row.last_trade_price_ticks),
    last_deposit_at: toIsoOrNull(row.last_deposit_at_us),
    last_withdrawal_at: toIsoOrNull(row.last_withdrawal_at_us),
    last_trading_activity_at: toIsoOrNull(row.last_trading_activity_at_us),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}

/** Token counts of the ledger shown as Units rounded up, as `total_balance` is (see accounts.ts). */
const unitsUp = (tokens: number, tokensPerUnit: number): number => Math.ceil(tokens / tokensPerUnit);

export function consumptionAccountView(row: ConsumptionAccountRecord): Schemas['ConsumptionAccount'] {
  return {
    account_id: row.id,
    user_id: ownerOf(row),
    instrument_id: row.instrument_id,
    status: accountStatus(row.status),
    total_balance: row.total_units,
    committed_balance: row.committed_units,
    uncommitted_balance: row.uncommitted_units,
    available_balance: row.uncommitted_units,
    tokens_allocated: row.tokens_allocated,
    tokens_available: row.available,
    total_commitments: row.total_commitments,
    total_deposits: row.total_deposits,
    total_transfers_in: row.total_transfers_in,
    total_transfers_out: 0,
    // Kept in tokens (inference draws part-Units); shown in Units like the balances.
    total_withdrawals: unitsUp(row.total_withdrawals, row.tokens_per_unit),
    last_commitment_at: toIsoOrNull(row.last_commitment_at_us),
    last_deposit_at: toIsoOrNull(row.last_deposit_at_us),
    last_transfer_at: toIsoOrNull(row.last_transfer_at_us),
    last_withdrawal_at: toIsoOrNull(row.last_withdrawal_at_us),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}

export function currencyAccountView(row: LedgerAccountRow): Schemas['CurrencyTradingAccount'] {
  return {
    account_id: row.id,
    user_id: ownerOf(row),
    currency: 'usd',
    status: accountStatus(row.status),
    total_balance: formatUsd(row.available + row.locked),
    available_balance: formatUsd(row.available),
    locked_balance: formatUsd(row.locked),
    deposited_total: formatUsd(row.deposited),
    last_deposit_at: toIsoOrNull(row.last_deposit_at_us),
    total_withdrawals: formatUsd(row.total_withdrawals),
    last_withdrawal_at: toIsoOrNull(row.last_withdrawal_at_us),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}

export function transferView(row: TransferRow): Schemas['Transfer'] {
  return {
    transfer_id: row.id,
    instrument_id: row.instrument_id,
    quantity: row.quantity,
    from_account_id: row.from_account_id,
    to_account_id: row.to_account_id,
    status: 'completed',
    order_id: row.order_id,
    created_at: toIso(row.created_at_us),
  };
}

/**
 * A transfer in the live service's transfer-history shape; a transfer is applied at once, so every time is its
 * creation.
 */
export function transferHistoryView(row: TransferHistoryRow): Schemas['TransferHistory'] {
  const at = toIso(row.created_at_us);
  return {
    id: row.id,
    transfer_id: row.id,
    kind: row.kind,
    account_id: row.account_id,
    account_type: row.account_type,
    sender_account_id: row.sender_account_id,
    sender_account_type: row.sender_account_type,
    from_account_type: row.sender_account_type,
    to_account_type: row.account_type,
    instrument_id: row.instrument_id,
    instrument_name: row.instrument_name,
    instrument_symbol: row.instrument_symbol,
    market_id: row.market_id,
    quantity: row.quantity,
    status: 'completed',
    order_id: row.order_id,
    transferred_at: at,
    created_at: at,
    inserted_at: at,
    updated_at: at,
  };
}

export function supplyIssuanceView(row: SupplyIssuanceRow): Schemas['SupplyIssuance'] {
  return {
    issuance_id: row.id,
    instrument_id: row.instrument_id,
    trading_account_id: row.trading_account_id,
    issuance_account_id: row.issuance_account_id,
    quantity: row.quantity,
    created_at: toIso(row.created_at_us),
    issued_at: toIso(row.created_at_us),
  };
}

/** A user's account as the API shows it: the ledger's system accounts (no user) are never listed. */
function ownerOf(row: { id: string; user_id: string | null }): string {
  assert(row.user_id !== null, `account ${row.id} belongs to no user`);
  return row.user_id;
}
