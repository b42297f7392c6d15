import { expect } from 'chai';
import { tokensOf, unitsOf } from '../../src/ledger/assets.js';
import { consumeTokens } from '../../src/ledger/consumption.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

type Row = Record<string, any>;

/**
 * The account routes the live service's CLI (grid-cli) calls, sent as it sends them and checked
 * for what its validators require: `GET /v1/instruments/by-symbol/{symbol}`,
 * `GET /v1/currency-trading-accounts/{id}`, consumption `available_balance`, `by_market` of
 * `GET /v1/orders/count`, and `POST /v1/transfers/consumption-to-trading`, refused by design.
 */
describeEachDatabase('trading: account routes of the live CLI', (env) => {
  const services = () => env().service.services;
  let textStandard: MarketRef;
  let codeMax: MarketRef;
  let owner: TestUser;
  let other: TestUser;
  const get = (user: TestUser, path: string, query?: Record<string, string | number>) =>
    env().trading.get(path, { sign: user.signingKey, query });

  before(async () => {
    [textStandard, codeMax] = [await marketOf(services(), 'text-standard'), await marketOf(services(), 'code-max')];
    [owner, other] = [await createTestUser(services()), await createTestUser(services())];
    await giveUsd(services(), owner.userId, '40.00');
    await giveUnits(services(), owner.userId, textStandard.instrumentId, 10);
  });

  describe('GET /v1/instruments/by-symbol/{symbol}', () => {
    for (const symbol of ['TEXT-STANDARD', 'text-standard', 'Text-Standard']) {
      it(`finds TEXT-STANDARD as ${symbol}`, async () => {
        const reply = await get(owner, `/v1/instruments/by-symbol/${symbol}`);
        expect(reply.status, reply.text).to.equal(200);
        const byId = await get(owner, `/v1/instruments/${textStandard.instrumentId}`);
        expect(reply.body.data).to.deep.equal(byId.body.data);
        expect(reply.body.data).to.include({ instrument_id: textStandard.instrumentId, symbol: 'TEXT-STANDARD' });
      });
    }

    it('answers 404 naming a symbol no instrument has', async () => {
      const reply = await get(owner, '/v1/instruments/by-symbol/TEXT-ULTRA');
      expect(reply.status).to.equal(404);
      expect(reply.body.errors.code).to.equal('not_found');
      expect(reply.body.errors.detail).to.contain('TEXT-ULTRA');
    });

    it('takes an OAuth access token with trade:read', async () => {
      const { accessToken } = await grantTokens(services(), owner.userId, ['trade:read']);
      const reply = await env().trading.get('/v1/instruments/by-symbol/code-max', { bearer: accessToken });
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.body.data.instrument_id).to.equal(codeMax.instrumentId);
    });
  });

  describe('GET /v1/currency-trading-accounts/{id}', () => {
    it("answers the caller's USD account as the list shows it", async () => {
      const [listed] = (await get(owner, '/v1/currency-trading-accounts')).body.data as Row[];
      const reply = await get(owner, `/v1/currency-trading-accounts/${listed!.account_id}`);
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.body.data).to.deep.equal(listed);
      // What the CLI's CurrencyTradingAccount reads.
      expect(reply.body.data).to.include({ currency: 'usd', available_balance: '40.000000' });
      expect(reply.body.data.updated_at).to.be.a('string');
    });

    it("answers 404 for another user's USD account, a Units account and an unknown id", async () => {
      const [usdAccount] = (await get(owner, '/v1/currency-trading-accounts')).body.data as Row[];
      const [unitsAccount] = (await get(owner, '/v1/trading-accounts')).body.data as Row[];
      const cases: [TestUser, string][] = [
        [other, usdAccount!.account_id],
        [owner, unitsAccount!.account_id],
        [owner, 'trading_account_0000000000000000'],
      ];
      for (const [user, id] of cases) {
        const reply = await get(user, `/v1/currency-trading-accounts/${id}`);
        expect(reply.status, id).to.equal(404);
        expect(reply.body.errors).to.include({ code: 'not_found', detail: `No account with id ${id}.` });
      }
    });
  });

  describe('consumption accounts: available_balance', () => {
    it("is the Units free for new requests, as the CLI's consumption balance reads it", async () => {
      const moved = await env().trading.post('/v1/transfers/trading-to-consumption', {
        sign: owner.signingKey,
        body: { instrument_id: textStandard.instrumentId, quantity: 4 },
      });
      expect(moved.status, moved.text).to.equal(201);
      const account = (await services()
        .db('ledger_accounts')
        .where({ user_id: owner.userId, kind: 'consumption', asset: tokensOf(textStandard.instrumentId) })
        .first()) as { id: string };
      // 1.5 Units held by a request in flight: 2 Units committed (rounded up), 2 left for new requests.
      await services().db.transaction(async (trx) => {
        const { move, post } = await import('../../src/ledger/journal.js');
        await post(
          trx,
          'test_commit',
          account.id,
          move(
            tokensOf(textStandard.instrumentId),
            { accountId: account.id, bucket: 'available' },
            { accountId: account.id, bucket: 'locked' },
            1_500_000,
          ),
          services().clock.nowUs(),
        );
      });
      const [listed] = (await get(owner, '/v1/consumption-accounts')).body.data as Row[];
      expect(listed).to.include({
        total_balance: 4,
        committed_balance: 2,
        uncommitted_balance: 2,
        available_balance: 2,
      });
      expect((await get(owner, `/v1/consumption-accounts/${listed!.account_id}`)).body.data).to.deep.equal(listed);
      // The fields the CLI's ConsumptionInstrumentSchema requires.
      for (const field of ['account_id', 'user_id', 'instrument_id', 'status', 'created_at', 'updated_at'])
        expect(listed![field], field).to.be.a('string');
      for (const field of [
        'available_balance',
        'committed_balance',
        'total_balance',
        'total_deposits',
        'total_withdrawals',
        'total_commitments',
        'total_transfers_in',
        'total_transfers_out',
      ]) {
        expect(listed![field], field).to.be.a('number');
      }
      await services().db.transaction((trx) =>
        consumeTokens(trx, account.id, 1_500_000, services().clock.nowUs(), 'locked'),
      );
      expect((await get(owner, '/v1/consumption-accounts')).body.data[0]).to.include({
        total_balance: 3,
        committed_balance: 0,
        available_balance: 3,
      });
    });
  });

  describe('GET /v1/orders/count: by_market', () => {
    before(async () => {
      await placed(env(), owner, { market_id: textStandard.marketId, side: 'buy', price: '0.1000', quantity: 2 });
      await placed(env(), owner, { market_id: textStandard.marketId, side: 'sell', price: '0.9000', quantity: 1 });
      await placed(env(), owner, { market_id: codeMax.marketId, side: 'buy', price: '0.1000', quantity: 3 });
      const cancelled = await placed(env(), owner, {
        market_id: codeMax.marketId,
        side: 'buy',
        price: '0.1000',
        quantity: 1,
      });
      expect(
        (await env().trading.delete(`/v1/orders/${cancelled.order_id}`, { sign: owner.signingKey })).status,
      ).to.equal(204);
    });

    const byMarket = (entries: [MarketRef, number][]) =>
      entries
        .map(([market, count]) => ({ market_id: market.marketId, count }))
        .sort((a, b) => (a.market_id < b.market_id ? -1 : 1));

    // Each row: the query, the count, and the open orders per market.
    const rows: {
      name: string;
      query: () => Record<string, string>;
      count: number;
      open: () => [MarketRef, number][];
    }[] = [
      {
        name: 'no filter (what the CLI sends): every order, and the open ones per market',
        query: () => ({}),
        count: 4,
        open: () => [
          [textStandard, 2],
          [codeMax, 1],
        ],
      },
      {
        name: 'status=open',
        query: () => ({ status: 'open' }),
        count: 3,
        open: () => [
          [textStandard, 2],
          [codeMax, 1],
        ],
      },
      {
        name: 'status=cancelled: by_market still counts open orders',
        query: () => ({ status: 'cancelled' }),
        count: 1,
        open: () => [
          [textStandard, 2],
          [codeMax, 1],
        ],
      },
      { name: 'one market', query: () => ({ market_id: codeMax.marketId }), count: 2, open: () => [[codeMax, 1]] },
      { name: 'one side', query: () => ({ side: 'sell' }), count: 1, open: () => [[textStandard, 1]] },
    ];
    for (const row of rows) {
      it(row.name, async () => {
        const reply = await get(owner, '/v1/orders/count', row.query());
        expect(reply.status, reply.text).to.equal(200);
        expect(reply.body.data).to.deep.equal({ count: row.count, by_market: byMarket(row.open()) });
      });
    }

    it('is empty for a user without open orders', async () => {
      expect((await get(other, '/v1/orders/count')).body.data).to.deep.equal({ count: 0, by_market: [] });
    });
  });

  describe('POST /v1/transfers/consumption-to-trading', () => {
    const path = '/v1/transfers/consumption-to-trading';
    const state = async () => ({
      accounts: await services()
        .db('ledger_accounts')
        .where('user_id', owner.userId)
        .orderBy('id')
        .select('id', 'available', 'locked'),
      transfers: (await get(owner, '/v1/transfers')).body.data.length as number,
    });

    // Each row: a body, and the refusal. Nothing may change for any of them.
    const rows: { name: string; body: () => unknown; status: number; code: string; field?: string }[] = [
      {
        name: 'a well-formed request: refused by design',
        body: () => ({ instrument_id: textStandard.instrumentId, quantity: 1 }),
        status: 422,
        code: 'consumption_units_not_resellable',
      },
      {
        name: 'an unknown instrument',
        body: () => ({ instrument_id: 'instrument-00000000-0000-0000-0000-000000000000', quantity: 1 }),
        status: 404,
        code: 'not_found',
      },
      {
        name: 'quantity 0',
        body: () => ({ instrument_id: textStandard.instrumentId, quantity: 0 }),
        status: 422,
        code: 'validation_error',
        field: 'body.quantity',
      },
      {
        name: 'no quantity',
        body: () => ({ instrument_id: textStandard.instrumentId }),
        status: 422,
        code: 'validation_error',
        field: 'quantity',
      },
      {
        name: 'no instrument',
        body: () => ({ quantity: 1 }),
        status: 422,
        code: 'validation_error',
        field: 'instrument_id',
      },
    ];
    for (const row of rows) {
      it(`answers ${row.status} ${row.code} for ${row.name}, and changes nothing`, async () => {
        const before = await state();
        const reply = await env().trading.post(path, { sign: owner.signingKey, body: row.body() });
        expect(reply.status, reply.text).to.equal(row.status);
        expect(reply.body.errors.code).to.equal(row.code);
        if (row.field) expect(reply.body.errors.detail).to.contain(row.field);
        expect(await state()).to.deep.equal(before);
      });
    }

    it('says why and what to do instead, with the instrument and quantity asked for', async () => {
      const reply = await env().trading.post(path, {
        sign: owner.signingKey,
        body: { instrument_id: textStandard.instrumentId, quantity: 2 },
      });
      expect(reply.body.errors.detail)
        .to.contain('TEXT-STANDARD')
        .and.to.contain('cannot be resold')
        .and.to.contain('POST /v1/transfers/trading-to-consumption');
      expect(reply.body.errors.context).to.deep.equal({ instrument_id: textStandard.instrumentId, quantity: 2 });
    });

    it('needs trade:write on an OAuth access token', async () => {
      const { accessToken: readOnly } = await grantTokens(services(), owner.userId, ['trade:read']);
      const refused = await env().trading.post(path, {
        bearer: readOnly,
        body: { instrument_id: textStandard.instrumentId, quantity: 1 },
      });
      expect(refused.status).to.equal(403);
      expect(refused.body.errors.code).to.equal('insufficient_scope');
      const { accessToken } = await grantTokens(services(), owner.userId, ['trade:write']);
      const decided = await env().trading.post(path, {
        bearer: accessToken,
        body: { instrument_id: textStandard.instrumentId, quantity: 1 },
      });
      expect(decided.status).to.equal(422);
      expect(decided.body.errors.code).to.equal('consumption_units_not_resellable');
    });

    it('leaves the Units where they were', async () => {
      const units = (await services()
        .db('ledger_accounts')
        .where({ user_id: owner.userId, asset: unitsOf(textStandard.instrumentId) })
        .first()) as { available: number; locked: number };
      expect(units.available + units.locked).to.equal(6);
    });
  });
});
