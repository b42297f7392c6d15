import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  balancesOf,
  giveUnits,
  giveUsd,
  marketOf,
  orderState,
  placed,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Issue 20 item 8, second half: `POST /v1/orders/batch-cancel`. A status per id in request order,
 * the cancellations those of a single cancel (reservations released), and a refused body cancels
 * nothing.
 */
describeEachDatabase('trading: batch cancel', (env) => {
  const services = () => env().service.services;
  let text: MarketRef;
  let code: MarketRef;
  let trader: TestUser;
  let other: TestUser;

  const batchCancel = (user: TestUser, body: unknown) =>
    env().trading.post('/v1/orders/batch-cancel', { sign: user.signingKey, body });

  before(async () => {
    text = await marketOf(services(), 'text-standard');
    code = await marketOf(services(), 'code-standard');
    [trader, other] = [await createTestUser(services()), await createTestUser(services())];
    for (const user of [trader, other]) {
      await giveUsd(services(), user.userId, '100.00');
      for (const market of [text, code]) await giveUnits(services(), user.userId, market.instrumentId, 50);
    }
  });

  it('answers cancelled, not_open or not_found per id, in request order, and releases what the cancelled orders held', async () => {
    const bid = await placed(env(), trader, { market_id: text.marketId, side: 'buy', price: '0.4000', quantity: 10 });
    const ask = await placed(env(), trader, { market_id: code.marketId, side: 'sell', price: '0.6000', quantity: 5 });
    const partly = await placed(env(), trader, { market_id: code.marketId, side: 'buy', price: '0.5000', quantity: 4 });
    await placed(env(), other, { market_id: code.marketId, side: 'sell', price: '0.5000', quantity: 1 }); // fills 1 of `partly`
    const sold = await placed(env(), trader, { market_id: text.marketId, side: 'sell', price: '0.5000', quantity: 2 });
    await placed(env(), other, { market_id: text.marketId, side: 'buy', price: '0.5000', quantity: 2 }); // fills `sold`
    const cancelledBefore = await placed(env(), trader, {
      market_id: text.marketId,
      side: 'buy',
      price: '0.4500',
      quantity: 1,
    });
    expect(
      (await env().trading.delete(`/v1/orders/${cancelledBefore.order_id}`, { sign: trader.signingKey })).status,
    ).to.equal(204);
    const theirs = await placed(env(), other, { market_id: text.marketId, side: 'buy', price: '0.4000', quantity: 1 });
    expect(await orderState(env(), trader, partly.order_id)).to.include({
      status: 'partially_filled',
      filled_quantity: 1,
    });
    expect((await orderState(env(), trader, sold.order_id)).status).to.equal('filled');

    const rows: [string, string][] = [
      [bid.order_id, 'cancelled'], // own, open
      [theirs.order_id, 'not_found'], // another trader's
      [sold.order_id, 'not_open'], // own, filled
      ['order_AAAAAAAAAAAAAAAA', 'not_found'], // unknown
      [ask.order_id, 'cancelled'], // own, open, on another market
      [cancelledBefore.order_id, 'not_open'], // own, already cancelled
      [partly.order_id, 'cancelled'], // own, partly filled
    ];
    const reply = await batchCancel(trader, { order_ids: rows.map(([id]) => id) });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.data).to.deep.equal(rows.map(([order_id, status]) => ({ order_id, status })));

    for (const id of [bid.order_id, ask.order_id, partly.order_id])
      expect(await orderState(env(), trader, id)).to.include({
        status: 'cancelled',
        closure_reason: 'cancelled_by_user',
        remaining_quantity: 0,
      });
    expect(await orderState(env(), trader, partly.order_id)).to.include({ filled_quantity: 1 });
    expect((await orderState(env(), other, theirs.order_id)).status).to.equal('active');
    for (const market of [text, code])
      expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.include({
        usdLocked: 0,
        unitsLocked: 0,
      });

    const again = await batchCancel(trader, { order_ids: [bid.order_id, ask.order_id] });
    expect(again.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['not_open', 'not_open']);
    await env().trading.delete('/v1/orders', { sign: other.signingKey });
  });

  const ids = (n: number) => Array.from({ length: n }, (_, i) => `order_${String(i).padStart(16, '0')}`);
  const refusals: [string, unknown][] = [
    ['no ids', { order_ids: [] }],
    ['51 ids', { order_ids: ids(51) }],
    [
      'an id named twice',
      { order_ids: ['order_AAAAAAAAAAAAAAAA', 'order_BBBBBBBBBBBBBBBB', 'order_AAAAAAAAAAAAAAAA'] },
    ],
    ['a malformed id', { order_ids: ['order_AAAAAAAAAAAAAAAA', 'order_123'] }],
    ['an id in lower case', { order_ids: ['order_aaaaaaaaaaaaaaaa'] }],
    ['an id that is not a string', { order_ids: [42] }],
    ['order_ids not a list', { order_ids: 'order_AAAAAAAAAAAAAAAA' }],
    ['order_ids missing', {}],
    ['an unknown field', { order_ids: ['order_AAAAAAAAAAAAAAAA'], all: true }],
  ];
  for (const [name, body] of refusals) {
    it(`refuses ${name} with 422 validation_error and cancels nothing`, async () => {
      const open = await placed(env(), trader, { market_id: text.marketId, side: 'buy', price: '0.4000', quantity: 1 });
      const withOpen =
        typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { order_ids?: unknown }).order_ids) &&
        (body as { order_ids: unknown[] }).order_ids.length > 0
          ? { ...body, order_ids: [open.order_id, ...(body as { order_ids: unknown[] }).order_ids] }
          : body;
      const reply = await batchCancel(trader, withOpen);
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(reply.body.errors.context.errors[0].path).to.match(/^body/);
      expect((await orderState(env(), trader, open.order_id)).status).to.equal('active');
      await env().trading.delete(`/v1/orders/${open.order_id}`, { sign: trader.signingKey });
    });
  }

  it('accepts 50 ids, and refuses in Auto Mode (403 auto_mode_trading_restricted)', async () => {
    const fifty = await batchCancel(trader, { order_ids: ids(50) });
    expect(fifty.status).to.equal(200);
    expect(fifty.body.data).to.have.length(50);
    expect(new Set(fifty.body.data.map((r: { status: string }) => r.status))).to.deep.equal(new Set(['not_found']));
    const auto = await createTestUser(services(), { mode: 'auto' });
    const refused = await batchCancel(auto, { order_ids: ['order_AAAAAAAAAAAAAAAA'] });
    expect(refused.status).to.equal(403);
    expect(refused.body.errors.code).to.equal('auto_mode_trading_restricted');
  });
});
