import type { OrderType, SelfTradePrevention, Side, TimeInForce } from '../engine/types.js';
import type { RestingOrderRow } from './orders.js';
import type { OrderStatus } from './trading-rows.js';

/**
 * A market's stored book as book-reader-worker.ts hands it to the main thread: the rows of
 * orders.ts's restingOrdersPage then pendingStopsPage, in sequence order, packed into typed arrays
 * that move between threads without a copy (a transfer list), with the market's version, next
 * sequence and last trade price read in the same snapshot.
 */
export interface PackedBook {
  version: number;
  nextSequence: number;
  lastTradeTicks: number | null;
  /** Rows in all; the first `restingCount` rest, the others are pending stops. */
  count: number;
  restingCount: number;
  /** `numberColumns` values a row, NaN for null. */
  numbers: Float64Array;
  /** `codeColumns` codes a row: indices into the tables below, and post_only as 0 or 1. */
  codes: Uint8Array;
  /** Ids, then user ids, as one UTF-8 text each, row i between ends[i - 1] (0 for the first) and ends[i]. */
  idBytes: Uint8Array;
  idEnds: Uint32Array;
  userIdBytes: Uint8Array;
  userIdEnds: Uint32Array;
}

const sides: readonly Side[] = ['buy', 'sell'];
const types: readonly OrderType[] = ['limit', 'market', 'stop', 'stop_limit'];
const timesInForce: readonly TimeInForce[] = ['gtc', 'ioc', 'fok', 'day', 'gtd'];
const statuses: readonly OrderStatus[] = [
  'active',
  'pending',
  'partially_filled',
  'cancellation_pending',
  'filled',
  'closed',
  'cancelled',
  'expired',
  'rejected',
];
const selfTradePreventions: readonly SelfTradePrevention[] = [
  'expire_taker',
  'expire_maker',
  'expire_both',
  'decrement',
];

const numberColumns = 7;
const codeColumns = 6;

/** A stored row as the reader gets it: its columns in orders.ts's `bookColumns` order. */
export type StoredBookRow = readonly unknown[];

/** The columns the worker selects, in the order `packBook` reads them. */
export const packedColumns =
  'id, user_id, side, type, time_in_force, status, price_ticks, stop_price_ticks, post_only, self_trade_prevention, quantity, filled_quantity, remaining_quantity, expires_at_us, sequence';

const numberOrNaN = (value: unknown): number => (value === null || value === undefined ? NaN : Number(value));
const nullIfNaN = (value: number | undefined): number | null =>
  value === undefined || Number.isNaN(value) ? null : value;

function codeOf<T extends string>(table: readonly T[], value: unknown): number {
  const code = table.findIndex((name) => name === value);
  if (code < 0) throw new Error(`a stored order has an unknown value ${String(value)}`);
  return code;
}

/** Texts as one UTF-8 buffer of its own (never Buffer's shared pool, since it is transferred) and where each ends. */
function packTexts(texts: readonly string[]): { bytes: Uint8Array; ends: Uint32Array } {
  const ends = new Uint32Array(texts.length);
  let total = 0;
  texts.forEach((text, i) => {
    total += Buffer.byteLength(text);
    ends[i] = total;
  });
  const bytes = Buffer.allocUnsafeSlow(total);
  bytes.write(texts.join(''));
  return { bytes, ends };
}

/** The rows (resting first, then pending stops) packed, with the market's state read beside them. */
export function packBook(
  market: { version: number; nextSequence: number; lastTradeTicks: number | null },
  resting: readonly StoredBookRow[],
  pending: readonly StoredBookRow[],
): PackedBook {
  const rows = [...resting, ...pending];
  const numbers = new Float64Array(rows.length * numberColumns);
  const codes = new Uint8Array(rows.length * codeColumns);
  rows.forEach((row, i) => {
    const [
      ,
      ,
      side,
      type,
      timeInForce,
      status,
      price,
      stop,
      postOnly,
      stp,
      quantity,
      filled,
      remaining,
      expires,
      sequence,
    ] = row;
    codes.set(
      [
        codeOf(sides, side),
        codeOf(types, type),
        codeOf(timesInForce, timeInForce),
        codeOf(statuses, status),
        codeOf(selfTradePreventions, stp),
        postOnly ? 1 : 0,
      ],
      i * codeColumns,
    );
    numbers.set([price, stop, quantity, filled, remaining, expires, sequence].map(numberOrNaN), i * numberColumns);
  });
  const ids = packTexts(rows.map((row) => String(row[0])));
  const userIds = packTexts(rows.map((row) => String(row[1])));
  return {
    ...market,
    count: rows.length,
    restingCount: resting.length,
    numbers,
    codes,
    idBytes: ids.bytes,
    idEnds: ids.ends,
    userIdBytes: userIds.bytes,
    userIdEnds: userIds.ends,
  };
}

/** What a transfer list moves of a packed book. */
export const transferablesOf = (book: PackedBook): ArrayBuffer[] =>
  [book.numbers, book.codes, book.idBytes, book.idEnds, book.userIdBytes, book.userIdEnds].map(
    (array) => array.buffer as ArrayBuffer,
  );

/** A received book's texts, read as buffers (made once per book, not per row). */
interface PackedTexts {
  ids: Buffer;
  userIds: Buffer;
}

export const textsOf = (book: PackedBook): PackedTexts => ({
  ids: Buffer.from(book.idBytes.buffer, book.idBytes.byteOffset, book.idBytes.byteLength),
  userIds: Buffer.from(book.userIdBytes.buffer, book.userIdBytes.byteOffset, book.userIdBytes.byteLength),
});

function pick<T>(table: readonly T[], code: number | undefined): T {
  const value = table[code ?? -1];
  if (value === undefined) throw new Error(`a packed order has an unknown code ${String(code)}`);
  return value;
}

/** Row `i` of a packed book, as restingOrdersPage would have given it. */
export function packedRow(book: PackedBook, texts: PackedTexts, i: number): RestingOrderRow {
  const n = i * numberColumns;
  const c = i * codeColumns;
  const { numbers, codes } = book;
  return {
    id: texts.ids.toString('utf8', i === 0 ? 0 : book.idEnds[i - 1], book.idEnds[i]),
    user_id: texts.userIds.toString('utf8', i === 0 ? 0 : book.userIdEnds[i - 1], book.userIdEnds[i]),
    side: pick(sides, codes[c]),
    type: pick(types, codes[c + 1]),
    time_in_force: pick(timesInForce, codes[c + 2]),
    status: pick(statuses, codes[c + 3]),
    self_trade_prevention: pick(selfTradePreventions, codes[c + 4]),
    post_only: codes[c + 5] === 1,
    price_ticks: nullIfNaN(numbers[n]),
    stop_price_ticks: nullIfNaN(numbers[n + 1]),
    quantity: numbers[n + 2] ?? 0,
    filled_quantity: numbers[n + 3] ?? 0,
    remaining_quantity: numbers[n + 4] ?? 0,
    expires_at_us: nullIfNaN(numbers[n + 5]),
    sequence: numbers[n + 6] ?? 0,
  };
}
