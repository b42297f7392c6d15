import type { components } from '../../../generated/types/trading.js';
import { toIso } from '../../lib/clock.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { rangeOf, type Figures, type InstrumentBooks, type PeriodFigures, type SupplierBooks } from './earnings.js';

type Schemas = components['schemas'];

const usd = (micros: number): string => formatDecimal(micros, usdScale);

function figuresView(figures: Figures): Schemas['EarningsFigures'] {
  return {
    units_issued: figures.unitsIssued,
    units_sold: figures.unitsSold,
    tokens_consumed: figures.tokensConsumed,
    tokens_served: figures.tokensServed,
    requests_served: figures.requestsServed,
    gross_proceeds: usd(figures.grossMicros),
    fees_paid: usd(figures.feesMicros),
    net_proceeds: usd(figures.netMicros),
    outstanding_liability: figures.outstandingTokens,
  };
}

const periodView = (figures: PeriodFigures): Schemas['EarningsPeriodFigures'] => ({
  period_start: toIso(figures.span.startUs),
  period_end: toIso(figures.span.endUs),
  outstanding_at: toIso(figures.outstandingAtUs),
  ...figuresView(figures),
});

const instrumentView = (books: InstrumentBooks): Schemas['InstrumentEarnings'] => ({
  instrument_id: books.instrument.id,
  instrument_symbol: books.instrument.symbol,
  tokens_per_unit: books.instrument.tokens_per_unit,
  periods: books.periods.map(periodView),
  totals: figuresView(books.totals),
});

function totalsView(books: SupplierBooks): Schemas['EarningsTotals'] {
  const sum = (of: (figures: Figures) => number) => books.instruments.reduce((s, i) => s + of(i.totals), 0);
  return {
    gross_proceeds: usd(sum((f) => f.grossMicros)),
    fees_paid: usd(sum((f) => f.feesMicros)),
    net_proceeds: usd(sum((f) => f.netMicros)),
    withdrawals_paid: usd(books.withdrawals.reduce((s, w) => s + w.micros, 0)),
    withdrawal_count: books.withdrawals.reduce((s, w) => s + w.count, 0),
  };
}

/** The books as `GET /v1/supply/earnings` answers them. */
export function supplyEarningsView(books: SupplierBooks): Schemas['SupplyEarnings'] {
  return {
    period: books.period,
    from: toIso(rangeOf(books.spans).startUs),
    to: toIso(books.nowUs),
    instruments: books.instruments.map(instrumentView),
    withdrawals: books.withdrawals.map((w) => ({
      period_start: toIso(w.span.startUs),
      period_end: toIso(w.span.endUs),
      withdrawals_paid: usd(w.micros),
      withdrawal_count: w.count,
    })),
    totals: totalsView(books),
  };
}
