import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { formatDecimal } from '../../src/lib/money.js';
import { insertOrder, insertTrade, seededMarkets, usAt, type SeededMarket } from '../support/trading-rows.js';

const hourUs = 3_600_000_000;

describeEachDatabase('trading market data: ticker, order book, stats, candles, market trades', (env) => {
  let buyer: TestUser;
  let seller: TestUser;
  let markets: SeededMarket[];
  // One market per concern: the suites share one database, and each must see only its own rows.
  const market = (i: number) => markets[i]!.marketId;
  const [
    bookMarket,
    tickerMarket,
    statsMarket,
    fallingMarket,
    staleMarket,
    untouchedMarket,
    candleMarket,
    tradesMarket,
    roundingMarket,
  ] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

  before(async () => {
    const { services } = env().service;
    buyer = await createTestUser(services);
    seller = await createTestUser(services);
    markets = await seededMarkets(services);
  });
  const get = (path: string, query?: Record<string, string | number>) =>
    env().trading.get(path, { sign: buyer.signingKey, query });
  const nowUs = () => env().service.services.clock.nowUs();

  /** A trade between the two test users; each side gets an order of its own. */
  const trade = async (
    marketIndex: number,
    priceTicks: number,
    quantity: number,
    executedAtUs: number,
    takerSide: 'buy' | 'sell' = 'buy',
  ) => {
    const { services } = env().service;
    const marketId = market(marketIndex);
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
    return insertTrade(services, {
      marketId,
      buyer: { userId: buyer.userId, orderId: buy.id },
      seller: { userId: seller.userId, orderId: sell.id },
      priceTicks,
      quantity,
      takerSide,
      executedAtUs,
    });
  };

  describe('unknown markets and parameters', () => {
    const unknown = 'market_00000000-0000-0000-0000-000000000000';
    const cases: [string, string, Record<string, string>][] = [
      ['ticker', `/v1/markets/${unknown}/ticker`, {}],
      ['order book', `/v1/markets/${unknown}/orderbook`, {}],
      ['market trades', `/v1/markets/${unknown}/trades`, {}],
      ['stats', `/v1/markets/${unknown}/stats`, {}],
      ['candles', '/v1/price-histories', { market_id: unknown, resolution: '1h' }],
      ['a symbol for an id', '/v1/markets/TEXT-STANDARD/ticker', {}],
    ];
    for (const [name, path, query] of cases) {
      it(`answers 404 not_found for ${name}`, async () => {
        const reply = await get(path, query);
        expect(reply.status).to.equal(404);
        expect(reply.body.errors.code).to.equal('not_found');
      });
    }

    it('refuses unknown query parameters and out-of-range values with 422', async () => {
      const id = market(bookMarket);
      const cases: [string, Record<string, string | number>][] = [
        [`/v1/markets/${id}/ticker`, { verbose: 1 }],
        [`/v1/markets/${id}/orderbook`, { depth: 0 }], // depth is limit's alias (issue 21), with its bounds
        [`/v1/markets/${id}/orderbook`, { limit: 0 }],
        [`/v1/markets/${id}/orderbook`, { limit: 101 }],
        [`/v1/markets/${id}/stats`, { window: '1h' }],
        [`/v1/markets/${id}/trades`, { status: 'pending' }],
        [`/v1/markets/${id}/trades`, { taker_side: 'both' }],
        [`/v1/markets/${id}/trades`, { price_min: 0.42 + 1e-9 }],
        [`/v1/markets/${id}/trades`, { executed_from: '2026-13-45' }],
        [`/v1/markets/${id}/trades`, { order_by: 'fee' }],
        ['/v1/price-histories', { market_id: id, resolution: '2h' }],
        ['/v1/price-histories', { market_id: id, resolution: '1M' }],
        ['/v1/price-histories', { resolution: '1h' }],
        ['/v1/price-histories', { market_id: id }],
        ['/v1/price-histories', { market_id: id, resolution: '1h', from: 'yesterday' }],
      ];
      for (const [path, query] of cases) {
        const reply = await get(path, query);
        expect(reply.status, `${path} ${JSON.stringify(query)}`).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
      }
    });
  });

  describe('GET /v1/markets/{market_id}/orderbook', () => {
    before(async () => {
      const { services } = env().service;
      const marketId = market(bookMarket);
      const resting: ['buy' | 'sell', number, number][] = [
        ['buy', 4150, 10],
        ['buy', 4150, 30],
        ['buy', 4100, 20],
        ['buy', 4100, 50],
        ['buy', 4100, 50],
        ['buy', 4000, 5],
        ['sell', 4200, 25],
        ['sell', 4300, 100],
        ['sell', 4300, 200],
        ['sell', 4400, 7],
      ];
      for (const [i, [side, priceTicks, quantity]] of resting.entries()) {
        const owner = i % 2 === 0 ? buyer : seller;
        await insertOrder(services, {
          user_id: owner.userId,
          market_id: marketId,
          side,
          price_ticks: priceTicks,
          quantity,
        });
      }
      // A partly filled order rests with what is left of it.
      await insertOrder(services, {
        user_id: buyer.userId,
        market_id: marketId,
        side: 'sell',
        price_ticks: 4400,
        quantity: 10,
        filled_quantity: 4,
        status: 'partially_filled',
      });
      // Nothing of these rests: filled, cancelled, closed, a market order.
      await insertOrder(services, {
        user_id: buyer.userId,
        market_id: marketId,
        side: 'buy',
        price_ticks: 4190,
        quantity: 9,
        filled_quantity: 9,
        status: 'filled',
      });
      await insertOrder(services, {
        user_id: seller.userId,
        market_id: marketId,
        side: 'sell',
        price_ticks: 4160,
        quantity: 9,
        status: 'cancelled',
        closure_reason: 'cancelled_by_user',
      });
      await insertOrder(services, {
        user_id: seller.userId,
        market_id: marketId,
        side: 'sell',
        price_ticks: 4170,
        quantity: 9,
        filled_quantity: 2,
        status: 'closed',
        closure_reason: 'ioc_remainder',
      });
      await insertOrder(services, {
        user_id: buyer.userId,
        market_id: marketId,
        side: 'buy',
        type: 'market',
        price_ticks: null,
        quantity: 3,
        filled_quantity: 3,
        status: 'filled',
      });
    });

    it('aggregates resting orders into levels, best first, with cumulative totals', async () => {
      const before = nowUs();
      const reply = await get(`/v1/markets/${market(bookMarket)}/orderbook`);
      expect(reply.status).to.equal(200);
      const book = reply.body.data;
      expect(book.market_id).to.equal(market(bookMarket));
      expect(book.buy).to.deep.equal([
        { price: '0.4150', quantity: 40, total: 40, order_count: 2 },
        { price: '0.4100', quantity: 120, total: 160, order_count: 3 },
        { price: '0.4000', quantity: 5, total: 165, order_count: 1 },
      ]);
      expect(book.sell).to.deep.equal([
        { price: '0.4200', quantity: 25, total: 25, order_count: 1 },
        { price: '0.4300', quantity: 300, total: 325, order_count: 2 },
        { price: '0.4400', quantity: 13, total: 338, order_count: 2 },
      ]);
      expect(book.highest_bid).to.equal('0.4150');
      expect(book.lowest_ask).to.equal('0.4200');
      expect(Date.parse(book.updated_at) * 1000).to.be.within(before - 1_000_000, nowUs() + 1_000_000);
    });

    const depths: [number, number, number][] = [
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
      [100, 3, 3],
    ];
    for (const [limit, buyLevels, sellLevels] of depths) {
      it(`shows at most limit=${limit} levels per side, best first`, async () => {
        const { body } = await get(`/v1/markets/${market(bookMarket)}/orderbook`, { limit });
        expect(body.data.buy).to.have.length(buyLevels);
        expect(body.data.sell).to.have.length(sellLevels);
        expect(body.data.buy[0]).to.deep.equal({ price: '0.4150', quantity: 40, total: 40, order_count: 2 });
        expect(body.data.sell[0]).to.deep.equal({ price: '0.4200', quantity: 25, total: 25, order_count: 1 });
        expect(body.data.highest_bid).to.equal('0.4150');
      });
    }

    it('defaults to 10 levels per side', async () => {
      const { services } = env().service;
      const marketId = market(roundingMarket);
      for (let i = 0; i < 12; i += 1)
        await insertOrder(services, {
          user_id: buyer.userId,
          market_id: marketId,
          side: 'buy',
          price_ticks: 3000 + i,
          quantity: 1,
        });
      const { body } = await get(`/v1/markets/${marketId}/orderbook`);
      expect(body.data.buy).to.have.length(10);
      expect(body.data.buy[0].price).to.equal('0.3011');
      expect(body.data.buy[9]).to.deep.equal({ price: '0.3002', quantity: 1, total: 10, order_count: 1 });
      expect(body.data.sell).to.deep.equal([]);
      expect(body.data.lowest_ask).to.equal(null);
    });

    it('is empty, with null best prices, on a market without orders', async () => {
      const { body } = await get(`/v1/markets/${market(untouchedMarket)}/orderbook`);
      expect(body.data).to.deep.include({ buy: [], sell: [], highest_bid: null, lowest_ask: null });
    });
  });

  describe('GET /v1/markets/{market_id}/ticker', () => {
    it('shows nulls and zero volume for a market that never traded', async () => {
      const { body } = await get(`/v1/markets/${market(untouchedMarket)}/ticker`);
      expect(body.data).to.deep.equal({
        market_id: market(untouchedMarket),
        volume_24h: 0,
        highest_bid: null,
        lowest_ask: null,
        last_price: null,
        last_trade_timestamp: null,
        last_trade_quantity: null,
      });
    });

    it('takes the best prices from the book, the last trade by sequence and the 24-hour volume', async () => {
      const { services } = env().service;
      const marketId = market(tickerMarket);
      await insertOrder(services, {
        user_id: buyer.userId,
        market_id: marketId,
        side: 'buy',
        price_ticks: 4150,
        quantity: 5,
      });
      await insertOrder(services, {
        user_id: seller.userId,
        market_id: marketId,
        side: 'sell',
        price_ticks: 4250,
        quantity: 5,
      });
      const now = nowUs();
      await trade(tickerMarket, 5000, 100, now - 25 * hourUs); // outside the 24 hours
      await trade(tickerMarket, 4100, 7, now - 2 * hourUs);
      // Two fills of one sweep share their timestamp; the later sequence is the last trade.
      const sweepUs = Math.floor((now - hourUs) / 1_000_000) * 1_000_000 + 123_456;
      await trade(tickerMarket, 4200, 3, sweepUs);
      await trade(tickerMarket, 4210, 4, sweepUs);
      const { body } = await get(`/v1/markets/${marketId}/ticker`);
      expect(body.data).to.deep.equal({
        market_id: marketId,
        volume_24h: 14,
        highest_bid: '0.4150',
        lowest_ask: '0.4250',
        last_price: '0.4210',
        last_trade_timestamp: `${new Date(sweepUs / 1000).toISOString().slice(0, 19)}.123456Z`,
        last_trade_quantity: 4,
      });
    });
  });

  describe('GET /v1/markets/{market_id}/stats', () => {
    interface StatsCase {
      name: string;
      marketIndex: number;
      /** [price ticks, quantity, hours ago] in execution order. */
      trades: [number, number, number][];
      expected: Record<string, unknown>;
    }
    /** The same window under the live service's names. */
    const live = (
      open: string | null,
      high: string | null,
      low: string | null,
      close: string | null,
      volume: number,
      quoteVolume: string,
      numTrades: number,
    ) => ({
      open,
      high,
      low,
      close,
      volume,
      quote_volume: quoteVolume,
      num_trades: numTrades,
    });
    const cases: StatsCase[] = [
      {
        name: 'a rise: open is the first trade in the window, change and percent from it to the last price',
        marketIndex: statsMarket,
        trades: [
          [5000, 3, 30],
          [4100, 10, 20],
          [4350, 5, 10],
          [4050, 7, 5],
          [4200, 2, 1],
        ],
        expected: {
          last_price: '0.4200',
          open_24h: '0.4100',
          high_24h: '0.4350',
          low_24h: '0.4050',
          change_24h: '0.0100',
          change_pct_24h: '2.44',
          volume_24h: 24,
          trade_count_24h: 4,
          ...live('0.4100', '0.4350', '0.4050', '0.4200', 24, '9.950000', 4),
        },
      },
      {
        name: 'a fall: signed change and percent',
        marketIndex: fallingMarket,
        trades: [
          [5000, 1, 23],
          [4500, 2, 12],
          [4000, 3, 0.5],
        ],
        expected: {
          last_price: '0.4000',
          open_24h: '0.5000',
          high_24h: '0.5000',
          low_24h: '0.4000',
          change_24h: '-0.1000',
          change_pct_24h: '-20.00',
          volume_24h: 6,
          trade_count_24h: 3,
          ...live('0.5000', '0.5000', '0.4000', '0.4000', 6, '2.600000', 3),
        },
      },
      {
        name: 'a percent rounded half up to 2 decimals (1 tick on 0.3000 = 0.0333…%)',
        marketIndex: roundingMarket,
        trades: [
          [3000, 1, 3],
          [3001, 1, 2],
        ],
        expected: {
          last_price: '0.3001',
          open_24h: '0.3000',
          high_24h: '0.3001',
          low_24h: '0.3000',
          change_24h: '0.0001',
          change_pct_24h: '0.03',
          volume_24h: 2,
          trade_count_24h: 2,
          ...live('0.3000', '0.3001', '0.3000', '0.3001', 2, '0.600100', 2),
        },
      },
      {
        name: 'no trade in the window: only last_price, zero volume',
        marketIndex: staleMarket,
        trades: [
          [4300, 9, 48],
          [4400, 1, 25],
        ],
        expected: {
          last_price: '0.4400',
          open_24h: null,
          high_24h: null,
          low_24h: null,
          change_24h: null,
          change_pct_24h: null,
          volume_24h: 0,
          trade_count_24h: 0,
          ...live(null, null, null, null, 0, '0.000000', 0),
        },
      },
      {
        name: 'never traded: everything null',
        marketIndex: untouchedMarket,
        trades: [],
        expected: {
          last_price: null,
          open_24h: null,
          high_24h: null,
          low_24h: null,
          change_24h: null,
          change_pct_24h: null,
          volume_24h: 0,
          trade_count_24h: 0,
          ...live(null, null, null, null, 0, '0.000000', 0),
        },
      },
    ];
    for (const { name, marketIndex, trades, expected } of cases) {
      it(name, async () => {
        const now = nowUs();
        for (const [priceTicks, quantity, hoursAgo] of trades)
          await trade(marketIndex, priceTicks, quantity, now - Math.round(hoursAgo * hourUs));
        const reply = await get(`/v1/markets/${market(marketIndex)}/stats`);
        expect(reply.status).to.equal(200);
        const {
          as_of: asOf,
          market_id: marketId,
          period_start: periodStart,
          period_end: periodEnd,
          ...stats
        } = reply.body.data;
        expect(marketId).to.equal(market(marketIndex));
        expect(stats).to.deep.equal(expected);
        expect(Date.parse(asOf) * 1000).to.be.at.least(now - 1_000_000);
        expect(periodEnd).to.equal(asOf);
        expect(usAt(asOf) - usAt(periodStart)).to.equal(24 * hourUs);
      });
    }
  });

  describe('GET /v1/price-histories', () => {
    const trades: [string, number, number][] = [
      ['2025-03-10T10:00:05Z', 4100, 1],
      ['2025-03-10T10:00:30Z', 4300, 2],
      ['2025-03-10T10:00:59.999999Z', 4000, 3],
      ['2025-03-10T10:01:00Z', 4200, 4],
      ['2025-03-10T10:04:59Z', 4250, 1],
      ['2025-03-10T10:05:00Z', 4150, 2],
      ['2025-03-10T13:59:59Z', 4400, 1],
      ['2025-03-10T14:00:00Z', 4500, 5],
      ['2025-03-11T00:00:00Z', 4600, 1],
    ];
    before(async () => {
      for (const [iso, priceTicks, quantity] of trades) {
        const us = iso.includes('.999999') ? usAt('2025-03-10T10:00:59Z') + 999_999 : usAt(iso);
        await trade(candleMarket, priceTicks, quantity, us);
      }
    });
    const candle = (
      time: string,
      open: string,
      high: string,
      low: string,
      close: string,
      volume: number,
      tradeCount: number,
    ) => ({
      time: `${time}.000000Z`,
      open,
      high,
      low,
      close,
      volume,
      trade_count: tradeCount,
    });
    const widthsUs: Record<string, number> = {
      '1m': 60e6,
      '5m': 300e6,
      '15m': 900e6,
      '1h': hourUs,
      '4h': 4 * hourUs,
      '1d': 24 * hourUs,
      '1w': 7 * 24 * hourUs,
    };
    /** What each row says besides the candle: its market, resolution and bounds, and the USD its trades paid. */
    const withLiveNames = (resolution: string, row: ReturnType<typeof candle>) => {
      const startUs = usAt(row.time);
      const endUs = startUs + widthsUs[resolution]!;
      const quoteTicks = trades
        .filter(([iso]) => usAt(iso) >= startUs && usAt(iso) < endUs)
        .reduce((sum, [, priceTicks, quantity]) => sum + priceTicks * quantity, 0);
      return {
        ...row,
        market_id: market(candleMarket),
        resolution,
        period_start: row.time,
        period_end: `${new Date(endUs / 1000).toISOString().slice(0, 19)}.000000Z`,
        quote_volume: formatDecimal(quoteTicks * 100, 6),
        num_trades: row.trade_count,
      };
    };
    const cases: [string, ReturnType<typeof candle>[]][] = [
      [
        '1m',
        [
          candle('2025-03-10T10:00:00', '0.4100', '0.4300', '0.4000', '0.4000', 6, 3),
          candle('2025-03-10T10:01:00', '0.4200', '0.4200', '0.4200', '0.4200', 4, 1),
          candle('2025-03-10T10:04:00', '0.4250', '0.4250', '0.4250', '0.4250', 1, 1),
          candle('2025-03-10T10:05:00', '0.4150', '0.4150', '0.4150', '0.4150', 2, 1),
          candle('2025-03-10T13:59:00', '0.4400', '0.4400', '0.4400', '0.4400', 1, 1),
          candle('2025-03-10T14:00:00', '0.4500', '0.4500', '0.4500', '0.4500', 5, 1),
          candle('2025-03-11T00:00:00', '0.4600', '0.4600', '0.4600', '0.4600', 1, 1),
        ],
      ],
      [
        '5m',
        [
          candle('2025-03-10T10:00:00', '0.4100', '0.4300', '0.4000', '0.4250', 11, 5),
          candle('2025-03-10T10:05:00', '0.4150', '0.4150', '0.4150', '0.4150', 2, 1),
          candle('2025-03-10T13:55:00', '0.4400', '0.4400', '0.4400', '0.4400', 1, 1),
          candle('2025-03-10T14:00:00', '0.4500', '0.4500', '0.4500', '0.4500', 5, 1),
          candle('2025-03-11T00:00:00', '0.4600', '0.4600', '0.4600', '0.4600', 1, 1),
        ],
      ],
      [
        '15m',
        [
          candle('2025-03-10T10:00:00', '0.4100', '0.4300', '0.4000', '0.4150', 13, 6),
          candle('2025-03-10T13:45:00', '0.4400', '0.4400', '0.4400', '0.4400', 1, 1),
          candle('2025-03-10T14:00:00', '0.4500', '0.4500', '0.4500', '0.4500', 5, 1),
          candle('2025-03-11T00:00:00', '0.4600', '0.4600', '0.4600', '0.4600', 1, 1),
        ],
      ],
      [
        '1h',
        [
          candle('2025-03-10T10:00:00', '0.4100', '0.4300', '0.4000', '0.4150', 13, 6),
          candle('2025-03-10T13:00:00', '0.4400', '0.4400', '0.4400', '0.4400', 1, 1),
          candle('2025-03-10T14:00:00', '0.4500', '0.4500', '0.4500', '0.4500', 5, 1),
          candle('2025-03-11T00:00:00', '0.4600', '0.4600', '0.4600', '0.4600', 1, 1),
        ],
      ],
      [
        '4h',
        [
          candle('2025-03-10T08:00:00', '0.4100', '0.4300', '0.4000', '0.4150', 13, 6),
          candle('2025-03-10T12:00:00', '0.4400', '0.4500', '0.4400', '0.4500', 6, 2),
          candle('2025-03-11T00:00:00', '0.4600', '0.4600', '0.4600', '0.4600', 1, 1),
        ],
      ],
      [
        '1d',
        [
          candle('2025-03-10T00:00:00', '0.4100', '0.4500', '0.4000', '0.4500', 19, 8),
          candle('2025-03-11T00:00:00', '0.4600', '0.4600', '0.4600', '0.4600', 1, 1),
        ],
      ],
      // Weeks start on Monday 00:00 UTC (2025-03-10 was a Monday), not on the epoch's Thursday.
      ['1w', [candle('2025-03-10T00:00:00', '0.4100', '0.4600', '0.4000', '0.4600', 20, 9)]],
    ];
    for (const [resolution, expected] of cases) {
      it(`buckets trades into ${resolution} candles aligned in UTC, oldest first`, async () => {
        const reply = await get('/v1/price-histories', { market_id: market(candleMarket), resolution });
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.equal(expected.map((row) => withLiveNames(resolution, row)));
        expect(reply.body.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
      });
    }

    const ranges: [string, Record<string, string>, string[]][] = [
      [
        'from inclusive, to exclusive (ISO 8601)',
        { from: '2025-03-10T10:01:00Z', to: '2025-03-10T14:00:00Z' },
        ['10:01', '10:04', '10:05', '13:59'],
      ],
      [
        'Unix seconds',
        { from: String(usAt('2025-03-10T10:04:00Z') / 1e6), to: String(usAt('2025-03-10T10:05:00Z') / 1e6) },
        ['10:04'],
      ],
      ['a date alone', { from: '2025-03-11' }, ['00:00']],
      ['to before from', { from: '2025-03-11', to: '2025-03-10' }, []],
      ['to alone', { to: '2025-03-10T10:01:00Z' }, ['10:00']],
    ];
    for (const [name, range, times] of ranges) {
      it(`limits the range: ${name}`, async () => {
        const { body } = await get('/v1/price-histories', {
          market_id: market(candleMarket),
          resolution: '1m',
          ...range,
        });
        expect(body.data.map((c: { time: string }) => c.time.slice(11, 16))).to.deep.equal(times);
      });
    }

    it('pages forward and back with cursors', async () => {
      const query = { market_id: market(candleMarket), resolution: '1m', limit: 3 };
      const pages: string[][] = [];
      let reply = await get('/v1/price-histories', query);
      pages.push(reply.body.data.map((c: { time: string }) => c.time));
      while (reply.body.paging.has_more) {
        reply = await get('/v1/price-histories', { ...query, next: reply.body.paging.next_cursor });
        pages.push(reply.body.data.map((c: { time: string }) => c.time));
      }
      expect(pages.map((p) => p.length)).to.deep.equal([3, 3, 1]);
      expect(pages.flat()).to.deep.equal(cases[0]![1].map((c) => c.time));
      const back: string[][] = [pages.at(-1)!];
      while (reply.body.paging.prev_cursor !== null) {
        reply = await get('/v1/price-histories', { ...query, prev: reply.body.paging.prev_cursor });
        back.unshift(reply.body.data.map((c: { time: string }) => c.time));
      }
      expect(back).to.deep.equal(pages);
    });

    it('is an empty list for a market that never traded', async () => {
      const { body } = await get('/v1/price-histories', { market_id: market(untouchedMarket), resolution: '1d' });
      expect(body.data).to.deep.equal([]);
    });
  });

  describe('GET /v1/markets/{market_id}/trades', () => {
    // [price ticks, quantity, taker side, ISO time]; two fills of one sweep share a timestamp.
    const seeded: [number, number, 'buy' | 'sell', string][] = [
      [4200, 10, 'buy', '2025-06-01T09:00:00Z'],
      [4100, 3, 'sell', '2025-06-01T09:30:00Z'],
      [4300, 7, 'buy', '2025-06-01T10:00:00Z'],
      [4300, 2, 'buy', '2025-06-01T10:00:00Z'],
      [4000, 50, 'sell', '2025-06-01T11:00:00Z'],
      [4250, 1, 'buy', '2025-06-01T12:00:00Z'],
    ];
    let ids: string[];
    before(async () => {
      ids = [];
      for (const [priceTicks, quantity, takerSide, iso] of seeded)
        ids.push((await trade(tradesMarket, priceTicks, quantity, usAt(iso), takerSide)).trade.id);
    });
    const list = async (query: Record<string, string | number> = {}) => {
      const reply = await get(`/v1/markets/${market(tradesMarket)}/trades`, query);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
      return reply.body;
    };
    const positions = (body: { data: { trade_id: string }[] }) => body.data.map((t) => ids.indexOf(t.trade_id));

    it('lists every trade, oldest first in execution order, with the taker side and the total value', async () => {
      const body = await list();
      expect(positions(body)).to.deep.equal([0, 1, 2, 3, 4, 5]);
      const { name, instrumentId } = markets[tradesMarket]!;
      expect(body.data[0]).to.deep.include({
        market_id: market(tradesMarket),
        market_name: name,
        instrument_id: instrumentId,
        price: '0.4200',
        quantity: 10,
        side: 'buy',
        total_value: '4.200000',
        status: 'settled',
        execution_timestamp: '2025-06-01T09:00:00.000000Z',
        settlement_timestamp: '2025-06-01T09:00:00.000000Z',
      });
      expect(body.data[1]).to.deep.include({ side: 'sell', total_value: '1.230000' });
      expect(body.data[0]).to.not.have.any.keys('fee', 'order_id', 'trading_account_id', 'buyer_should_autotransfer');
    });

    const filters: [string, Record<string, string | number>, number[]][] = [
      ['taker_side=buy', { taker_side: 'buy' }, [0, 2, 3, 5]],
      ['taker_side=sell', { taker_side: 'sell' }, [1, 4]],
      ['quantity_min', { quantity_min: 7 }, [0, 2, 4]],
      ['quantity_max', { quantity_max: 3 }, [1, 3, 5]],
      ['quantity range', { quantity_min: 2, quantity_max: 7 }, [1, 2, 3]],
      ['price_min', { price_min: '0.43' }, [2, 3]],
      ['price_max', { price_max: '0.41' }, [1, 4]],
      ['price range', { price_min: '0.4200', price_max: '0.4250' }, [0, 5]],
      ['executed_from inclusive', { executed_from: '2025-06-01T10:00:00Z' }, [2, 3, 4, 5]],
      ['executed_to exclusive', { executed_to: '2025-06-01T10:00:00Z' }, [0, 1]],
      [
        'time range in Unix seconds',
        {
          executed_from: String(usAt('2025-06-01T09:30:00Z') / 1e6),
          executed_to: String(usAt('2025-06-01T11:00:00Z') / 1e6),
        },
        [1, 2, 3],
      ],
      ['status=settled', { status: 'settled' }, [0, 1, 2, 3, 4, 5]],
      ['filters combined', { taker_side: 'buy', price_min: '0.4250', quantity_max: 5 }, [3, 5]],
    ];
    for (const [name, query, expected] of filters) {
      it(`filters by ${name}`, async () => {
        expect(positions(await list(query))).to.deep.equal(expected);
      });
    }

    const sorts: [Record<string, string>, number[]][] = [
      [{ order_direction: 'desc' }, [5, 4, 3, 2, 1, 0]],
      [{ order_by: 'execution_timestamp', order_direction: 'asc' }, [0, 1, 2, 3, 4, 5]],
      [{ order_by: 'quantity' }, [5, 3, 1, 2, 0, 4]],
      [{ order_by: 'quantity', order_direction: 'desc' }, [4, 0, 2, 1, 3, 5]],
    ];
    for (const [query, expected] of sorts) {
      it(`sorts by ${JSON.stringify(query)}`, async () => {
        expect(positions(await list(query))).to.deep.equal(expected);
      });
    }

    it('sorts by price with ties broken by trade_id', async () => {
      for (const direction of ['asc', 'desc'] as const) {
        const body = await list({ order_by: 'price', order_direction: direction });
        const keys = body.data.map((t: { price: string; trade_id: string }) => [t.price, t.trade_id] as const);
        const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
        expect(keys, direction).to.deep.equal(direction === 'asc' ? sorted : sorted.reverse());
      }
    });

    const pagedSorts: Record<string, string>[] = [
      {},
      { order_by: 'price', order_direction: 'desc' },
      { order_by: 'quantity' },
    ];
    for (const query of pagedSorts) {
      it(`pages forward and back under ${JSON.stringify(query)}`, async () => {
        const all = positions(await list(query));
        const pages: number[][] = [];
        let body = await list({ ...query, limit: 4 });
        pages.push(positions(body));
        while (body.paging.has_more) {
          body = await list({ ...query, limit: 4, next: body.paging.next_cursor });
          pages.push(positions(body));
        }
        expect(pages.map((p) => p.length)).to.deep.equal([4, 2]);
        expect(pages.flat()).to.deep.equal(all);
        const previous = await list({ ...query, limit: 4, prev: body.paging.prev_cursor });
        expect(positions(previous)).to.deep.equal(pages[0]);
        expect(previous.paging.has_more).to.equal(false);
      });
    }
  });
});
