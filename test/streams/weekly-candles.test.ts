import { expect } from 'chai';
import { toIso } from '../../src/lib/clock.js';
import { periodStartUs } from '../../src/lib/periods.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { RawClient, socketUrl, streamOrigin } from './support.js';

/**
 * `market.candles` at resolution `1w` (issue 21 item 4): the candle of the current week, which
 * starts on Monday 00:00 UTC, as GET /v1/price-histories shows it.
 */
describeEachDatabase('streams: weekly candles', (env) => {
  let seller: TestUser;
  let buyer: TestUser;
  let market: MarketRef;
  let client: RawClient | undefined;

  before(async () => {
    const services = env().service.services;
    market = await marketOf(services, 'code-standard');
    seller = await createTestUser(services);
    buyer = await createTestUser(services);
    await giveUnits(services, seller.userId, market.instrumentId, 10);
    await giveUsd(services, buyer.userId, '10.00');
  });
  after(() => client?.close());

  it('pushes the current week’s candle, from Monday 00:00 UTC, equal to its price-histories row', async () => {
    client = await RawClient.open(socketUrl(streamOrigin(env().service), '1.0.0'), '1.0.0');
    await client.join();
    expect(
      (await client.streams('subscribe', [{ name: 'market.candles', market: market.marketId, resolution: '1w' }]))
        .status,
    ).to.equal('ok');
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.3000', quantity: 2 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.3000', quantity: 2 });
    const candle = (await client.next((f) => f.event === 'candle' && f.payload.data.volume >= 2, 5000, true)).payload
      .data;
    const weekStartUs = periodStartUs('weekly', env().service.services.clock.nowUs());
    expect(candle).to.include({
      market_id: market.marketId,
      resolution: '1w',
      time: toIso(weekStartUs),
      period_start: toIso(weekStartUs),
      quote_volume: '0.600000',
      num_trades: 1,
    });
    const rows = (
      await env().trading.get('/v1/price-histories', {
        sign: buyer.signingKey,
        query: { market_id: market.marketId, resolution: '1w' },
      })
    ).body.data;
    expect(rows.at(-1)).to.deep.equal(candle);
    expect(client.violations.map((v) => v.message)).to.deep.equal([]);
  });
});
