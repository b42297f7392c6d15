import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { toIso } from '../../lib/clock.js';
import { findInstrumentBySymbol } from '../../core/reference.js';
import { Failure } from '../../lib/failure.js';
import { unknown, type HandlerFailure } from './failures.js';
import { collarBand } from '../orders/controls.js';
import { formatPrice, instrumentView, marketView } from '../views.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

const serviceVersion = '1.0.0';

export const getHealth: Handler<'getHealth'> = (_request, { clock }) =>
  Promise.resolve(
    ok({
      data: {
        status: 'ok' as const,
        service: 'trading' as const,
        server_time: toIso(clock.nowUs()),
        version: serviceVersion,
      },
    }),
  );

export const listInstruments: Handler<'listInstruments'> = async ({ query }, { reference }) => {
  const page = await reference.listInstruments(
    {
      symbol: query.symbol,
      instrumentType: query.instrument_type,
      status: query.status,
      orderBy: query.order_by ?? 'symbol',
      direction: query.order_direction ?? 'asc',
    },
    pageParams(query),
  );
  return ok({ data: page.rows.map(instrumentView), paging: page.paging });
};

export const getInstrument: Handler<'getInstrument'> = async ({ params }, { reference }) => {
  const instrument = await reference.findInstrument(params.instrument_id);
  if (!instrument) throw unknown('unknown_instrument', 'instrument', params.instrument_id);
  return ok({ data: instrumentView(instrument) });
};

export const getInstrumentBySymbol: Handler<'getInstrumentBySymbol'> = async ({ params }, services) => {
  const instrument = await findInstrumentBySymbol(services, params.symbol);
  if (!instrument)
    throw new Failure<HandlerFailure>(
      'unknown_symbol',
      `No instrument has the symbol ${params.symbol}. GET /v1/instruments lists the symbols.`,
    );
  return ok({ data: instrumentView(instrument) });
};

export const listMarkets: Handler<'listMarkets'> = async ({ query }, { reference }) => {
  const page = await reference.listMarkets(pageParams(query));
  return ok({ data: page.rows.map(marketView), paging: page.paging });
};

export const getMarket: Handler<'getMarket'> = async ({ params }, { reference }) => {
  const market = await reference.findMarket(params.market_id);
  if (!market) throw unknown('unknown_market', 'market', params.market_id);
  return ok({ data: marketView(market) });
};

export const getMarketControls: Handler<'getMarketControls'> = async ({ params }, { reference }) => {
  const found = await reference.findMarket(params.market_id);
  if (!found) throw unknown('unknown_market', 'market', params.market_id);
  const { market } = found;
  const band = collarBand(await reference.referencePriceTicks(market.id), market.price_collar_pct);
  return ok({
    data: {
      market_id: market.id,
      tick_size: formatPrice(market.tick_size_ticks),
      lot_size: market.lot_size,
      min_order_size: market.min_order_size,
      max_order_size: market.max_order_size,
      price_collar_pct: market.price_collar_pct,
      reference_price: band && formatPrice(band.referenceTicks),
      price_band_low: band && formatPrice(band.lowTicks),
      price_band_high: band && formatPrice(band.highTicks),
      collar_active: band !== null,
    },
  });
};
