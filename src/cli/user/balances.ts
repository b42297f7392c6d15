import type { components } from '../../../generated/types/trading.js';
import { tradingData, tradingList, type Session } from './http.js';
import { resolveInstrument } from './market.js';
import { parseQuantity } from './orders.js';
import { renderRecord, renderTable, show, type Output } from './output.js';

type CurrencyAccount = components['schemas']['CurrencyTradingAccount'];
type TradingAccount = components['schemas']['TradingAccount'];
type ConsumptionAccount = components['schemas']['ConsumptionAccount'];
type Instrument = components['schemas']['Instrument'];
type Transfer = components['schemas']['Transfer'];
type Position = components['schemas']['Position'];

/** `mkt balances`: USD, the Units of each trading account, and each consumption account's Units. */
export async function showBalances(session: Session, output: Output): Promise<void> {
  const [usd, trading, consumption, instruments] = await Promise.all([
    tradingList<CurrencyAccount>(session, '/v1/currency-trading-accounts'),
    tradingList<TradingAccount>(session, '/v1/trading-accounts'),
    tradingList<ConsumptionAccount>(session, '/v1/consumption-accounts'),
    tradingList<Instrument>(session, '/v1/instruments'),
  ]);
  const symbolOf = new Map(instruments.map((i) => [i.instrument_id, i.symbol]));
  const rows = [
    ...usd.map((a) => ['USD', 'trading', a.total_balance, a.available_balance, a.locked_balance]),
    ...trading.map((a) => [
      a.instrument_symbol,
      'trading (Units)',
      a.total_balance,
      a.available_balance,
      a.locked_balance,
    ]),
    ...consumption.map((a) => [
      symbolOf.get(a.instrument_id) ?? a.instrument_id,
      'consumption (Units)',
      a.total_balance,
      a.uncommitted_balance,
      a.committed_balance,
    ]),
  ];
  show(output, { usd, trading, consumption }, () =>
    renderTable(['asset', 'account', 'total', 'available', 'locked / committed'], rows, { rightAligned: [2, 3, 4] }),
  );
}

/**
 * `mkt positions`: per instrument the Units held (trading + consumption), their FIFO cost and the
 * profit and loss, as GET /v1/positions works them out (fees included); `-` where the market has
 * not traded yet.
 */
export async function showPositions(session: Session, output: Output, options: { status?: string }): Promise<void> {
  const positions = await tradingList<Position>(session, '/v1/positions', { status: options.status });
  const rows = positions.map((p) => [
    p.instrument_symbol,
    p.status,
    p.quantity,
    `${p.trading_quantity} / ${p.consumption_quantity}`,
    p.average_cost ?? '-',
    p.total_cost,
    p.last_trade_price ?? '-',
    p.current_market_value ?? '-',
    p.unrealized_pnl ?? '-',
    p.realized_pnl,
    p.fees_paid,
  ]);
  show(output, positions, () =>
    renderTable(
      [
        'instrument',
        'status',
        'Units',
        'trading / consumption',
        'average cost',
        'cost',
        'last price',
        'value',
        'unrealised P&L',
        'realised P&L',
        'fees',
      ],
      rows,
      {
        rightAligned: [2, 3, 4, 5, 6, 7, 8, 9, 10],
      },
    ),
  );
}

/** `mkt transfer INSTRUMENT QTY`: Units from the trading account to the consumption account of the instrument. */
export async function transfer(session: Session, output: Output, given: string, quantityText: string): Promise<void> {
  const quantity = parseQuantity(quantityText);
  const instrument = await resolveInstrument(session, given);
  const made = await tradingData<Transfer>(session, 'POST', '/v1/transfers/trading-to-consumption', {
    body: { instrument_id: instrument.instrument_id, quantity },
  });
  show(output, made, () =>
    renderRecord([
      ['transfer', made.transfer_id],
      ['instrument', `${instrument.symbol} (${made.instrument_id})`],
      ['quantity', made.quantity],
      ['from', made.from_account_id],
      ['to', made.to_account_id],
      ['status', made.status],
    ]),
  );
}
