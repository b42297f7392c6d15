import { expect } from 'chai';
import {
  marketSubject,
  userSubject,
  type MarketEvent,
  type StreamEvent,
  type UserEvent,
} from '../../src/core/events.js';
import { createTestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, placeOrder, orderState } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { composeServices } from '../../src/app/compose.js';

/**
 * The events a trading batch makes reach the process's hub once it has committed (on PostgreSQL
 * through NOTIFY and the process's own LISTEN), each once, and none for a refused order.
 */
describeEachDatabase('trading: events of committed batches', (env) => {
  const services = () => env().service.services;

  async function eventsUntil(seen: StreamEvent[], done: (events: StreamEvent[]) => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!done(seen)) {
      if (Date.now() > deadline)
        throw new Error(`events did not arrive; seen: ${JSON.stringify(seen.map((e) => e.event))}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("announces new orders, the maker's update, the trade, both legs and one book update per batch, in order, and nothing of a refused order", async () => {
    const market = await marketOf(services(), 'code-max');
    const [seller, buyer, poor] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    await giveUnits(services(), seller.userId, market.instrumentId, 20);
    await giveUsd(services(), buyer.userId, '10.00');
    await giveUsd(services(), poor.userId, '0.01');
    const seen: StreamEvent[] = [];
    // A process makes events only while one of its sessions wants something (on SQLite; PostgreSQL always makes them).
    const unwant = services().events.want(marketSubject('market.book', market.marketId));
    const stop = services().events.listen((event) => {
      if (
        event.stream === 'control' ||
        ('marketId' in event && event.marketId === market.marketId) ||
        ('userId' in event && [seller.userId, buyer.userId, poor.userId].includes(event.userId))
      )
        seen.push(event);
    });
    try {
      const sell = await placed(env(), seller, {
        market_id: market.marketId,
        side: 'sell',
        price: '0.5000',
        quantity: 10,
      });
      const refused = await placeOrder(env(), poor, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.5000',
        quantity: 10,
        client_order_id: 'events-refused',
      });
      expect(refused.status).to.equal(422);
      const buy = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 4 });
      await eventsUntil(
        seen,
        (events) =>
          events.filter((e) => e.stream === 'user.trades').length === 2 &&
          events.filter((e) => e.stream === 'market.book').length >= 2,
      );

      const orders = seen.filter((e): e is Extract<UserEvent, { stream: 'user.orders' }> => e.stream === 'user.orders');
      expect(orders.map((e) => [e.event, e.data.order_id, e.data.status, e.data.filled_quantity])).to.deep.equal([
        ['new_order', sell.order_id, 'active', 0],
        ['new_order', buy.order_id, 'filled', 4],
        ['order_update', sell.order_id, 'partially_filled', 4],
      ]);
      expect(orders.every((e) => e.data.client_order_id !== 'events-refused')).to.equal(true);
      expect(seen.some((e) => 'userId' in e && e.userId === poor.userId)).to.equal(false);
      // The order on the stream is the order GET /v1/orders/{id} answers.
      expect(orders[2]!.data).to.deep.equal(await orderState(env(), seller, sell.order_id));

      const trades = seen.filter(
        (e): e is Extract<MarketEvent, { stream: 'market.trades' }> => e.stream === 'market.trades',
      );
      expect(trades.map((e) => [e.data.price, e.data.quantity, e.data.side])).to.deep.equal([['0.5000', 4, 'buy']]);
      const legs = seen.filter((e): e is Extract<UserEvent, { stream: 'user.trades' }> => e.stream === 'user.trades');
      expect(legs.map((e) => [e.userId, e.data.side, e.data.order_id, e.data.trade_id]).sort()).to.deep.equal(
        [
          [seller.userId, 'sell', sell.order_id, trades[0]!.data.trade_id],
          [buyer.userId, 'buy', buy.order_id, trades[0]!.data.trade_id],
        ].sort(),
      );

      const book = seen.filter((e): e is Extract<MarketEvent, { stream: 'market.book' }> => e.stream === 'market.book');
      const sequences = book.map((e) => e.data.sequence);
      for (let i = 1; i < sequences.length; i += 1)
        expect(sequences[i], `sequences ${sequences.join(', ')}`).to.equal(sequences[i - 1]! + 1);
      const last = book.at(-1)!.data;
      expect(last.sell).to.deep.equal([{ price: '0.5000', quantity: 6, order_count: 1 }]);
      expect(book.find((e) => e.data.sell.some((l) => l.quantity === 10))?.data.sell).to.deep.equal([
        { price: '0.5000', quantity: 10, order_count: 1 },
      ]);
      const stored = (await services().db('market_books').where('market_id', market.marketId).first('version')) as {
        version: number;
      };
      expect(Number(stored.version)).to.equal(last.sequence);
    } finally {
      stop();
      unwant();
    }
  });

  it('carries stops, their trigger and self-trade prevention on user.orders, and keeps pending stops out of market.book', async () => {
    const market = await marketOf(services(), 'text-max');
    const [trader, maker, crosser] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    for (const user of [trader, maker, crosser]) {
      await giveUsd(services(), user.userId, '10.00');
      await giveUnits(services(), user.userId, market.instrumentId, 10);
    }
    const seen: StreamEvent[] = [];
    const unwant = services().events.want(marketSubject('market.book', market.marketId));
    const stop = services().events.listen((event) => {
      if (
        ('marketId' in event && event.marketId === market.marketId) ||
        ('userId' in event && event.userId === trader.userId)
      )
        seen.push(event);
    });
    try {
      const pending = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        type: 'stop_limit',
        stop_price: '0.5000',
        price: '0.5100',
        quantity: 1,
        self_trade_prevention: 'expire_maker',
      });
      const own = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'sell',
        price: '0.5100',
        quantity: 2,
      });
      await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.5100', quantity: 1 });
      // A trade at 0.5000 triggers the stop_limit, which meets the trader's own ask first (expire_maker cancels it) then fills.
      await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 1 });
      await placed(env(), crosser, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 1 });
      await eventsUntil(seen, (events) =>
        events.some(
          (e) => e.stream === 'user.orders' && e.data.order_id === pending.order_id && e.data.status === 'filled',
        ),
      );
      const orders = seen.filter((e): e is Extract<UserEvent, { stream: 'user.orders' }> => e.stream === 'user.orders');
      expect(orders.map((e) => [e.event, e.data.order_id, e.data.status, e.data.closure_reason])).to.deep.equal([
        ['new_order', pending.order_id, 'pending', null],
        ['new_order', own.order_id, 'active', null],
        ['order_update', pending.order_id, 'filled', null],
        ['order_update', own.order_id, 'cancelled', 'self_trade_prevented'],
      ]);
      expect(orders[0]!.data).to.include({
        type: 'stop_limit',
        stop_price: '0.5000',
        self_trade_prevention: 'expire_maker',
        post_only: false,
        expire_time: null,
      });
      const book = seen.filter((e): e is Extract<MarketEvent, { stream: 'market.book' }> => e.stream === 'market.book');
      // The stop's batch changed no level: its update is empty; no update ever shows a bid at the stop's limit before it triggered.
      expect(book[0]!.data).to.deep.include({ buy: [], sell: [] });
      expect(book.flatMap((e) => e.data.buy).filter((level) => level.quantity > 0)).to.deep.equal([]);
    } finally {
      stop();
      unwant();
    }
  });

  it('reaches another process on PostgreSQL: a fill made here is heard by a process listening on the same database', async function () {
    if (env().database !== 'postgres') this.skip(); // SQLite is one process (DESIGN.md §8)
    const other = await composeServices(services().config);
    try {
      const market = await marketOf(services(), 'code-max');
      const [seller, buyer] = [await createTestUser(services()), await createTestUser(services())];
      await giveUnits(services(), seller.userId, market.instrumentId, 5);
      await giveUsd(services(), buyer.userId, '10.00');
      const heard: StreamEvent[] = [];
      other.services.events.listen((event) => {
        if ('userId' in event && event.userId === buyer.userId) heard.push(event);
      });
      await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 5 });
      const buy = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 5 });
      await eventsUntil(heard, (events) => events.some((e) => e.stream === 'user.trades'));
      expect(heard.map((e) => e.event)).to.deep.equal(['new_order', 'new_trade']);
      expect(heard[0]!.stream === 'user.orders' && heard[0]!.data.order_id).to.equal(buy.order_id);
    } finally {
      await other.close();
    }
  });

  it('announces the balances a ledger writer outside trading changed, once its transaction commits (a transfer to consumption)', async () => {
    const market = await marketOf(services(), 'code-max');
    const holder = await createTestUser(services());
    await giveUnits(services(), holder.userId, market.instrumentId, 5);
    const seen: StreamEvent[] = [];
    const unwant = services().events.want(userSubject('user.balances', holder.userId));
    const stop = services().events.listen((event) => {
      if (event.stream === 'user.balances' && event.userId === holder.userId) seen.push(event);
    });
    try {
      const reply = await env().trading.post('/v1/transfers/trading-to-consumption', {
        sign: holder.signingKey,
        body: { instrument_id: market.instrumentId, quantity: 2 },
      });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      // The issuance before the subscription may still be announced first (on PostgreSQL its NOTIFY travels): wait for the transfer's.
      const tradingAfter = (e: StreamEvent) =>
        e.stream === 'user.balances' && e.data.account_type === 'trading' && e.data.account.available_balance === '3';
      await eventsUntil(
        seen,
        (events) =>
          events.some(tradingAfter) &&
          events.some((e) => e.stream === 'user.balances' && e.data.account_type === 'consumption'),
      );
      const trading = seen.filter(tradingAfter).at(-1)!;
      expect(trading.stream === 'user.balances' && trading.data.account).to.deep.equal(
        (
          await env().trading.get(`/v1/trading-accounts/${reply.body.data.from_account_id}`, {
            sign: holder.signingKey,
          })
        ).body.data,
      );
    } finally {
      stop();
      unwant();
    }
  });
});
