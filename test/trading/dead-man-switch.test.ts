import { expect } from 'chai';
import { fireDueSwitches } from '../../src/trading/orders/dead-man-switch.js';
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
import { describeEachDatabase, TestClock, type TestEnvironment } from '../support/service.js';
import { authenticatePayload, RawClient, socketUrl } from '../streams/support.js';

const usOf = (iso: string): number => Date.parse(iso) * 1000 + Number(/\.\d{3}(\d{3})Z$/.exec(iso)?.[1] ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers something, or fails after a deadline generous for a busy machine. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>, deadlineMs = 20_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await sleep(100);
  }
}

export function armSwitch(env: TestEnvironment, user: TestUser, body: Record<string, unknown>) {
  return env.trading.post('/v1/orders/cancel-all-after', { sign: user.signingKey, body });
}

/**
 * Issue 20 item 7: `POST /v1/orders/cancel-all-after`. Its answers and refusals, and its firing,
 * driven here by the due check called with a time the test picks (`fireDueSwitches`), so that
 * postponing and disarming are proven without waiting; one test leaves the firing to the
 * service's own watch, in real time, since the one-second bound is the point there. Two
 * processes and a killed one: dead-man-switch-processes.test.ts.
 */
describeEachDatabase(
  "trading: the dead-man's switch",
  (env) => {
    const services = () => env().service.services;
    let text: MarketRef;
    let code: MarketRef;
    let trader: TestUser;

    /** A trader with USD and Units of both markets, and one buy and one sell resting on each. */
    async function traderWithOrders(): Promise<{ user: TestUser; orders: Record<'text' | 'code', string[]> }> {
      const user = await createTestUser(services());
      await giveUsd(services(), user.userId, '100.00');
      const orders = { text: [] as string[], code: [] as string[] };
      for (const [name, market] of [
        ['text', text],
        ['code', code],
      ] as const) {
        await giveUnits(services(), user.userId, market.instrumentId, 50);
        orders[name].push(
          (await placed(env(), user, { market_id: market.marketId, side: 'buy', price: '0.1000', quantity: 10 }))
            .order_id,
        );
        orders[name].push(
          (await placed(env(), user, { market_id: market.marketId, side: 'sell', price: '0.9000', quantity: 5 }))
            .order_id,
        );
      }
      return { user, orders };
    }

    const statusesOf = async (user: TestUser, ids: readonly string[]) =>
      Promise.all(ids.map(async (id) => (await orderState(env(), user, id)).status as string));
    const storedSwitches = async (userId: string) =>
      (await services().db('dead_man_switches').where('user_id', userId).select('scope', 'trigger_at_us')) as {
        scope: string;
        trigger_at_us: number;
      }[];

    before(async () => {
      text = await marketOf(services(), 'text-standard');
      code = await marketOf(services(), 'code-standard');
      trader = await createTestUser(services());
    });

    it('arms for timeout_seconds from now, moves trigger_time when called again, and disarms with 0, per scope', async () => {
      const armed = await armSwitch(env(), trader, { timeout_seconds: 60 });
      expect(armed.status, armed.text).to.equal(200);
      const { current_time: currentTime, trigger_time: triggerTime } = armed.body.data;
      expect(usOf(triggerTime) - usOf(currentTime)).to.equal(60_000_000);
      expect(Math.abs(usOf(currentTime) - services().clock.nowUs())).to.be.below(5_000_000);

      const again = await armSwitch(env(), trader, { timeout_seconds: 5 });
      expect(usOf(again.body.data.trigger_time) - usOf(again.body.data.current_time)).to.equal(5_000_000);
      const market = await armSwitch(env(), trader, { timeout_seconds: 86_400, market_id: text.marketId });
      expect(usOf(market.body.data.trigger_time) - usOf(market.body.data.current_time)).to.equal(86_400_000_000);
      expect((await storedSwitches(trader.userId)).map((s) => s.scope).sort()).to.deep.equal(
        ['all', text.marketId].sort(),
      );

      // A disarm names its scope: the market's switch stays when the all-markets one goes, and back.
      const disarmed = await armSwitch(env(), trader, { timeout_seconds: 0 });
      expect(disarmed.status).to.equal(200);
      expect(disarmed.body.data.trigger_time).to.equal(null);
      expect((await storedSwitches(trader.userId)).map((s) => s.scope)).to.deep.equal([text.marketId]);
      expect(
        (await armSwitch(env(), trader, { timeout_seconds: 0 })).body.data.trigger_time,
        'disarming nothing',
      ).to.equal(null);
      expect(
        (await armSwitch(env(), trader, { timeout_seconds: 0, market_id: text.marketId })).body.data.trigger_time,
      ).to.equal(null);
      expect(await storedSwitches(trader.userId)).to.deep.equal([]);
    });

    const refusals: [string, Record<string, unknown>, number, string, string | null][] = [
      ['1 second', { timeout_seconds: 1 }, 422, 'validation_error', 'body.timeout_seconds'],
      ['4 seconds', { timeout_seconds: 4 }, 422, 'validation_error', 'body.timeout_seconds'],
      ['above a day', { timeout_seconds: 86_401 }, 422, 'validation_error', 'body.timeout_seconds'],
      ['negative', { timeout_seconds: -5 }, 422, 'validation_error', 'body.timeout_seconds'],
      ['not a whole number', { timeout_seconds: 5.5 }, 422, 'validation_error', 'body.timeout_seconds'],
      ['missing', {}, 422, 'validation_error', 'body.timeout_seconds'],
      ['an empty market_id', { timeout_seconds: 60, market_id: '' }, 422, 'validation_error', 'body.market_id'],
      ['an unknown field', { timeout_seconds: 60, cancel: true }, 422, 'validation_error', 'body.cancel'],
      ['an unknown market', { timeout_seconds: 60, market_id: 'market_nowhere' }, 404, 'not_found', null],
    ];
    for (const [name, body, status, errorCode, path] of refusals) {
      it(`refuses timeout_seconds or market_id: ${name} → ${status} ${errorCode}, and stores nothing`, async () => {
        const reply = await armSwitch(env(), trader, body);
        expect(reply.status, reply.text).to.equal(status);
        expect(reply.body.errors.code).to.equal(errorCode);
        if (path !== null)
          expect(reply.body.errors.context.errors.map((e: { path: string }) => e.path)).to.include(path);
        expect(await storedSwitches(trader.userId)).to.deep.equal([]);
      });
    }

    it('refuses in Auto Mode (403 auto_mode_trading_restricted), as every cancellation', async () => {
      const auto = await createTestUser(services(), { mode: 'auto' });
      const reply = await armSwitch(env(), auto, { timeout_seconds: 60 });
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('auto_mode_trading_restricted');
      expect(await storedSwitches(auto.userId)).to.deep.equal([]);
    });

    it('fires at trigger_time: every open order cancelled with closure_reason dead_man_switch, reservations released, pushed on user.orders; later orders stay', async () => {
      const { user, orders } = await traderWithOrders();
      const socket = await RawClient.open(socketUrl(env().service.urls.trading!));
      try {
        await socket.join();
        expect(
          (await socket.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey))).status,
        ).to.equal('ok');
        expect((await socket.streams('subscribe', [{ name: 'user.orders' }])).status).to.equal('ok');
        const armed = await armSwitch(env(), user, { timeout_seconds: 30 });
        const triggerUs = usOf(armed.body.data.trigger_time);
        expect((await fireDueSwitches(services(), triggerUs - 1)).fired, 'a microsecond early').to.equal(0);
        expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
          'active',
          'active',
          'active',
          'active',
        ]);

        expect((await fireDueSwitches(services(), triggerUs)).fired).to.equal(1);
        for (const id of [...orders.text, ...orders.code])
          expect(await orderState(env(), user, id)).to.include({
            status: 'cancelled',
            closure_reason: 'dead_man_switch',
            remaining_quantity: 0,
          });
        for (const market of [text, code])
          expect(await balancesOf(services(), user.userId, market.instrumentId)).to.include({
            usdLocked: 0,
            unitsLocked: 0,
          });
        expect(await storedSwitches(user.userId)).to.deep.equal([]);
        expect((await fireDueSwitches(services(), triggerUs + 1)).fired, 'fired once').to.equal(0);

        for (const id of [...orders.text, ...orders.code]) {
          const pushed = await socket.next(
            (f) =>
              f.event === 'order_update' && f.payload.data.order_id === id && f.payload.data.status === 'cancelled',
            5_000,
            true,
          );
          expect(pushed.payload.data.closure_reason).to.equal('dead_man_switch');
        }
        expect(socket.violations.map((v) => v.message)).to.deep.equal([]);

        const later = await placed(env(), user, {
          market_id: text.marketId,
          side: 'buy',
          price: '0.1000',
          quantity: 1,
        });
        await fireDueSwitches(services(), triggerUs + 2);
        expect((await orderState(env(), user, later.order_id)).status).to.equal('active');
      } finally {
        socket.close();
        await env().trading.delete('/v1/orders', { sign: user.signingKey });
      }
    });

    it("a market's switch cancels that market's orders only; orders submitted after trigger_time stay", async () => {
      const { user, orders } = await traderWithOrders();
      const armed = await armSwitch(env(), user, { timeout_seconds: 30, market_id: text.marketId });
      const triggerUs = usOf(armed.body.data.trigger_time);
      expect((await fireDueSwitches(services(), triggerUs)).fired).to.equal(1);
      expect(await statusesOf(user, orders.text)).to.deep.equal(['cancelled', 'cancelled']);
      expect(await statusesOf(user, orders.code)).to.deep.equal(['active', 'active']);
      expect((await balancesOf(services(), user.userId, text.instrumentId)).unitsLocked).to.equal(0);
      expect((await balancesOf(services(), user.userId, code.instrumentId)).unitsLocked).to.equal(5);

      // An order submitted after trigger_time is not the switch's, whoever fires it and when.
      await armSwitch(env(), user, { timeout_seconds: 5, market_id: code.marketId });
      (services().clock as TestClock).advance(6_000); // the watch may fire it from here on
      const after = await placed(env(), user, { market_id: code.marketId, side: 'buy', price: '0.1000', quantity: 1 });
      await fireDueSwitches(services(), services().clock.nowUs());
      expect(await statusesOf(user, [...orders.code, after.order_id])).to.deep.equal([
        'cancelled',
        'cancelled',
        'active',
      ]);
      expect(await storedSwitches(user.userId)).to.deep.equal([]);
      await env().trading.delete('/v1/orders', { sign: user.signingKey });
    });

    it('re-arming postpones it: nothing fires at the first trigger_time, everything at the second', async () => {
      const { user, orders } = await traderWithOrders();
      const first = await armSwitch(env(), user, { timeout_seconds: 5 });
      const second = await armSwitch(env(), user, { timeout_seconds: 20 });
      const [firstUs, secondUs] = [usOf(first.body.data.trigger_time), usOf(second.body.data.trigger_time)];
      expect(secondUs).to.be.above(firstUs + 10_000_000);
      expect((await fireDueSwitches(services(), firstUs + 1_000_000)).fired).to.equal(0);
      expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
        'active',
        'active',
        'active',
        'active',
      ]);
      expect((await fireDueSwitches(services(), secondUs)).fired).to.equal(1);
      expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
    });

    it('fires at most a page of switches a round, and asks for the next round at once when more may be due', async () => {
      const user = await createTestUser(services());
      const triggerUs = services().clock.nowUs() + 60_000_000; // ahead of the watch's clock: only the calls below fire them
      await services()
        .db('dead_man_switches')
        .insert(
          Array.from({ length: 70 }, (_, i) => ({
            user_id: user.userId,
            scope: `market_page_${i}`,
            trigger_at_us: triggerUs + i,
            armed_at_us: triggerUs - 60_000_000,
          })),
        );
      const first = await fireDueSwitches(services(), triggerUs + 100);
      expect(first).to.deep.equal({ fired: 64, nextAtUs: triggerUs + 100 });
      const second = await fireDueSwitches(services(), triggerUs + 100);
      expect(second.fired).to.equal(6);
      expect(second.nextAtUs === null || second.nextAtUs > triggerUs + 100).to.equal(true);
      expect(await storedSwitches(user.userId)).to.deep.equal([]);
    });

    it('completes a firing left by a process that stopped between claiming a switch and cancelling', async () => {
      const { user, orders } = await traderWithOrders();
      const cutoffUs = services().clock.nowUs();
      await services()
        .db('dead_man_switch_firings')
        .insert({ user_id: user.userId, market_id: code.marketId, cutoff_us: cutoffUs });
      await fireDueSwitches(services(), cutoffUs + 1); // the watch may take it first: the outcome is the same
      expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
        'active',
        'active',
        'cancelled',
        'cancelled',
      ]);
      expect(await orderState(env(), user, orders.code[0]!)).to.include({ closure_reason: 'dead_man_switch' });
      expect(await services().db('dead_man_switch_firings').where('user_id', user.userId)).to.deep.equal([]);
      await env().trading.delete('/v1/orders', { sign: user.signingKey });
    });

    it('disarming stops it: nothing fires, ever', async () => {
      const { user, orders } = await traderWithOrders();
      const armed = await armSwitch(env(), user, { timeout_seconds: 5, market_id: code.marketId });
      expect((await armSwitch(env(), user, { timeout_seconds: 0, market_id: code.marketId })).status).to.equal(200);
      expect((await fireDueSwitches(services(), usOf(armed.body.data.trigger_time) + 86_400_000_000)).fired).to.equal(
        0,
      );
      expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
        'active',
        'active',
        'active',
        'active',
      ]);
      await env().trading.delete('/v1/orders', { sign: user.signingKey });
    });

    it('fires within 1 s of trigger_time with nobody calling anything, in real time (market switches leave other markets alone)', async function () {
      this.timeout(60_000);
      const everywhere = await traderWithOrders();
      const oneMarket = await traderWithOrders();
      const [all, market] = await Promise.all([
        armSwitch(env(), everywhere.user, { timeout_seconds: 5 }),
        armSwitch(env(), oneMarket.user, { timeout_seconds: 5, market_id: code.marketId }),
      ]);
      const expected = [
        ...[...everywhere.orders.text, ...everywhere.orders.code].map((id) => ({
          user: everywhere.user,
          id,
          triggerUs: usOf(all.body.data.trigger_time),
        })),
        ...oneMarket.orders.code.map((id) => ({
          user: oneMarket.user,
          id,
          triggerUs: usOf(market.body.data.trigger_time),
        })),
      ];
      for (const { user, id, triggerUs } of expected) {
        const order = await eventually(`${id} cancelled`, async () => {
          const state = await orderState(env(), user, id);
          return state.status === 'cancelled' ? state : undefined;
        });
        expect(order.closure_reason).to.equal('dead_man_switch');
        const lateUs = usOf(order.updated_at) - triggerUs;
        expect(lateUs, `${id} cancelled ${lateUs} µs after trigger_time`).to.be.within(0, 1_000_000);
      }
      expect(await statusesOf(oneMarket.user, oneMarket.orders.text)).to.deep.equal(['active', 'active']);
      await env().trading.delete('/v1/orders', { sign: oneMarket.user.signingKey });
    });

    it('a call after trigger_time cannot save the orders: the switch fires first, then a new one is armed', async () => {
      const { user, orders } = await traderWithOrders();
      await armSwitch(env(), user, { timeout_seconds: 5 });
      (services().clock as TestClock).advance(6_000); // the service's clock is past trigger_time; the watch may fire it meanwhile
      const late = await armSwitch(env(), user, { timeout_seconds: 60 });
      expect(late.status).to.equal(200);
      expect(usOf(late.body.data.trigger_time) - usOf(late.body.data.current_time)).to.equal(60_000_000);
      expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      expect((await storedSwitches(user.userId)).map((s) => s.trigger_at_us)).to.deep.equal([
        usOf(late.body.data.trigger_time),
      ]);
      expect((await armSwitch(env(), user, { timeout_seconds: 0 })).body.data.trigger_time).to.equal(null);
    });

    it('nor can a disarm after trigger_time: the orders are cancelled before it answers', async () => {
      const { user, orders } = await traderWithOrders();
      await armSwitch(env(), user, { timeout_seconds: 5, market_id: text.marketId });
      (services().clock as TestClock).advance(6_000);
      const late = await armSwitch(env(), user, { timeout_seconds: 0, market_id: text.marketId });
      expect(late.body.data.trigger_time).to.equal(null);
      expect(await statusesOf(user, [...orders.text, ...orders.code])).to.deep.equal([
        'cancelled',
        'cancelled',
        'active',
        'active',
      ]);
      expect(await storedSwitches(user.userId)).to.deep.equal([]);
      await env().trading.delete('/v1/orders', { sign: user.signingKey });
    });
  },
  { clock: () => new TestClock() },
);
