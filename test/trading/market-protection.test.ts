import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  balancesOf,
  giveUnits,
  giveUsd,
  marketOf,
  placed,
  placeOrder,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * A market order's protection price (issue 21): the live service's CLI sends `--price` with every
 * `grid order create`, market orders included (src/cli/commands/order/create.tsx there, price
 * required, quantity a string of digits). mkt takes it as the worst price the order may fill at:
 * it sweeps the book up to it (a buy) or down to it (a sell), and what remains is closed.
 */
describeEachDatabase('trading: a market order with a protection price', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let seller: TestUser;
  let buyer: TestUser;

  before(async () => {
    market = await marketOf(services(), 'agent-max');
    [seller, buyer] = [await createTestUser(services()), await createTestUser(services())];
    await giveUnits(services(), seller.userId, market.instrumentId, 50);
    await giveUsd(services(), buyer.userId, '100.00');
  });

  it('buys at market up to its price, closes the rest, and keeps the price on the order', async () => {
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.3000', quantity: 2 });
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 3 });
    // As the CLI sends it: a string quantity and a price beside type market.
    const order = await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      price: '0.4000',
      quantity: '5' as unknown as number,
    });
    expect(order).to.include({
      type: 'market',
      price: '0.4000',
      status: 'closed',
      closure_reason: 'no_liquidity',
      filled_quantity: 2,
      remaining_quantity: 0,
      average_price: '0.300000',
    });
    expect(await balancesOf(services(), buyer.userId, market.instrumentId)).to.include({
      unitsAvailable: 2,
      usdLocked: 0,
    });
  });

  it('sells at market down to its price', async () => {
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.2000', quantity: 4 });
    const order = await placed(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      type: 'market',
      price: '0.2500',
      quantity: 4,
    });
    expect(order).to.include({
      type: 'market',
      price: '0.2500',
      status: 'closed',
      closure_reason: 'no_liquidity',
      filled_quantity: 0,
    });
    const through = await placed(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      type: 'market',
      price: '0.2000',
      quantity: 4,
    });
    expect(through).to.include({ status: 'filled', filled_quantity: 4, average_price: '0.200000' });
  });

  it('takes a protection price far from the last trade (the collar bounds resting prices only)', async () => {
    const order = await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      price: '9.0000',
      quantity: 1,
    });
    expect(order).to.include({ type: 'market', price: '9.0000', filled_quantity: 1, average_price: '0.500000' });
  });

  // Each row: a protection price the order controls refuse, with the code and field.
  const refusals: [string, string, string][] = [
    ['off the tick grid', '0.40005', 'validation_error'],
    ['zero', '0.0000', 'validation_error'],
    ['a JSON number', 0.4 as unknown as string, 'validation_error'],
  ];
  for (const [name, price, code] of refusals) {
    it(`refuses a protection price ${name} (422 ${code}), nothing held`, async () => {
      const before = await balancesOf(services(), buyer.userId, market.instrumentId);
      const reply = await placeOrder(env(), buyer, {
        market_id: market.marketId,
        side: 'buy',
        type: 'market',
        price,
        quantity: 1,
      });
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal(code);
      expect(await balancesOf(services(), buyer.userId, market.instrumentId)).to.deep.equal(before);
    });
  }
});
