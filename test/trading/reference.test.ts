import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

const symbols = [
  'AGENT-MAX',
  'AGENT-PRIME',
  'AGENT-STANDARD',
  'CODE-MAX',
  'CODE-PRIME',
  'CODE-STANDARD',
  'TEXT-MAX',
  'TEXT-PRIME',
  'TEXT-STANDARD',
];

describeEachDatabase('trading reference data: instruments and markets', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });
  const get = (path: string, query?: Record<string, string | number>) =>
    env().trading.get(path, { sign: user.signingKey, query });

  describe('GET /v1/instruments', () => {
    it('lists the nine seeded instruments by symbol, with every field of part 2', async () => {
      const reply = await get('/v1/instruments');
      expect(reply.status).to.equal(200);
      expect(reply.body.data.map((i: { symbol: string }) => i.symbol)).to.deep.equal(symbols);
      expect(reply.body.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
      const textStandard = reply.body.data.find((i: { symbol: string }) => i.symbol === 'TEXT-STANDARD');
      expect(textStandard.instrument_id).to.match(/^instrument-[0-9a-f-]{36}$/);
      expect(textStandard).to.deep.include({ instrument_type: 'ai_commodity', status: 'draft', name: 'Text Standard' });
      expect(textStandard.basic_info).to.deep.equal({ service_type: 'chat', model_category: 'text' });
      expect(textStandard.trading_params).to.deep.equal({
        min_quantity: 1,
        max_quantity: 10000,
        quantity_increment: 1,
        fee: '0.0050',
      });
      expect(textStandard.ai_specs.tokens_per_unit).to.equal(1_000_000);
      expect(textStandard.ai_specs.qualifying_models).to.include('llama-3.1-8b-instruct');
    });

    it('sets stricter thresholds for higher tiers', async () => {
      const { body } = await get('/v1/instruments');
      const spec = (symbol: string) => body.data.find((i: { symbol: string }) => i.symbol === symbol).ai_specs;
      for (const task of ['TEXT', 'CODE', 'AGENT']) {
        const [standard, prime, max] = ['STANDARD', 'PRIME', 'MAX'].map((tier) => spec(`${task}-${tier}`));
        expect(standard.min_performance_benchmark).to.be.below(prime.min_performance_benchmark);
        expect(prime.min_performance_benchmark).to.be.below(max.min_performance_benchmark);
        expect(standard.min_time_to_first_token_ms).to.be.above(max.min_time_to_first_token_ms);
        expect(Number(standard.context_window)).to.be.below(Number(max.context_window));
      }
    });

    it('filters by exact symbol, instrument_type and status', async () => {
      expect(
        (await get('/v1/instruments', { symbol: 'CODE-PRIME' })).body.data.map((i: { symbol: string }) => i.symbol),
      ).to.deep.equal(['CODE-PRIME']);
      expect((await get('/v1/instruments', { symbol: 'code-prime' })).body.data).to.deep.equal([]);
      expect((await get('/v1/instruments', { symbol: 'CODE' })).body.data).to.deep.equal([]);
      expect((await get('/v1/instruments', { instrument_type: 'ai_commodity' })).body.data).to.have.length(9);
      expect((await get('/v1/instruments', { status: 'draft' })).body.data).to.have.length(9);
      expect((await get('/v1/instruments', { status: 'active' })).body.data).to.have.length(0);
    });

    it('orders by name descending', async () => {
      const names = (await get('/v1/instruments', { order_by: 'name', order_direction: 'desc' })).body.data.map(
        (i: { name: string }) => i.name,
      );
      expect(names).to.deep.equal([...names].sort().reverse());
    });

    it('refuses an unknown order_by, status or instrument_type with 422', async () => {
      const queries: Record<string, string>[] = [
        { order_by: 'price' },
        { status: 'bogus' },
        { instrument_type: 'other' },
        { order_direction: 'up' },
      ];
      for (const query of queries) {
        const reply = await get('/v1/instruments', query);
        expect(reply.status, JSON.stringify(query)).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
      }
    });

    it('pages with opaque cursors in both directions, under any sort', async () => {
      for (const order of [
        { order_by: 'symbol', order_direction: 'asc' },
        { order_by: 'name', order_direction: 'desc' },
        { order_by: 'created_at', order_direction: 'asc' },
      ]) {
        const all = (await get('/v1/instruments', order)).body.data.map(
          (i: { instrument_id: string }) => i.instrument_id,
        );
        const seen: string[] = [];
        let reply = await get('/v1/instruments', { ...order, limit: 4 });
        seen.push(...reply.body.data.map((i: { instrument_id: string }) => i.instrument_id));
        while (reply.body.paging.has_more) {
          reply = await get('/v1/instruments', { ...order, limit: 4, next: reply.body.paging.next_cursor });
          seen.push(...reply.body.data.map((i: { instrument_id: string }) => i.instrument_id));
        }
        expect(seen, JSON.stringify(order)).to.deep.equal(all);
      }
    });

    it('shows one instrument, or 404 for an unknown id', async () => {
      const first = (await get('/v1/instruments', { limit: 1 })).body.data[0];
      const reply = await get(`/v1/instruments/${first.instrument_id}`);
      expect(reply.status).to.equal(200);
      expect(reply.body.data).to.deep.equal(first);
      const missing = await get('/v1/instruments/instrument-00000000-0000-0000-0000-000000000000');
      expect(missing.status).to.equal(404);
      expect(missing.body.errors.code).to.equal('not_found');
    });
  });

  describe('GET /v1/markets', () => {
    it('visits all nine markets once with limit=2, forward and back', async () => {
      const forward: string[][] = [];
      let reply = await get('/v1/markets', { limit: 2 });
      expect(reply.body.paging.prev_cursor).to.equal(null);
      forward.push(reply.body.data.map((m: { market_id: string }) => m.market_id));
      while (reply.body.paging.has_more) {
        reply = await get('/v1/markets', { limit: 2, next: reply.body.paging.next_cursor });
        forward.push(reply.body.data.map((m: { market_id: string }) => m.market_id));
      }
      expect(reply.body.paging.next_cursor).to.equal(null);
      const visited = forward.flat();
      expect(visited).to.have.length(9);
      expect(new Set(visited).size).to.equal(9);
      expect(forward.map((page) => page.length)).to.deep.equal([2, 2, 2, 2, 1]);

      const backward: string[][] = [forward.at(-1)!];
      while (reply.body.paging.prev_cursor !== null) {
        reply = await get('/v1/markets', { limit: 2, prev: reply.body.paging.prev_cursor });
        backward.unshift(reply.body.data.map((m: { market_id: string }) => m.market_id));
      }
      expect(backward).to.deep.equal(forward);
      expect(reply.body.paging.has_more).to.equal(false);
    });

    it('carries order_controls, the instrument copy and price_collar_pct', async () => {
      const market = (await get('/v1/markets', { limit: 1 })).body.data[0];
      expect(market.market_id).to.match(/^market_[0-9a-f-]{36}$/);
      expect(market.order_controls).to.deep.equal({
        tick_size: '0.0001',
        lot_size: 1,
        min_order_size: 1,
        max_order_size: 10000,
      });
      expect(market.associated_instruments).to.deep.equal([market.instrument_id]);
      expect(market.instruments[0].symbol).to.equal(market.instrument_symbol);
      expect(market.price_collar_pct).to.equal(50);
      expect(market).to.deep.include({ market_type: 'spot', status: 'draft' });
    });

    it('refuses next and prev together, and cursors that are not ours', async () => {
      const first = await get('/v1/markets', { limit: 2 });
      const both = await get('/v1/markets', {
        limit: 2,
        next: first.body.paging.next_cursor,
        prev: first.body.paging.next_cursor,
      });
      expect(both.status).to.equal(422);
      expect(both.body.errors.code).to.equal('validation_error');
      const forged = await get('/v1/markets', { next: 'bm90IGEgY3Vyc29y' });
      expect(forged.status).to.equal(422);
      expect(forged.body.errors.code).to.equal('invalid_cursor');
    });

    it('refuses a cursor issued under another sort', async () => {
      const page = await get('/v1/instruments', { limit: 2, order_by: 'name' });
      const reply = await get('/v1/instruments', { limit: 2, order_by: 'symbol', next: page.body.paging.next_cursor });
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('invalid_cursor');
    });

    it('shows one market and its controls, or 404', async () => {
      const market = (await get('/v1/markets', { limit: 1 })).body.data[0];
      expect((await get(`/v1/markets/${market.market_id}`)).body.data).to.deep.equal(market);
      const controls = await get(`/v1/markets/${market.market_id}/controls`);
      expect(controls.status).to.equal(200);
      expect(controls.body.data).to.deep.equal({
        market_id: market.market_id,
        tick_size: '0.0001',
        lot_size: 1,
        min_order_size: 1,
        max_order_size: 10000,
        price_collar_pct: 50,
        reference_price: null,
        price_band_low: null,
        price_band_high: null,
        collar_active: false,
      });
      for (const path of ['/v1/markets/market_nope', '/v1/markets/market_nope/controls']) {
        const missing = await get(path);
        expect(missing.status, path).to.equal(404);
      }
    });
  });
});
