import { expect } from 'chai';
import OpenAI from 'openai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { marketOf, placed } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';

/**
 * Issue 21 item 3: supplier liability, as grid-cli's issuance view reads it (`instrument_id`,
 * `instrument_symbol`, `total_liability`, `fulfilled`, `outstanding`; src/cli/ui/tui/views/IssuanceView.tsx).
 * A supplier issues and sells; a buyer consumes the Units through the supplier's inference; the
 * liability follows the fills and the settled receipts that name the supplier.
 */
const seedOf = (modelName: string) => instrumentSeeds.find((s) => s.modelName === modelName)!;
const textStandard = seedOf('text-standard').instrumentId;
const tokensPerUnit = 1_000_000;

describeEachDatabase('trading: supplier liability', (env) => {
  const services = () => env().service.services;
  let supplier: TestUser;
  let buyer: TestUser;
  const liabilities = async (user: TestUser, query?: Record<string, string>) => {
    const reply = await env().trading.get('/v1/supplier-liability', {
      sign: user.signingKey,
      ...(query ? { query } : {}),
    });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data as Record<string, any>[];
  };
  const liabilityOf = async (user: TestUser, instrumentId: string) => {
    const reply = await env().trading.get(`/v1/supplier-liability/${instrumentId}`, { sign: user.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data as Record<string, any>;
  };

  before(async () => {
    supplier = await createTestUser(services());
    buyer = await createTestUser(services());
    await fundUser(services(), buyer.userId, '20.00');
  });

  it('owes nothing before it issues: an empty list, and zeros for one instrument', async () => {
    expect(await liabilities(supplier)).to.deep.equal([]);
    expect(await liabilityOf(supplier, textStandard)).to.deep.equal({
      instrument_id: textStandard,
      instrument_symbol: 'TEXT-STANDARD',
      tokens_per_unit: tokensPerUnit,
      units_issued: 0,
      units_sold: 0,
      units_liable: 0,
      total_liability: 0,
      tokens_served: 0,
      requests_served: 0,
      fulfilled: 0,
      outstanding: 0,
    });
  });

  it('owes the tokens of the Units it issued and sold, and nothing for those it still holds', async () => {
    await issueUnits(services(), supplier.userId, textStandard, 10); // a simulated supplier of text-standard
    expect(await liabilities(supplier)).to.deep.equal([await liabilityOf(supplier, textStandard)]);
    expect(await liabilityOf(supplier, textStandard)).to.deep.include({
      units_issued: 10,
      units_sold: 0,
      total_liability: 0,
      outstanding: 0,
    });
    const market = await marketOf(services(), 'text-standard');
    await placed(env(), supplier, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 3 });
    await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      quantity: 3,
      time_in_force: 'ioc',
      should_autotransfer: true,
    });
    expect(await liabilityOf(supplier, textStandard)).to.deep.include({
      units_issued: 10,
      units_sold: 3,
      units_liable: 3,
      total_liability: 3 * tokensPerUnit,
      tokens_served: 0,
      fulfilled: 0,
      outstanding: 3 * tokensPerUnit,
    });
  });

  it('counts the tokens its inference served as fulfilled, from the settled receipts', async () => {
    const openai = new OpenAI({ apiKey: buyer.apiKey, baseURL: `${env().consumption.baseUrl}/v1`, maxRetries: 0 });
    let served = 0;
    for (const content of ['hi', 'hello there']) {
      const completion = await openai.chat.completions.create({
        model: 'text-standard',
        messages: [{ role: 'user', content }],
        max_tokens: 16,
      });
      served += completion.usage!.total_tokens;
    }
    expect(served).to.be.greaterThan(0);
    const liability = await liabilityOf(supplier, textStandard);
    expect(liability).to.deep.include({
      total_liability: 3 * tokensPerUnit,
      tokens_served: served,
      requests_served: 2,
      fulfilled: served,
      outstanding: 3 * tokensPerUnit - served,
    });
    // As grid-cli adds it up: fulfilled + outstanding = total liability.
    expect(liability.fulfilled + liability.outstanding).to.equal(liability.total_liability);
    expect(await liabilities(supplier, { instrument_id: textStandard })).to.deep.equal([liability]);
    expect(await liabilities(supplier, { instrument_id: seedOf('text-prime').instrumentId })).to.deep.equal([]);
  });

  it("does not make a reseller liable for Units it bought: they stay the issuer's", async () => {
    const reseller = await createTestUser(services());
    await fundUser(services(), reseller.userId, '10.00');
    const market = await marketOf(services(), 'text-standard');
    await placed(env(), supplier, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 2 });
    await placed(env(), reseller, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      quantity: 2,
      time_in_force: 'ioc',
    });
    await placed(env(), reseller, { market_id: market.marketId, side: 'sell', price: '0.6000', quantity: 2 });
    await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      quantity: 2,
      time_in_force: 'ioc',
    });
    expect(await liabilities(reseller)).to.deep.equal([]);
    expect(await liabilityOf(reseller, textStandard)).to.deep.include({
      units_issued: 0,
      units_sold: 2,
      units_liable: 0,
      total_liability: 0,
      outstanding: 0,
    });
    expect(await liabilityOf(supplier, textStandard)).to.deep.include({
      units_sold: 5,
      units_liable: 5,
      total_liability: 5 * tokensPerUnit,
    });
  });

  it('answers 404 for an unknown instrument, and takes a supply:read access token', async () => {
    const unknown = await env().trading.get('/v1/supplier-liability/instrument-00000000-0000-0000-0000-000000000000', {
      sign: supplier.signingKey,
    });
    expect(unknown.status, unknown.text).to.equal(404);
    expect(unknown.body.errors.code).to.equal('not_found');
    const { accessToken } = await grantTokens(services(), supplier.userId, ['supply:read']);
    const listed = await env().trading.get('/v1/supplier-liability', { bearer: accessToken });
    expect(listed.status, listed.text).to.equal(200);
    expect(listed.body.data).to.deep.equal(await liabilities(supplier));
    const one = await env().trading.get(`/v1/supplier-liability/${textStandard}`, { bearer: accessToken });
    expect(one.body.data).to.deep.equal(await liabilityOf(supplier, textStandard));
  });
});
