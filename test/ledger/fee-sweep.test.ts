import { expect } from 'chai';
import { auditLedger } from '../../src/ledger/audit.js';
import { sweepMarketFees } from '../../src/ledger/fee-sweep.js';
import { createTestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';

/**
 * Fees per market (issue 33, item 2): fills credit their market's fee account, never the house's, so two markets'
 * batches share no fee row; the sweep moves them into `system:fees:usd`, once however many sweep at the same time.
 */
const house = 'system:fees:usd';
const marketFees = (market: MarketRef) => `system:fees:${market.instrumentId}:usd`;

async function availableOf(env: TestEnvironment, id: string): Promise<number> {
  const row = await env.service.services.db('ledger_accounts').where({ id }).first();
  return row === undefined ? 0 : Number(row.available);
}

async function trade(env: TestEnvironment, market: MarketRef): Promise<void> {
  const { services } = env.service;
  const seller = await createTestUser(services);
  const buyer = await createTestUser(services);
  await giveUnits(services, seller.userId, market.instrumentId, 5);
  await giveUsd(services, buyer.userId, '20.00');
  await placed(env, seller, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 5 });
  await placed(env, buyer, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 5 });
}

describeEachDatabase('ledger: fees per market, swept into the house account', (env) => {
  it('credits each market its own fee account, and the sweep moves them all once', async () => {
    const { services } = env().service;
    const markets = [await marketOf(services, 'text-standard'), await marketOf(services, 'code-prime')];
    await sweepMarketFees(services.db, services.clock.nowUs()); // whatever the seed's trades left
    const houseBefore = await availableOf(env(), house);
    for (const market of markets) await trade(env(), market);
    const fees = await Promise.all(markets.map((m) => availableOf(env(), marketFees(m))));
    for (const fee of fees) expect(fee).to.be.greaterThan(0);
    expect(await availableOf(env(), house)).to.equal(houseBefore);

    const [first, second] = await Promise.all([
      sweepMarketFees(services.db, services.clock.nowUs()),
      sweepMarketFees(services.db, services.clock.nowUs()),
    ]);
    expect(first + second).to.equal(fees[0]! + fees[1]!);
    expect(await availableOf(env(), house)).to.equal(houseBefore + fees[0]! + fees[1]!);
    for (const market of markets) expect(await availableOf(env(), marketFees(market))).to.equal(0);
    expect(await sweepMarketFees(services.db, services.clock.nowUs())).to.equal(0);
    const sweeps = await services.db('journal_entries').where({ kind: 'fee_sweep' }).count({ n: '*' }).first();
    expect(Number(sweeps?.n)).to.be.at.least(1);
    expect(await auditLedger(services.db)).to.deep.equal([]);
  });
});
