import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUsd, marketOf, placed } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachDatabase(
  'trading: the house supplier of the embedded default',
  (env) => {
    const services = () => env().service.services;
    let trader: TestUser;

    before(async () => {
      trader = await createTestUser(services());
      await giveUsd(services(), trader.userId, '1000.00');
    });

    const book = async (marketId: string) =>
      (await env().trading.get(`/v1/markets/${marketId}/orderbook`, { sign: trader.signingKey })).body.data;

    it('keeps a ladder of asks on all nine books', async () => {
      const markets = (await env().trading.get('/v1/markets', { sign: trader.signingKey })).body.data as {
        market_id: string;
      }[];
      expect(markets).to.have.length(9);
      for (const { market_id: marketId } of markets) {
        const levels = await until(
          `asks on ${marketId}`,
          () => book(marketId),
          (b) => b.sell.length === 3,
        );
        expect(levels.sell.map((l: { quantity: number }) => l.quantity)).to.deep.equal([500, 1000, 2000]);
        expect(levels.buy).to.deep.equal([]);
      }
      const textStandard = await marketOf(services(), 'text-standard');
      expect((await book(textStandard.marketId)).lowest_ask).to.equal('0.4000');
    });

    it('sells to a buyer at its price and tops the level back up', async () => {
      const { marketId } = await marketOf(services(), 'text-standard');
      const bought = await placed(env(), trader, { market_id: marketId, side: 'buy', type: 'market', quantity: 400 });
      expect(bought).to.include({ status: 'filled', filled_quantity: 400, average_price: '0.400000' });
      const refilled = await until(
        'the 0.4000 level refilled',
        () => book(marketId),
        (b) => b.sell[0]?.quantity === 500,
      );
      expect(refilled.sell[0]).to.include({ price: '0.4000', quantity: 500, order_count: 2 });
    });
  },
  { env: { MKT_SIMULATED_SUPPLIER: 'on' } },
);
