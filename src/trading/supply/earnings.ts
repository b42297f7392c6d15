import type { Db } from '../../db/knex.js';
import { instrumentsByIds, type InstrumentRow } from '../../db/reference.js';
import {
  lotsOfSupplier,
  receiptsDrawingFromSupplierLots,
  tokensServedByDay,
  unitsIssuedByDay,
  unitsSoldByDay,
  withdrawalsPaidByDay,
  type DrawingReceiptRow,
  type WithdrawalDayRow,
} from '../../db/supply-earnings.js';
import { reservationDraws } from '../../ledger/consumption.js';
import { assert } from '../../lib/assert.js';
import { usPerDay, type Clock } from '../../lib/clock.js';
import { microsPerTick } from '../../lib/money.js';
import { periodsBack, type LimitReset, type PeriodSpan } from '../../lib/periods.js';

/**
 * A supplier's books (issue 32, item 2; trading.yaml `GET /v1/supply/earnings` defines each figure for users): per
 * instrument and UTC period, what it issued, sold and had consumed, what its endpoints served, what its sales earned
 * and cost in fees, and what it still owes; per period, the withdrawals paid out. Read per UTC day from the journal
 * and the settled receipts (src/db/supply-earnings.ts), then folded into the periods asked for.
 */

export type EarningsPeriod = 'day' | 'week' | 'month';

const resetOf: Record<EarningsPeriod, LimitReset> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** Periods read when the caller names no count (trading.yaml bounds it at 92). */
export const earningsPeriodsDefault = 7;

interface EarningsQuery {
  period: EarningsPeriod;
  /** How many periods back from the one holding now (the document bounds it). */
  periods: number;
  /** Only this instrument (an id: the edge turns a symbol into one). */
  instrumentId: string | undefined;
}

/** The figures of one instrument over a stretch of time; USD in micro-dollars, the liability in tokens. */
export interface Figures {
  unitsIssued: number;
  unitsSold: number;
  tokensConsumed: number;
  tokensServed: number;
  requestsServed: number;
  grossMicros: number;
  feesMicros: number;
  netMicros: number;
  outstandingTokens: number;
}

export interface PeriodFigures extends Figures {
  span: PeriodSpan;
  /** When the liability is measured: the period's end, or now for the current period. */
  outstandingAtUs: number;
}

export interface InstrumentBooks {
  instrument: InstrumentRow;
  /** Newest first. */
  periods: PeriodFigures[];
  /** Over the whole range; the liability now. */
  totals: Figures;
}

export interface WithdrawalsPaid {
  span: PeriodSpan;
  micros: number;
  count: number;
}

export interface SupplierBooks {
  period: EarningsPeriod;
  nowUs: number;
  /** Newest first. */
  spans: PeriodSpan[];
  instruments: InstrumentBooks[];
  withdrawals: WithdrawalsPaid[];
}

/** What one instrument's records hold for one UTC day. */
interface DayFigures {
  day: number;
  unitsIssued: number;
  unitsSold: number;
  notionalTicks: number;
  netMicros: number;
  tokensServed: number;
  requestsServed: number;
  tokensConsumed: number;
}

type DayBook = Map<string, Map<number, DayFigures>>;

function dayOf(book: DayBook, instrumentId: string, day: number): DayFigures {
  let days = book.get(instrumentId);
  if (days === undefined) book.set(instrumentId, (days = new Map<number, DayFigures>()));
  let figures = days.get(day);
  if (figures === undefined) {
    figures = {
      day,
      unitsIssued: 0,
      unitsSold: 0,
      notionalTicks: 0,
      netMicros: 0,
      tokensServed: 0,
      requestsServed: 0,
      tokensConsumed: 0,
    };
    days.set(day, figures);
  }
  return figures;
}

/** `[lot id, tokens, price][]` as admission wrote it (migration 0019); an entry of another shape draws nothing. */
function reservationsOf(text: string): [number, number, null][] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown): [number, number, null][] =>
    Array.isArray(item) && typeof item[0] === 'number' && typeof item[1] === 'number' ? [[item[0], item[1], null]] : [],
  );
}

/** Tokens each receipt drew from the supplier's lots, on the day it settled, as settlement draws them. */
function addConsumed(book: DayBook, lots: ReadonlyMap<number, string>, receipts: readonly DrawingReceiptRow[]): void {
  for (const receipt of receipts) {
    const day = Math.floor(receipt.completed_at_us / usPerDay);
    for (const draw of reservationDraws(reservationsOf(receipt.reserved_lots), receipt.cost_tokens)) {
      const instrumentId = lots.get(draw.lotId);
      if (instrumentId !== undefined) dayOf(book, instrumentId, day).tokensConsumed += draw.tokens;
    }
  }
}

