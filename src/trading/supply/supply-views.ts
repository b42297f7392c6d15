import type { components } from '../../../generated/types/trading.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import type { IssuanceAccountRow, IssuanceTransferRow } from './issuance-accounts.js';
import type { SupplierLiability } from './supplier-liability.js';

type Schemas = components['schemas'];

/** The issuance account under mkt's names and, with the same numbers, the live service's. */
export function issuanceAccountView(row: IssuanceAccountRow): Schemas['IssuanceAccount'] {
  return {
    issuance_account_id: row.id,
    account_id: row.id,
    user_id: row.user_id,
    instrument_id: row.instrument_id,
    instrument_symbol: row.symbol,
    status: row.status as Schemas['AccountStatus'],
    available_balance: row.available,
    total_balance: row.available,
    total_issued: row.total_issued,
    total_transferred: row.total_transferred,
    total_transferred_to_trading: row.total_transferred,
    total_deposits: row.issuance_count,
    total_transfers: row.transfer_count,
    last_deposit_at: toIsoOrNull(row.last_issued_at_us),
    last_transfer_at: toIsoOrNull(row.last_transfer_at_us),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}

/** `supply summary`'s row: the issuance account's numbers under the names the live CLI reads. */
export function supplySummaryView(row: IssuanceAccountRow): Schemas['SupplySummaryRow'] {
  return {
    instrument_id: row.instrument_id,
    instrument_symbol: row.symbol,
    instrument_name: row.name,
    total_issued: row.total_issued,
    units_available: row.available,
    units_transferred_to_trading: row.total_transferred,
    issuance_count: row.issuance_count,
    last_issued_at: toIsoOrNull(row.last_issued_at_us),
  };
}

export function issuanceTransferView(row: IssuanceTransferRow): Schemas['IssuanceTransfer'] {
  return {
    transfer_id: row.id,
    id: row.id,
    issuance_account_id: row.issuance_account_id,
    instrument_id: row.instrument_id,
    trading_account_id: row.trading_account_id,
    quantity: row.quantity,
    status: 'completed',
    client_transfer_id: row.client_transfer_id,
    created_at: toIso(row.created_at_us),
  };
}

export function supplierLiabilityView(liability: SupplierLiability): Schemas['SupplierLiability'] {
  return {
    instrument_id: liability.instrument.id,
    instrument_symbol: liability.instrument.symbol,
    tokens_per_unit: liability.instrument.tokens_per_unit,
    units_issued: liability.unitsIssued,
    units_sold: liability.unitsSold,
    units_liable: liability.unitsLiable,
    total_liability: liability.totalLiabilityTokens,
    tokens_served: liability.tokensServed,
    requests_served: liability.requestsServed,
    fulfilled: liability.fulfilledTokens,
    outstanding: liability.outstandingTokens,
  };
}
