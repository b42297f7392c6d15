import { expect } from 'chai';
import { toIso } from '../../src/lib/clock.js';
import { periodStartUs } from '../../src/lib/periods.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  expectShape,
  liveHealth,
  liveInstrument,
  liveInstrumentTypes,
  liveMarket,
  liveMarketStats,
  livePriceHistory,
  liveTradingAccount,
} from '../support/live-shapes.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { insertOrder, insertTrade, seededMarkets, usAt, type SeededMarket } from '../support/trading-rows.js';

const hourUs = 3_600_000_000;

/**
 * Issue 21 item 4 on the trading API: the requests the live service's CLI makes (grid-cli
 * src/sdk/http/client.ts: `status`, `verify`, `listInstruments()`, `getMarketStats()`,
 * `getPriceHistory()`), answered with every field its validators and types require.
 */
describeEachDatabase('trading: the fields the live CLI reads', (env) => {
  let buyer: TestUser;
  let seller: TestUser;
  let markets: SeededMarket[];
  const [statsMarket, weeklyMarket, untouchedMarket, instrumentMarket] = [0, 1, 2, 3];

  before(async () => {
    const { services } = env().service;
    buyer = await createTestUser(services);
    seller = await createTestUser(services);
    markets = await seededMarkets(services);
  });
  const get = (path: string, query?: Record<string, string | number>) =>
    env().trading.get(path, { sign: buyer.signingKey, query });
  const data = async (path: string, query?: Record<string, string | number>) => {
    const reply = await get(path, query);
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    return reply.body.data;
  };

  const trade = async (marketIndex: number, priceTicks: number, quantity: number, executedAtUs: number) => {
    const { services } = env().service;
    const marketId = markets[marketIndex]!.marketId;
    const buy = await insertOrder(services, {
      user_id: buyer.userId,
      market_id: marketId,
      side: 'buy',
      price_ticks: priceTicks,
      quantity,
      filled_quantity: quantity,
      status: 'filled',
    });
    const sell = await insertOrder(services, {
      user_id: seller.userId,
      market_id: marketId,
      side: 'sell',
      price_ticks: priceTicks,
      quantity,
      filled_quantity: quantity,
      status: 'filled',
    });
    await insertTrade(services, {
      marketId,
      buyer: { userId: buyer.userId, orderId: buy.id },
      seller: { userId: seller.userId, orderId: sell.id },
      priceTicks,
      quantity,
      executedAtUs,
    });
  };

  it('GET /v1/health, unsigned as checkTradingHealth() sends it, names its service', async () => {
    const reply = await env().trading.get('/v1/health');
    expect(reply.status).to.equal(200);
    expectShape(reply.body.data, liveHealth, 'health');
    expect(reply.body.data).to.include({ status: 'ok', service: 'trading' });
  });

  it('GET /v1/instruments and /v1/instruments/{id}: every instrument passes the CLI InstrumentSchema', async () => {
    const listed = await data('/v1/instruments');
    expect(listed).to.have.length(markets.length);
    for (const instrument of listed) {
      expectShape(instrument, liveInstrument, instrument.symbol);
      expect(liveInstrumentTypes).to.include(instrument.instrument_type);
      expect(instrument).to.include({ precision: 0, is_active: true, status: 'draft' });
      expect(await data(`/v1/instruments/${instrument.instrument_id}`)).to.deep.equal(instrument);
    }
  });

  it('takes created_at and updated_at from the instrument row', async () => {
    const { services } = env().service;
    const { instrumentId } = markets[instrumentMarket]!;
    const createdAtUs = usAt('2026-01-02T03:04:05Z') + 123_456;
    const updatedAtUs = usAt('2026-02-03T04:05:06Z');
    await services
      .db('instruments')
      .where({ id: instrumentId })
      .update({ created_at_us: createdAtUs, updated_at_us: updatedAtUs });
    const instrument = await data(`/v1/instruments/${instrumentId}`);
    expect(instrument).to.include({
      created_at: '2026-01-02T03:04:05.123456Z',
      updated_at: '2026-02-03T04:05:06.000000Z',
    });
  });

  const statuses: [string, boolean][] = [
    ['draft', true],
    ['active', true],
    ['suspended', false],
    ['delisted', false],
  ];
  for (const [status, isActive] of statuses) {
    it(`is_active is ${isActive} for an instrument ${status}`, async () => {
      const { services } = env().service;
      const { instrumentId } = markets[instrumentMarket]!;
      await services.db('instruments').where({ id: instrumentId }).update({ status });
      try {
        expect(await data(`/v1/instruments/${instrumentId}`)).to.include({ status, is_active: isActive });
        const listed = await data('/v1/instruments', { status });
        expect(listed.find((i: { instrument_id: string }) => i.instrument_id === instrumentId)).to.include({
          is_active: isActive,
        });
      } finally {
        await services.db('instruments').where({ id: instrumentId }).update({ status: 'draft' });
      }
    });
  }

  it('GET /v1/markets and /v1/trading-accounts pass the schemas `grid verify` checks', async () => {
    const { services } = env().service;
    await giveUnits(services, buyer.userId, markets[statsMarket]!.instrumentId, 5);
    for (const market of await data('/v1/markets')) expectShape(market, liveMarket, market.name);
    const accounts = await data('/v1/trading-accounts');
    expect(accounts).to.have.length.at.least(1);
    for (const account of accounts) expectShape(account, liveTradingAccount, account.account_id);
  });

  describe('GET /v1/markets/{market_id}/stats', () => {
    it('gives the 24-hour window under the live names: open, high, low, close, volume, quote_volume, num_trades and its bounds', async () => {
      const nowUs = env().service.services.clock.nowUs();
      await trade(statsMarket, 5000, 100, nowUs - 30 * hourUs); // before the window
      await trade(statsMarket, 4100, 10, nowUs - 20 * hourUs);
      await trade(statsMarket, 4350, 5, nowUs - 10 * hourUs);
      await trade(statsMarket, 4050, 7, nowUs - 5 * hourUs);
      await trade(statsMarket, 4200, 2, nowUs - hourUs);
      const stats = await data(`/v1/markets/${markets[statsMarket]!.marketId}/stats`);
      expectShape(stats, liveMarketStats, 'stats');
      // 4100×10 + 4350×5 + 4050×7 + 4200×2 = 99,500 ticks of 0.0001 USD.
      expect(stats).to.include({
        open: '0.4100',
        high: '0.4350',
        low: '0.4050',
        close: '0.4200',
        volume: 24,
        quote_volume: '9.950000',
        num_trades: 4,
      });
      expect(stats).to.include({
        open: stats.open_24h,
        high: stats.high_24h,
        low: stats.low_24h,
        close: stats.last_price,
        volume: stats.volume_24h,
        num_trades: stats.trade_count_24h,
      });
      expect(stats.period_end).to.equal(stats.as_of);
      expect(usAt(stats.period_end) - usAt(stats.period_start)).to.equal(24 * hourUs);
    });

    it('has null prices and zero sums for a market that has not traded', async () => {
      const stats = await data(`/v1/markets/${markets[untouchedMarket]!.marketId}/stats`);
      expectShape(stats, liveMarketStats, 'stats');
      expect(stats).to.include({
        open: null,
        high: null,
        low: null,
        close: null,
        volume: 0,
        quote_volume: '0.000000',
        num_trades: 0,
      });
    });
  });

  describe('GET /v1/price-histories', () => {
    // Sunday night, Monday 00:00 sharp, and the next Sunday: weeks start on Monday 00:00 UTC.
    const trades: [string, number, number][] = [
      ['2025-03-09T23:59:59Z', 4000, 3],
      ['2025-03-10T00:00:00Z', 4200, 5],
      ['2025-03-16T23:00:00Z', 4100, 2],
    ];
    before(async () => {
      for (const [iso, priceTicks, quantity] of trades) await trade(weeklyMarket, priceTicks, quantity, usAt(iso));
    });

    it('answers 1w candles, from and to in Unix seconds as getPriceHistory() sends them, with the live fields', async () => {
      const marketId = markets[weeklyMarket]!.marketId;
      const query = {
        market_id: marketId,
        resolution: '1w',
        from: String(usAt('2025-03-01T00:00:00Z') / 1e6),
        to: String(usAt('2025-04-01T00:00:00Z') / 1e6),
      };
      const rows = await data('/v1/price-histories', query);
      for (const row of rows) expectShape(row, livePriceHistory, row.time);
      expect(rows).to.deep.equal([
        {
          time: '2025-03-03T00:00:00.000000Z',
          open: '0.4000',
          high: '0.4000',
          low: '0.4000',
          close: '0.4000',
          volume: 3,
          trade_count: 1,
          market_id: marketId,
          resolution: '1w',
          period_start: '2025-03-03T00:00:00.000000Z',
          period_end: '2025-03-10T00:00:00.000000Z',
          quote_volume: '1.200000',
          num_trades: 1,
        },
        {
          time: '2025-03-10T00:00:00.000000Z',
          open: '0.4200',
          high: '0.4200',
          low: '0.4100',
          close: '0.4100',
          volume: 7,
          trade_count: 2,
          market_id: marketId,
          resolution: '1w',
          period_start: '2025-03-10T00:00:00.000000Z',
          period_end: '2025-03-17T00:00:00.000000Z',
          quote_volume: '2.920000',
          num_trades: 2,
        },
      ]);
    });

    it('starts each week where lib/periods.ts starts the weekly period', async () => {
      const rows = await data('/v1/price-histories', { market_id: markets[weeklyMarket]!.marketId, resolution: '1w' });
      expect(rows.map((r: { period_start: string }) => r.period_start)).to.deep.equal([
        ...new Set(trades.map(([iso]) => toIso(periodStartUs('weekly', usAt(iso))))),
      ]);
    });

    it('ends every candle where the next one of its resolution starts', async () => {
      const widthsUs: [string, number][] = [
        ['1m', 60_000_000],
        ['1h', hourUs],
        ['1d', 24 * hourUs],
      ];
      for (const [resolution, widthUs] of widthsUs) {
        const rows = await data('/v1/price-histories', { market_id: markets[weeklyMarket]!.marketId, resolution });
        expect(rows).to.have.length(3);
        for (const row of rows) {
          expectShape(row, livePriceHistory, `${resolution} ${row.time}`);
          expect(row).to.include({ resolution, period_start: row.time, num_trades: row.trade_count });
          expect(usAt(row.period_end) - usAt(row.period_start), resolution).to.equal(widthUs);
        }
      }
    });
  });
});
