import { expect } from 'chai';
import type { TradingBatch } from '../../src/trading/orders/batch.js';
import { BookRegistry } from '../../src/trading/orders/books.js';
import { createTestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits, giveUsd, marketOf, placeOrder, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Commands that queue while a trading transaction runs commit together, in one write set
 * (src/trading/orders/books.ts): a command that fails after changing the batch and the book must leave
 * neither rows nor book state behind, and its neighbours in the batch must land whole.
 */
describeEachDatabase('trading: group commit', (env) => {
  const services = () => env().service.services;

  it('answers each command of a batch on its own: a failure drops its writes and its book changes only', async () => {
    const { db } = services();
    const market = await marketOf(services(), 'code-prime');
    const registry = new BookRegistry(db);
    const key = (name: string) => `group-commit-test:${name}:${Date.now()}`;
    const [kept, dropped, after] = [key('kept'), key('dropped'), key('after')];
    // A journal entry that moves nothing (one unit out of the fee account and back in) but is written.
    const feeAccount = 'system:fees:usd';
    const write = (batch: TradingBatch, name: string) => {
      const refused = batch.post(
        'test',
        name,
        [
          { accountId: feeAccount, bucket: 'available', asset: 'usd', amount: -1 },
          { accountId: feeAccount, bucket: 'available', asset: 'usd', amount: 1 },
        ],
        1,
      );
      expect(refused).to.equal(undefined);
    };
    await db('ledger_accounts')
      .insert({ id: feeAccount, user_id: null, kind: 'system', asset: 'usd', created_at_us: 1, updated_at_us: 1 })
      .onConflict('id')
      .ignore();
    // A batch that runs again without a failed command runs its other commands again: the last run counts.
    const sequenceOf = new Map<string, number>();

    // Queued in one tick, so they share a transaction (or two); the third fails after changing the batch.
    const first = registry.run(market.marketId, async (session) => {
      sequenceOf.set('first', session.nextSequence());
      return 'alone';
    });
    const second = registry.run(market.marketId, async (session) => {
      write(session.batch, kept);
      sequenceOf.set('second', session.nextSequence());
      return 'kept';
    });
    const third = registry.run(market.marketId, async (session) => {
      write(session.batch, dropped);
      session.state.book.place({
        orderId: 'order_phantom',
        traderId: 'user_x',
        side: 'buy',
        type: 'limit',
        priceTicks: 1,
        quantity: 1,
        timeInForce: 'gtc',
      });
      session.state.lastTradeTicks = 123_456;
      throw new Error('refused after touching the book');
    });
    const fourth = registry.run(market.marketId, async (session) => {
      write(session.batch, after);
      sequenceOf.set('fourth', session.nextSequence());
      return { phantom: session.state.book.order('order_phantom'), lastTrade: session.state.lastTradeTicks };
    });

    expect(await first).to.equal('alone');
    expect(await second).to.equal('kept');
    await third.then(
      () => expect.fail('the third command should have been refused'),
      (error: Error) => expect(error.message).to.equal('refused after touching the book'),
    );
    const seen = await fourth;
    expect(seen.phantom, "the refused command's order is gone from the rebuilt book").to.equal(undefined);
    expect(seen.lastTrade).to.not.equal(123_456);
    const written = (
      (await db('journal_entries').whereIn('reference', [kept, dropped, after]).select('reference')) as {
        reference: string;
      }[]
    ).map((r) => r.reference);
    expect(written.sort()).to.deep.equal([after, kept].sort());
    const sequences = ['first', 'second', 'fourth'].map((name) => sequenceOf.get(name)!);
    expect([...sequenceOf.keys()].sort()).to.deep.equal(['first', 'fourth', 'second']);
    expect([...sequences].sort((a, b) => a - b)).to.deep.equal(sequences);
    const stored = (await db('market_books').where('market_id', market.marketId).first('next_sequence')) as {
      next_sequence: number;
    };
    expect(stored.next_sequence).to.be.greaterThan(sequences[2]!);
  });

  it('lets a market trade again after the only command of it in a batch failed after changing the book', async () => {
    const { db } = services();
    const [first, second] = [await marketOf(services(), 'code-prime'), await marketOf(services(), 'code-max')];
    const registry = new BookRegistry(db);
    const kept = registry.run(first.marketId, async () => 'kept');
    const failed = registry.run(second.marketId, async (session) => {
      session.state.book.place({
        orderId: 'order_phantom_2',
        traderId: 'user_x',
        side: 'buy',
        type: 'limit',
        priceTicks: 1,
        quantity: 1,
        timeInForce: 'gtc',
      });
      throw new Error('failed after touching the book');
    });
    expect(await kept).to.equal('kept');
    await failed.then(
      () => expect.fail('the command should have failed'),
      (error: Error) => expect(error.message).to.equal('failed after touching the book'),
    );
    // Its market is no longer held by the batch that dropped it: the next command runs (it would wait forever otherwise).
    const next = await Promise.race([
      registry.run(second.marketId, async (session) => session.state.book.order('order_phantom_2') ?? 'gone'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
    ]);
    expect(next).to.equal('gone');
  });

  it('a burst over two markets that mixes accepted and refused orders leaves exactly the accepted ones, with a book the database agrees with', async () => {
    const markets: MarketRef[] = [await marketOf(services(), 'code-prime'), await marketOf(services(), 'code-max')];
    const [buyer, seller, sweeper] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    await giveUsd(services(), buyer.userId, '1.00');
    await giveUsd(services(), sweeper.userId, '100.00');
    for (const market of markets) await giveUnits(services(), seller.userId, market.instrumentId, 50);

    const [m1, m2] = markets.map((m) => m.marketId) as [string, string];
    const burst = [
      placeOrder(env(), seller, { market_id: m1, side: 'sell', price: '0.3000', quantity: 10 }),
      placeOrder(env(), seller, { market_id: m2, side: 'sell', price: '0.3000', quantity: 10 }),
      // 0.603 USD of the buyer's 1.00 …
      placeOrder(env(), buyer, { market_id: m1, side: 'buy', price: '0.3000', quantity: 2 }),
      // … so 1.5075 USD more is always refused, whichever arrives first.
      placeOrder(env(), buyer, { market_id: m2, side: 'buy', price: '0.3000', quantity: 5 }),
      // One client_order_id twice: exactly one is accepted.
      placeOrder(env(), seller, {
        market_id: m1,
        side: 'sell',
        price: '0.3300',
        quantity: 1,
        client_order_id: 'burst-dup',
      }),
      placeOrder(env(), seller, {
        market_id: m2,
        side: 'sell',
        price: '0.3300',
        quantity: 1,
        client_order_id: 'burst-dup',
      }),
      // More Units than the seller holds in all, whatever else arrived first.
      placeOrder(env(), seller, { market_id: m2, side: 'sell', price: '0.3400', quantity: 51 }),
      placeOrder(env(), seller, { market_id: m1, side: 'sell', price: '0.3200', quantity: 3 }),
    ];
    const replies = await Promise.all(burst);
    const codes = replies.map((r) => (r.status === 201 ? 201 : `${r.status} ${r.body.errors.code}`));
    expect(codes.slice(0, 3)).to.deep.equal([201, 201, 201]);
    expect(codes[3]).to.equal('422 insufficient_available_balance');
    expect(codes.slice(4, 6).sort()).to.deep.equal([201, '422 duplicate_client_order_id'].sort());
    expect(codes.slice(6)).to.deep.equal(['422 insufficient_available_balance', 201]);

    const accepted = replies.filter((r) => r.status === 201).map((r) => r.body.data.order_id as string);
    const stored = (await services().db('orders').whereIn('user_id', [buyer.userId, seller.userId]).select('id')) as {
      id: string;
    }[];
    expect(stored.map((r) => r.id).sort()).to.deep.equal([...accepted].sort());
    expect((await balancesOf(services(), buyer.userId, markets[0]!.instrumentId)).usdAvailable).to.equal(
      1_000_000 - 603_000,
    );

    // A sweep of each book fills exactly what the database says rests there: a refused order
    // left in the in-memory book would be matched and fail to settle.
    for (const market of markets) {
      const resting = (await services()
        .db('orders')
        .where({ market_id: market.marketId, user_id: seller.userId })
        .sum({ q: 'remaining_quantity' })
        .first()) as { q: number | string };
      const sweep = await placeOrder(env(), sweeper, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.3400',
        quantity: 20,
        time_in_force: 'ioc',
      });
      expect(sweep.status, JSON.stringify(sweep.body)).to.equal(201);
      const swept = await env().trading.get(`/v1/orders/${sweep.body.data.order_id}`, { sign: sweeper.signingKey });
      expect(swept.body.data.filled_quantity).to.equal(Number(resting.q));
    }
  });
});
