import type { components } from '../../../generated/types/trading.js';
import { tradingData, tradingList, type Session } from './http.js';
import { resolveInstrument } from './market.js';
import { parseQuantity } from './orders.js';
import { renderRecord, renderTable, show, type Output } from './output.js';

type SupplyIssuance = components['schemas']['SupplyIssuance'];
type IssuanceAccount = components['schemas']['IssuanceAccount'];
type IssuanceTransfer = components['schemas']['IssuanceTransfer'];
type SupplierLiability = components['schemas']['SupplierLiability'];

/**
 * `mkt supply …`, for suppliers: issue Units, see them wait in the issuance account, move them to
 * trading (then sell them with `mkt sell`), and what is owed on the Units sold.
 */

/** `mkt supply issue INSTRUMENT QTY`: new Units into the issuance account (or trading, on a `direct` deployment). */
export async function issueSupply(
  session: Session,
  output: Output,
  given: string,
  quantityText: string,
): Promise<void> {
  const quantity = parseQuantity(quantityText);
  const instrument = await resolveInstrument(session, given);
  const issued = await tradingData<SupplyIssuance>(session, 'POST', '/v1/supply-issuances', {
    body: { instrument_id: instrument.instrument_id, quantity },
  });
  const waiting = await waitingInIssuanceAccount(session, issued);
  const sell = `mkt sell ${instrument.symbol} QTY --price P`;
  show(output, issued, () =>
    renderRecord([
      ['issuance', issued.issuance_id],
      ['instrument', `${instrument.symbol} (${issued.instrument_id})`],
      ['quantity', issued.quantity],
      ['issuance account', issued.issuance_account_id],
      ['trading account', issued.trading_account_id],
      [
        'next',
        waiting
          ? `mkt supply transfer ${instrument.symbol} ${issued.quantity}, then ${sell}`
          : `${sell} (the Units are in the trading account already)`,
      ],
    ]),
  );
}

/**
 * Whether the issued Units wait in the issuance account (MKT_SUPPLY_ISSUANCE=account, the default) rather than having
 * gone to trading at once (`direct`, where no transfer is needed): the issuance does not say which, its account does.
 */
async function waitingInIssuanceAccount(session: Session, issued: SupplyIssuance): Promise<boolean> {
  const accounts = await tradingData<IssuanceAccount[]>(session, 'GET', '/v1/issuance-accounts');
  const account = accounts.find((a) => a.issuance_account_id === issued.issuance_account_id);
  return account !== undefined && account.available_balance >= issued.quantity;
}

/** `mkt supply accounts`: each issuance account's balance and totals. */
export async function listIssuanceAccounts(session: Session, output: Output): Promise<void> {
  // One page always (one account per instrument): the list takes no paging parameters.
  const accounts = await tradingData<IssuanceAccount[]>(session, 'GET', '/v1/issuance-accounts');
  const rows = accounts.map((a) => [
    a.instrument_symbol,
    a.available_balance,
    a.total_issued,
    a.total_transferred,
    a.issuance_account_id,
  ]);
  show(output, accounts, () =>
    rows.length
      ? renderTable(['instrument', 'available', 'issued', 'transferred', 'account'], rows, { rightAligned: [1, 2, 3] })
      : 'No issuance accounts: issue Units with mkt supply issue INSTRUMENT QTY.',
  );
}

/** `mkt supply transfer INSTRUMENT QTY`: issued Units to the trading account, where they can be sold. */
export async function transferSupply(
  session: Session,
  output: Output,
  given: string,
  quantityText: string,
  options: { clientTransferId?: string },
): Promise<void> {
  const quantity = parseQuantity(quantityText);
  const instrument = await resolveInstrument(session, given);
  const body = {
    instrument_id: instrument.instrument_id,
    quantity,
    ...(options.clientTransferId === undefined ? {} : { client_transfer_id: options.clientTransferId }),
  };
  const moved = await tradingData<IssuanceTransfer>(session, 'POST', '/v1/issuance-accounts/transfer', { body });
  show(output, moved, () =>
    renderRecord([
      ['transfer', moved.transfer_id],
      ['instrument', `${instrument.symbol} (${moved.instrument_id})`],
      ['quantity', moved.quantity],
      ['from', moved.issuance_account_id],
      ['to', moved.trading_account_id],
      ['status', moved.status],
    ]),
  );
}

/** `mkt supply list [--instrument I]`: the issuances, newest first. */
export async function listSupply(session: Session, output: Output, options: { instrument?: string }): Promise<void> {
  const instrumentId =
    options.instrument === undefined ? undefined : (await resolveInstrument(session, options.instrument)).instrument_id;
  const issuances = await tradingList<SupplyIssuance>(session, '/v1/supply-issuances', { instrument_id: instrumentId });
  const rows = issuances.map((i) => [i.created_at, i.instrument_id, i.quantity, i.issuance_id]);
  show(output, issuances, () =>
    rows.length
      ? renderTable(['issued at', 'instrument', 'quantity', 'issuance'], rows, { rightAligned: [2] })
      : 'No issuances yet.',
  );
}

/** `mkt supply liability`: per instrument, the tokens owed on the Units sold, fulfilled and outstanding. */
export async function showLiability(session: Session, output: Output): Promise<void> {
  const liabilities = await tradingData<SupplierLiability[]>(session, 'GET', '/v1/supplier-liability');
  const rows = liabilities.map((l) => [
    l.instrument_symbol,
    l.units_sold,
    l.units_liable,
    l.total_liability,
    l.fulfilled,
    l.outstanding,
  ]);
  show(output, liabilities, () =>
    rows.length
      ? renderTable(['instrument', 'Units sold', 'Units liable', 'tokens owed', 'fulfilled', 'outstanding'], rows, {
          rightAligned: [1, 2, 3, 4, 5],
        })
      : 'Nothing owed: no Units issued and sold, and no tokens served.',
  );
}
