import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits, marketOf, type MarketRef } from '../support/market-fixtures.js';
import { issueUnits } from '../support/trading-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * An instrument symbol, any letter case, wherever an instrument id is accepted (issue 21): the
 * live service's CLI sends `TEXT-STANDARD` (grid-cli src/cli/commands/hotwire/hotwire.tsx
 * `tryAutoFund` upper-cases the model into the `instrument_id` of a transfer; `supply list
 * --instrument` puts what the user typed in a Flop filter).
 */
describeEachDatabase('http: instrument symbols for instrument ids', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let user: TestUser;

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    user = await createTestUser(services());
    await giveUnits(services(), user.userId, market.instrumentId, 50);
  });

  it('reads an instrument by its symbol in any letter case, as by its id', async () => {
    const byId = await env().trading.get(`/v1/instruments/${market.instrumentId}`, { sign: user.signingKey });
    expect(byId.status, byId.text).to.equal(200);
    for (const symbol of ['TEXT-STANDARD', 'text-standard', 'Text-Standard']) {
      const reply = await env().trading.get(`/v1/instruments/${symbol}`, { sign: user.signingKey });
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.body).to.deep.equal(byId.body);
    }
  });

  it('answers 404 naming a path symbol that names no instrument, and keeps 404 for an unknown id', async () => {
    const symbol = await env().trading.get('/v1/instruments/TEXT-NOSUCH', { sign: user.signingKey });
    expect(symbol.status, symbol.text).to.equal(404);
    expect(symbol.body.errors.code).to.equal('not_found');
    expect(symbol.body.errors.detail).to.contain('TEXT-NOSUCH');
    const id = await env().trading.get('/v1/instruments/instrument-00000000-0000-0000-0000-000000000000', {
      sign: user.signingKey,
    });
    expect(id.status, id.text).to.equal(404);
  });

  it('transfers by symbol as hotwire --auto-fund sends it, recording the id', async () => {
    const before = await balancesOf(services(), user.userId, market.instrumentId);
    const reply = await env().trading.post('/v1/transfers/trading-to-consumption', {
      sign: user.signingKey,
      body: { instrument_id: 'TEXT-STANDARD', quantity: 2 },
    });
    expect(reply.status, reply.text).to.equal(201);
    expect(reply.body.data.instrument_id).to.equal(market.instrumentId);
    expect((await balancesOf(services(), user.userId, market.instrumentId)).unitsAvailable).to.equal(
      before.unitsAvailable - 2,
    );
  });

  it('transfers by a model alias too (mistral-latest is text-standard)', async () => {
    const reply = await env().trading.post('/v1/transfers/trading-to-consumption', {
      sign: user.signingKey,
      body: { instrument_id: 'MISTRAL-LATEST', quantity: 1 },
    });
    expect(reply.status, reply.text).to.equal(201);
    expect(reply.body.data.instrument_id).to.equal(market.instrumentId);
  });

  it('filters a list by symbol, directly and in a Flop filter, as by id', async () => {
    const byId = await env().trading.get('/v1/transfers', {
      sign: user.signingKey,
      query: { instrument_id: market.instrumentId },
    });
    expect(byId.body.data.length).to.be.greaterThan(0);
    const bySymbol = await env().trading.get('/v1/transfers', {
      sign: user.signingKey,
      query: { instrument_id: 'text-standard' },
    });
    const byFlop = await env().trading.get('/v1/transfers', {
      sign: user.signingKey,
      rawQuery: 'flop[filters][0][field]=instrument_id&flop[filters][0][value]=TEXT-STANDARD',
    });
    expect(bySymbol.body).to.deep.equal(byId.body);
    expect(byFlop.body).to.deep.equal(byId.body);
  });

  it("answers the CLI's supply list (symbol and limit as Flop filters) for a supplier", async () => {
    const supplier = await createTestUser(services());
    await issueUnits(services(), supplier.userId, market.instrumentId, 7);
    const rawQuery =
      'flop[filters][0][field]=instrument_id&flop[filters][0][value]=TEXT-STANDARD&flop[filters][1][field]=limit&flop[filters][1][value]=20';
    const reply = await env().trading.get('/v1/supply-issuances', { sign: supplier.signingKey, rawQuery });
    expect(reply.status, reply.text).to.equal(200);
    expect(
      reply.body.data.map((i: { instrument_id: string; quantity: number }) => [i.instrument_id, i.quantity]),
    ).to.deep.equal([[market.instrumentId, 7]]);
  });

  // Each row: a symbol that names nothing, where an instrument id is accepted, refused with 422 naming the field; nothing moves.
  const refusals: [string, () => Promise<{ status: number; body: any; text: string }>, string][] = [
    [
      'a query filter',
      () => env().trading.get('/v1/transfers', { sign: user.signingKey, query: { instrument_id: 'TEXT-NOSUCH' } }),
      'query.instrument_id',
    ],
    [
      'a Flop filter',
      () =>
        env().trading.get('/v1/orders', {
          sign: user.signingKey,
          rawQuery: 'flop[filters][0][field]=instrument_id&flop[filters][0][value]=nosuch',
        }),
      'query.instrument_id',
    ],
    [
      'a transfer body',
      () =>
        env().trading.post('/v1/transfers/trading-to-consumption', {
          sign: user.signingKey,
          body: { instrument_id: 'TEXT-NOSUCH', quantity: 1 },
        }),
      'body.instrument_id',
    ],
  ];
  for (const [where, send, path] of refusals) {
    it(`refuses a symbol that names nothing in ${where} with 422 naming ${path}`, async () => {
      const before = await balancesOf(services(), user.userId, market.instrumentId);
      const reply = await send();
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(reply.body.errors.context.errors[0]).to.include({
        path,
        value: path === 'query.instrument_id' && where === 'a Flop filter' ? 'nosuch' : 'TEXT-NOSUCH',
      });
      expect(reply.body.errors.message).to.contain(path);
      expect(await balancesOf(services(), user.userId, market.instrumentId)).to.deep.equal(before);
    });
  }
});
