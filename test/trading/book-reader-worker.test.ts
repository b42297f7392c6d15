import { expect } from 'chai';
import { pino } from 'pino';
import { loadBook, type BookReading } from '../../src/trading/orders/book-loading.js';
import type { MarketBook } from '../../src/trading/orders/market-book.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  giveUnits,
  giveUsd,
  marketOf,
  orderState,
  placed,
  placeOrder,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * A deep book is read on a worker thread (src/db/book-reader-worker.ts) in one snapshot with its
 * version, and built between turns of the event loop: the book must be the one the inline read
 * builds, order for order, and orders sent over HTTP match against it. A thread that fails leaves
 * the inline read to do it. The depth that takes the thread is lowered here so the book stays small.
 */
describeEachDatabase('trading: a deep book read on a worker thread', (env) => {
  const services = () => env().service.services;
  const books = () => services().orderBooks.books;
  let market: MarketRef;
  let maker: TestUser;
  let crosser: TestUser;
  let saved: BookReading;
  let logged: Record<string, unknown>[];

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    [maker, crosser] = [await createTestUser(services()), await createTestUser(services())];
    for (const user of [maker, crosser]) {
      await giveUsd(services(), user.userId, '1000.00');
      await giveUnits(services(), user.userId, market.instrumentId, 1_000);
    }
    // A last trade, then a deep enough book: sells above it, buys below, one post-only, one good till a date, two stops.
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.2500', quantity: 1 });
    await placed(env(), crosser, { market_id: market.marketId, side: 'buy', price: '0.2500', quantity: 1 });
    for (let i = 0; i < 16; i += 1) {
      const price = (0.3 + (i % 8) * 0.001).toFixed(4);
      await placed(env(), maker, { market_id: market.marketId, side: 'sell', price, quantity: 1 + (i % 3) });
      await placed(env(), crosser, {
        market_id: market.marketId,
        side: 'buy',
        price: (0.2 - (i % 5) * 0.001).toFixed(4),
        quantity: 2,
        post_only: i === 3,
      });
    }
    const expireTime = new Date(Date.now() + 3_600_000).toISOString();
    await placed(env(), maker, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.3100',
      quantity: 4,
      time_in_force: 'gtd',
      expire_time: expireTime,
    });
    await placed(env(), crosser, {
      market_id: market.marketId,
      side: 'sell',
      type: 'stop',
      stop_price: '0.1500',
      quantity: 1,
    });
    await placed(env(), maker, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop_limit',
      stop_price: '0.3500',
      price: '0.3600',
      quantity: 1,
    });
  });

  beforeEach(() => {
    saved = { ...books().reading };
    logged = [];
    const destination = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
    Object.assign(books().reading, { workerMinOrders: 10, logger: pino({ level: 'info' }, destination) });
  });
  afterEach(() => Object.assign(books().reading, saved));

  const inline = (): BookReading => ({ ...books().reading, workerMinOrders: Number.MAX_SAFE_INTEGER });
  const contentsOf = (state: MarketBook | undefined) => {
    expect(state).to.not.equal(undefined);
    const { book, version, nextSequence, lastTradeTicks } = state!;
    return {
      version,
      nextSequence,
      lastTradeTicks,
      orders: [book.orders('buy'), book.orders('sell')],
      stops: [book.stops('buy'), book.stops('sell')],
      nextExpiry: book.nextExpiry(),
    };
  };
  const messages = () => logged.map((line) => line.msg);

  it('builds the book the inline read builds, from the same snapshot', async () => {
    const viaWorker = contentsOf(await loadBook(services().db, market.marketId, books().reading));
    expect(messages()).to.deep.equal(['book read on a worker thread']);
    expect(viaWorker.orders[0]).to.have.length(16);
    expect(viaWorker.orders[1]).to.have.length(17);
    expect(viaWorker.stops.flat()).to.have.length(2);
    expect(viaWorker).to.deep.equal(contentsOf(await loadBook(services().db, market.marketId, inline())));
  });

  it('loads a book it does not hold on the thread, then matches orders sent over HTTP against it', async () => {
    books().invalidate();
    const taker = await placed(env(), crosser, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.3010',
      quantity: 3,
    });
    expect(messages()).to.deep.equal(['book read on a worker thread']);
    expect(taker).to.include({ status: 'filled', filled_quantity: 3 });
    expect(contentsOf(books().heldBook(market.marketId))).to.deep.equal(
      contentsOf(await loadBook(services().db, market.marketId, inline())),
    );
  });

  it('reads the book inline when the thread fails, and trades on it as before', async () => {
    books().reading.workerUrl = new URL('./no-such-book-reader.js', import.meta.url);
    books().invalidate();
    const reply = await placeOrder(env(), crosser, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.3010',
      quantity: 2,
    });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    expect(messages()).to.deep.equal(['reading the book on a worker thread failed: reading it inline']);
    expect(await orderState(env(), crosser, reply.body.data.order_id)).to.include({
      status: 'filled',
      filled_quantity: 2,
    });
    expect(contentsOf(books().heldBook(market.marketId))).to.deep.equal(
      contentsOf(await loadBook(services().db, market.marketId, inline())),
    );
  });
});
