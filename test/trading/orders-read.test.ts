import { expect } from 'chai';
import type { OrderRow } from '../../src/db/trading-rows.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { insertOrder, seededMarkets, usAt, type SeededMarket } from '../support/trading-rows.js';

const hourUs = 3_600_000_000;
const at = (hour: number) => usAt('2025-04-01T00:00:00Z') + Math.round(hour * hourUs);
const iso = (hour: number) => `${new Date(at(hour) / 1000).toISOString().slice(0, 19)}.000000Z`;

describeEachDatabase('trading: my orders (GET /v1/orders, /v1/orders/count, /v1/orders/{order_id})', (env) => {
  let me: TestUser;
  let other: TestUser;
  let m0: SeededMarket;
  let m1: SeededMarket;
  const mine: Record<string, OrderRow> = {};
  const theirs: Record<string, OrderRow> = {};

  before(async () => {
    const { services } = env().service;
    [me, other] = [await createTestUser(services), await createTestUser(services)];
    const [first, second] = await seededMarkets(services);
    if (!first || !second) throw new Error('the seed has at least two markets');
    [m0, m1] = [first, second];
    const market = (m: 0 | 1) => (m === 0 ? m0 : m1).marketId;
    // Nine orders of mine, one in each state, submitted an hour apart (o1 first).
    const seeds: [string, Partial<OrderRow> & { m: 0 | 1 }][] = [
      ['o1', { m: 0, side: 'buy', price_ticks: 4200, quantity: 10, status: 'active', client_order_id: 'my-client-id' }],
      [
        'o2',
        {
          m: 0,
          side: 'sell',
          price_ticks: 4500,
          quantity: 5,
          filled_quantity: 2,
          status: 'partially_filled',
          notional_micros: 900_000,
          fee_micros: 4_500,
        },
      ],
      [
        'o3',
        {
          m: 1,
          side: 'buy',
          type: 'market',
          time_in_force: 'ioc',
          price_ticks: null,
          quantity: 3,
          filled_quantity: 3,
          status: 'filled',
          notional_micros: (3000 + 2 * 3001) * 100,
          fee_micros: 4_501,
          filled_at_us: at(3) + 1_500_000,
          updated_at_us: at(3) + 1_500_000,
          triggered_by_auto_buy: true,
          should_autotransfer: true,
        },
      ],
      [
        'o4',
        {
          m: 1,
          side: 'sell',
          price_ticks: 3100,
          quantity: 8,
          status: 'cancelled',
          closure_reason: 'cancelled_by_user',
        },
      ],
      ['o5', { m: 0, side: 'buy', price_ticks: 4000, quantity: 20, status: 'pending' }],
      ['o6', { m: 1, side: 'buy', price_ticks: 2900, quantity: 7, status: 'cancellation_pending' }],
      [
        'o7',
        {
          m: 0,
          side: 'buy',
          price_ticks: 4100,
          quantity: 4,
          status: 'expired',
          closure_reason: 'expired',
          time_in_force: 'day',
        },
      ],
      [
        'o8',
        {
          m: 1,
          side: 'sell',
          price_ticks: 3300,
          quantity: 6,
          filled_quantity: 1,
          status: 'closed',
          closure_reason: 'ioc_remainder',
          time_in_force: 'ioc',
        },
      ],
      ['o9', { m: 0, side: 'buy', price_ticks: 4050, quantity: 2, status: 'rejected', closure_reason: 'rejected' }],
    ];
    for (const [i, [name, { m, ...fields }]] of seeds.entries()) {
      mine[name] = await insertOrder(services, {
        user_id: me.userId,
        market_id: market(m),
        submitted_at_us: at(i + 1),
        ...fields,
      });
    }
    theirs.x = await insertOrder(services, {
      user_id: other.userId,
      market_id: m0.marketId,
      side: 'buy',
      status: 'active',
      submitted_at_us: at(1.5),
    });
    theirs.y = await insertOrder(services, {
      user_id: other.userId,
      market_id: m1.marketId,
      side: 'sell',
      status: 'filled',
      quantity: 1,
      filled_quantity: 1,
      submitted_at_us: at(2.5),
    });
  });

  const get = (path: string, query?: Record<string, string | number>, user = me) =>
    env().trading.get(path, { sign: user.signingKey, query });
  const names = (body: { data: { order_id: string }[] }) =>
    body.data.map((o) => Object.keys(mine).find((name) => mine[name]!.id === o.order_id) ?? o.order_id);
  const list = async (query: Record<string, string | number> = {}) => {
    const reply = await get('/v1/orders', query);
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    return reply.body;
  };
  const all = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'o9'];

  describe('GET /v1/orders', () => {
    it('lists only my orders, oldest first', async () => {
      const body = await list();
      expect(names(body)).to.deep.equal(all);
      expect(body.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
    });

    const statuses: [string, string[]][] = [
      ['open', ['o1', 'o2', 'o5', 'o6']],
      ['active', ['o1']],
      ['pending', ['o5']],
      ['partially_filled', ['o2']],
      ['cancellation_pending', ['o6']],
      ['filled', ['o3']],
      ['closed', ['o8']],
      ['cancelled', ['o4']],
      ['expired', ['o7']],
      ['rejected', ['o9']],
    ];
    for (const [status, expected] of statuses) {
      it(`filters status=${status}, and counts the same`, async () => {
        expect(names(await list({ status }))).to.deep.equal(expected);
        const count = await get('/v1/orders/count', { status });
        expect(count.body.data.count).to.equal(expected.length);
      });
    }

    const filters: [string, () => Record<string, string | number>, string[]][] = [
      ['market_id', () => ({ market_id: m0.marketId }), ['o1', 'o2', 'o5', 'o7', 'o9']],
      ['an unknown market_id', () => ({ market_id: 'market_00000000-0000-0000-0000-000000000000' }), []],
      ['instrument_id', () => ({ instrument_id: m1.instrumentId }), ['o3', 'o4', 'o6', 'o8']],
      ['side=sell', () => ({ side: 'sell' }), ['o2', 'o4', 'o8']],
      ['side=buy', () => ({ side: 'buy' }), ['o1', 'o3', 'o5', 'o6', 'o7', 'o9']],
      ['my own trader_id', () => ({ trader_id: me.userId }), all],
      ["another trader's id", () => ({ trader_id: other.userId }), []],
      ['submitted_from inclusive', () => ({ submitted_from: iso(5) }), ['o5', 'o6', 'o7', 'o8', 'o9']],
      ['submitted_to exclusive', () => ({ submitted_to: iso(3) }), ['o1', 'o2']],
      [
        'a time range in Unix seconds',
        () => ({ submitted_from: String(at(2) / 1e6), submitted_to: String(at(4) / 1e6) }),
        ['o2', 'o3'],
      ],
      [
        'market, side and status together',
        () => ({ market_id: m0.marketId, side: 'buy', status: 'open' }),
        ['o1', 'o5'],
      ],
    ];
    for (const [name, query, expected] of filters) {
      it(`filters by ${name}`, async () => {
        expect(names(await list(query()))).to.deep.equal(expected);
      });
    }

    const sorts: [Record<string, string>, string[]][] = [
      [{ order_direction: 'desc' }, [...all].reverse()],
      // A market order has no price and sorts as 0.
      [{ order_by: 'price' }, ['o3', 'o6', 'o4', 'o8', 'o5', 'o9', 'o7', 'o1', 'o2']],
      [{ order_by: 'price', order_direction: 'desc' }, ['o2', 'o1', 'o7', 'o9', 'o5', 'o8', 'o4', 'o6', 'o3']],
      [{ order_by: 'quantity' }, ['o9', 'o3', 'o7', 'o2', 'o8', 'o6', 'o4', 'o1', 'o5']],
      [
        { order_by: 'original_quantity', order_direction: 'desc' },
        ['o5', 'o1', 'o4', 'o6', 'o8', 'o2', 'o7', 'o3', 'o9'],
      ],
      [{ order_by: 'status' }, ['o1', 'o6', 'o4', 'o8', 'o7', 'o3', 'o2', 'o5', 'o9']],
    ];
    for (const [query, expected] of sorts) {
      it(`sorts by ${JSON.stringify(query)}`, async () => {
        expect(names(await list(query))).to.deep.equal(expected);
      });
    }

    it('sorts by filled_quantity with ties broken by order_id', async () => {
      for (const direction of ['asc', 'desc'] as const) {
        const body = await list({ order_by: 'filled_quantity', order_direction: direction });
        const keys = body.data.map(
          (o: { filled_quantity: number; order_id: string }) => [o.filled_quantity, o.order_id] as const,
        );
        const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
        expect(keys, direction).to.deep.equal(direction === 'asc' ? sorted : sorted.reverse());
        expect(keys.map((k: readonly [number, string]) => k[0])).to.include.members([0, 1, 2, 3]);
      }
    });

    const pagedSorts: Record<string, string>[] = [
      {},
      { order_by: 'price', order_direction: 'desc' },
      { order_by: 'status' },
      { order_by: 'filled_quantity' },
    ];
    for (const query of pagedSorts) {
      it(`pages forward and back under ${JSON.stringify(query)}`, async () => {
        const pages: string[][] = [];
        let body = await list({ ...query, limit: 4 });
        pages.push(names(body));
        while (body.paging.has_more) {
          body = await list({ ...query, limit: 4, next: body.paging.next_cursor });
          pages.push(names(body));
        }
        expect(pages.map((p) => p.length)).to.deep.equal([4, 4, 1]);
        expect(pages.flat()).to.deep.equal(names(await list(query)));
        const back: string[][] = [pages.at(-1)!];
        while (body.paging.prev_cursor !== null) {
          body = await list({ ...query, limit: 4, prev: body.paging.prev_cursor });
          back.unshift(names(body));
        }
        expect(back).to.deep.equal(pages);
      });
    }

    const invalid: Record<string, string | number>[] = [
      { status: 'working' },
      { status: 'OPEN' },
      { side: 'both' },
      { order_by: 'fee' },
      { submitted_from: 'tomorrow' },
      { submitted_to: '2026-13-45' },
      { limit: 0 },
      { verbose: 'true' },
    ];
    for (const query of invalid) {
      it(`refuses ${JSON.stringify(query)} with 422 validation_error`, async () => {
        const reply = await get('/v1/orders', query);
        expect(reply.status).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
      });
    }
  });

  describe('GET /v1/orders/{order_id}', () => {
    it('shows a filled market buy: no price, rounded average price, fee, auto-buy flags', async () => {
      const reply = await get(`/v1/orders/${mine.o3!.id}`);
      expect(reply.status).to.equal(200);
      expect(reply.body.data).to.deep.equal({
        order_id: mine.o3!.id,
        market_id: m1.marketId,
        market_name: m1.name,
        instrument_id: m1.instrumentId,
        instrument_name: m1.instrumentName,
        instrument_symbol: m1.symbol,
        trader_id: me.userId,
        type: 'market',
        side: 'buy',
        price: null,
        quantity: 3,
        filled_quantity: 3,
        remaining_quantity: 0,
        filled_at: '2025-04-01T03:00:01.500000Z',
        // (0.3000 + 2 × 0.3001) / 3 = 0.300066…, rounded half up at 6 decimals.
        average_price: '0.300067',
        fee: '0.004501',
        status: 'filled',
        closure_reason: null,
        time_in_force: 'ioc',
        stop_price: null,
        post_only: false,
        self_trade_prevention: 'expire_taker',
        expire_time: null,
        client_order_id: null,
        triggered_by_auto_buy: true,
        triggered_by_auto_top_up: false,
        should_autotransfer: true,
        submitted_at: iso(3),
        updated_at: '2025-04-01T03:00:01.500000Z',
      });
    });

    const views: [string, Record<string, unknown>][] = [
      [
        'o1',
        {
          price: '0.4200',
          remaining_quantity: 10,
          average_price: null,
          fee: '0.000000',
          filled_at: null,
          should_autotransfer: false,
          client_order_id: 'my-client-id',
          status: 'active',
        },
      ],
      [
        'o2',
        {
          price: '0.4500',
          filled_quantity: 2,
          remaining_quantity: 3,
          average_price: '0.450000',
          fee: '0.004500',
          should_autotransfer: null,
          side: 'sell',
        },
      ],
      ['o4', { remaining_quantity: 0, status: 'cancelled', closure_reason: 'cancelled_by_user' }],
      [
        'o8',
        {
          remaining_quantity: 0,
          filled_quantity: 1,
          status: 'closed',
          closure_reason: 'ioc_remainder',
          should_autotransfer: null,
        },
      ],
    ];
    for (const [name, expected] of views) {
      it(`shows ${name} as the list does, with ${Object.keys(expected).join(', ')}`, async () => {
        const reply = await get(`/v1/orders/${mine[name]!.id}`);
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.include(expected);
        const listed = (await list({ status: reply.body.data.status })).data.find(
          (o: { order_id: string }) => o.order_id === mine[name]!.id,
        );
        expect(reply.body.data).to.deep.equal(listed);
      });
    }

    const missing: [string, () => string][] = [
      ["someone else's order", () => theirs.x!.id],
      ['an unknown order', () => 'order_ZZZZZZZZZZZZZZZZ'],
      ['a malformed id', () => 'nope'],
    ];
    for (const [name, id] of missing) {
      it(`answers 404 not_found for ${name}`, async () => {
        const reply = await get(`/v1/orders/${id()}`);
        expect(reply.status).to.equal(404);
        expect(reply.body.errors.code).to.equal('not_found');
      });
    }
  });

  describe('GET /v1/orders/count', () => {
    const cases: [string, () => Record<string, string>, number][] = [
      ['no filter: all of mine, none of theirs', () => ({}), 9],
      ['market_id', () => ({ market_id: m1.marketId }), 4],
      ['side', () => ({ side: 'sell' }), 3],
      ['market, side and status', () => ({ market_id: m0.marketId, side: 'buy', status: 'open' }), 2],
      ['an unknown market', () => ({ market_id: 'market_00000000-0000-0000-0000-000000000000' }), 0],
    ];
    for (const [name, query, count] of cases) {
      it(`counts ${name}`, async () => {
        const reply = await get('/v1/orders/count', query());
        expect(reply.status).to.equal(200);
        expect(reply.body.data.count).to.equal(count);
      });
    }

    it("counts the other trader's own orders for them", async () => {
      const reply = await get('/v1/orders/count', {}, other);
      expect(reply.body.data.count).to.equal(2);
    });

    const invalid: Record<string, string>[] = [{ status: 'working' }, { trader_id: 'user_x' }, { side: 'long' }];
    for (const query of invalid) {
      it(`refuses ${JSON.stringify(query)} with 422 validation_error`, async () => {
        const reply = await get('/v1/orders/count', query);
        expect(reply.status).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
      });
    }
  });
});
