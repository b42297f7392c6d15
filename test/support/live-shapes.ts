import { expect } from 'chai';

/**
 * What the live service's CLI (the-gridai/grid-cli) requires of mkt's answers, written from its
 * response validators (src/sdk/validators/responses.ts) and the types its commands read
 * (src/sdk/types/*.ts, src/sdk/exchange/client.ts): each field with the JSON types it accepts.
 * A field missing from an answer is `undefined`, which a shape accepts only where it says so.
 */
type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'undefined';
type Shape = Record<string, readonly JsonKind[]>;

const kindOf = (value: unknown): JsonKind =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonKind);

/** Fails naming every field of `value` that the shape does not accept. */
export function expectShape(value: Record<string, unknown>, shape: Shape, label: string): void {
  const wrong = Object.entries(shape)
    .filter(([field, kinds]) => !kinds.includes(kindOf(value[field])))
    .map(([field, kinds]) => `${field}: ${kindOf(value[field])} (wants ${kinds.join('|')})`);
  expect(wrong, `${label}: ${JSON.stringify(value)}`).to.deep.equal([]);
}

const text = ['string'] as const;
const number = ['number'] as const;
const bool = ['boolean'] as const;
const numeric = ['string', 'number'] as const;

/** InstrumentSchema; `instrument_type` is also an enum there (`liveInstrumentTypes`). */
export const liveInstrument: Shape = {
  instrument_id: text,
  symbol: text,
  name: text,
  instrument_type: text,
  description: ['string', 'null', 'undefined'],
  precision: number,
  is_active: bool,
  created_at: text,
  updated_at: text,
};
export const liveInstrumentTypes = ['currency', 'ai_commodity', 'token'];

/** MarketSchema, read by `grid verify` (its `order_controls` too). */
export const liveMarket: Shape = {
  market_id: text,
  name: text,
  description: ['string', 'null', 'undefined'],
  status: text,
  associated_instruments: ['array', 'undefined'],
  instruments: ['array', 'undefined'],
  created_at: text,
  updated_at: text,
  order_controls: ['object'],
};

/** TradingAccountSchema, read by `grid verify`. */
export const liveTradingAccount: Shape = {
  account_id: text,
  instrument_id: text,
  total_balance: numeric,
  available_balance: numeric,
  updated_at: text,
};

/** The MarketStats type of `getMarketStats()` (src/sdk/types/markets.ts); prices are null without trades in mkt. */
export const liveMarketStats: Shape = {
  market_id: text,
  open: ['string', 'null'],
  high: ['string', 'null'],
  low: ['string', 'null'],
  close: ['string', 'null'],
  volume: numeric,
  quote_volume: text,
  num_trades: number,
  period_start: text,
  period_end: text,
};

/** The OHLCV type of `getPriceHistory()`. */
export const livePriceHistory: Shape = {
  market_id: text,
  resolution: text,
  period_start: text,
  period_end: text,
  open: text,
  high: text,
  low: text,
  close: text,
  volume: numeric,
  quote_volume: text,
  num_trades: number,
};

/** `GET /v1/health` as `checkTradingHealth()` reads it. */
export const liveHealth: Shape = { status: text, service: text };

/** ExchangeApiKey of `grid consumption keys list|create`; `key` only on creation. */
export const liveApiKey: Shape = {
  id: text,
  name: text,
  key_prefix: text,
  is_active: bool,
  expires_at: ['string', 'null', 'undefined'],
};