/** Every day's figures of the supplier: all days for what the liability accumulates, the range's for consumption. */
async function readDays(db: Db, userId: string, fromUs: number): Promise<DayBook> {
  // A receipt settled in the range drew from lots admitted before it: a day's slack covers any request's life.
  const lotsExpiringAfterUs = fromUs - usPerDay;
  const [issued, sold, served, lots, receipts] = await Promise.all([
    unitsIssuedByDay(db, userId),
    unitsSoldByDay(db, userId),
    tokensServedByDay(db, userId),
    lotsOfSupplier(db, userId, lotsExpiringAfterUs),
    receiptsDrawingFromSupplierLots(db, userId, fromUs, lotsExpiringAfterUs),
  ]);
  const book: DayBook = new Map();
  for (const r of issued) dayOf(book, r.instrument_id, r.day).unitsIssued += r.units;
  for (const r of sold) {
    const figures = dayOf(book, r.instrument_id, r.day);
    figures.unitsSold += r.units;
    figures.notionalTicks += r.notional_ticks;
    figures.netMicros += r.net_micros;
  }
  for (const r of served) {
    const figures = dayOf(book, r.instrument_id, r.day);
    figures.tokensServed += r.tokens;
    figures.requestsServed += r.requests;
  }
  addConsumed(book, new Map(lots.map((lot) => [lot.id, lot.instrument_id])), receipts);
  return book;
}

/** Tokens owed at the end of `days` (trading.yaml `GET /v1/supplier-liability`): Units issued and sold, less served. */
function outstandingAfter(days: readonly DayFigures[], tokensPerUnit: number): number {
  let issued = 0;
  let sold = 0;
  let served = 0;
  for (const d of days) {
    issued += d.unitsIssued;
    sold += d.unitsSold;
    served += d.tokensServed;
  }
  const liabilityTokens = Math.min(issued, sold) * tokensPerUnit;
  return liabilityTokens - Math.min(served, liabilityTokens);
}

/** The figures of the days from `startUs` to `endUs`, and the liability at `outstandingAtUs`. */
function figuresOf(days: readonly DayFigures[], tokensPerUnit: number, span: PeriodSpan, outstandingAtUs: number) {
  const firstDay = span.startUs / usPerDay;
  const endDay = span.endUs / usPerDay;
  const figures: Figures = {
    unitsIssued: 0,
    unitsSold: 0,
    tokensConsumed: 0,
    tokensServed: 0,
    requestsServed: 0,
    grossMicros: 0,
    feesMicros: 0,
    netMicros: 0,
    outstandingTokens: outstandingAfter(
      days.filter((d) => d.day < Math.ceil(outstandingAtUs / usPerDay)),
      tokensPerUnit,
    ),
  };
  for (const d of days) {
    if (d.day < firstDay || d.day >= endDay) continue;
    figures.unitsIssued += d.unitsIssued;
    figures.unitsSold += d.unitsSold;
    figures.tokensConsumed += d.tokensConsumed;
    figures.tokensServed += d.tokensServed;
    figures.requestsServed += d.requestsServed;
    figures.grossMicros += d.notionalTicks * microsPerTick;
    figures.netMicros += d.netMicros;
  }
  figures.feesMicros = figures.grossMicros - figures.netMicros;
  return figures;
}

function booksOf(
  instrument: InstrumentRow,
  dayMap: ReadonlyMap<number, DayFigures>,
  spans: PeriodSpan[],
  nowUs: number,
) {
  const days = [...dayMap.values()];
  const tokensPerUnit = instrument.tokens_per_unit;
  const periods = spans.map((span) => {
    const outstandingAtUs = Math.min(span.endUs, nowUs);
    return { span, outstandingAtUs, ...figuresOf(days, tokensPerUnit, span, outstandingAtUs) };
  });
  return { instrument, periods, totals: figuresOf(days, tokensPerUnit, rangeOf(spans), nowUs) };
}

/** From the oldest period's start to the newest's end. */
export function rangeOf(spans: readonly PeriodSpan[]): PeriodSpan {
  const [newest] = spans;
  const oldest = spans[spans.length - 1];
  assert(newest !== undefined && oldest !== undefined, 'a range of books holds at least one period');
  return { startUs: oldest.startUs, endUs: newest.endUs };
}

function withdrawalsOf(rows: readonly WithdrawalDayRow[], spans: readonly PeriodSpan[]): WithdrawalsPaid[] {
  return spans.map((span) => {
    const inSpan = rows.filter((r) => r.day * usPerDay >= span.startUs && r.day * usPerDay < span.endUs);
    return {
      span,
      micros: inSpan.reduce((sum, r) => sum + r.micros, 0),
      count: inSpan.reduce((sum, r) => sum + r.count, 0),
    };
  });
}

/** The caller's books over the periods asked for: the instruments it issued, sold, served or had consumed, by symbol. */
export async function supplierBooks(
  deps: { db: Db; clock: Clock },
  userId: string,
  query: EarningsQuery,
): Promise<SupplierBooks> {
  const nowUs = deps.clock.nowUs();
  const spans = periodsBack(resetOf[query.period], query.periods, nowUs);
  const fromUs = rangeOf(spans).startUs;
  const [book, withdrawals] = await Promise.all([
    readDays(deps.db, userId, fromUs),
    withdrawalsPaidByDay(deps.db, userId, fromUs),
  ]);
  const ids = [...book.keys()].filter((id) => query.instrumentId === undefined || id === query.instrumentId);
  const instruments = ids.length === 0 ? [] : await instrumentsByIds(deps.db, ids);
  return {
    period: query.period,
    nowUs,
    spans,
    instruments: instruments
      .sort((a, b) => a.symbol.localeCompare(b.symbol))
      .map((instrument) => booksOf(instrument, book.get(instrument.id) ?? new Map<number, DayFigures>(), spans, nowUs)),
    withdrawals: withdrawalsOf(withdrawals, spans),
  };
}
