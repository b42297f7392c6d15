import { expect } from 'chai';
import { fireDueSwitches } from '../../src/trading/orders/dead-man-switch.js';
import { UserCli } from '../support/cli-user.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, orderState, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

const usOf = (iso: string): number => Date.parse(iso) * 1000 + Number(iso.slice(23, 26));

/**
 * Issue 20 items 7, 8 and 10 on the command line: `mkt cancel-after SECONDS [--market M]` and
 * `mkt cancel ID ID …` / `--ids A,B` (batch cancel), the compiled binary against a live server.
 * The profile holds the trader's signing key, as `mkt signing-keys create` leaves it after a
 * login (test/cli/user-trading.test.ts goes through the login itself).
 */
describeEachDatabase('the mkt command for users: cancel-after and cancelling several orders', (env) => {
  const services = () => env().service.services;
  let cli: UserCli;
  let trader: TestUser;
  let text: MarketRef;

  const rest = async (price: string) =>
    (await placed(env(), trader, { market_id: text.marketId, side: 'buy', price, quantity: 1 })).order_id as string;

  before(async () => {
    cli = new UserCli(env);
    trader = await createTestUser(services());
    text = await marketOf(services(), 'text-standard');
    await giveUsd(services(), trader.userId, '100.00');
    await giveUnits(services(), trader.userId, text.instrumentId, 10);
    cli.useSigningKey(trader.signingKey);
  });
  after(() => cli.remove());

  it('cancel-after arms the switch for every market or one (by symbol), prints the times, and 0 disarms it', async () => {
    const table = await cli.ok(['cancel-after', '60']);
    expect(table)
      .to.match(/scope\s*│\s*every market/)
      .and.match(/trigger time\s*│\s*\d{4}-\d{2}-\d{2}T/);
    const armed = await cli.json(['cancel-after', '30', '--market', 'text-standard']);
    expect(Object.keys(armed).sort()).to.deep.equal(['current_time', 'trigger_time']);
    expect(usOf(armed.trigger_time) - usOf(armed.current_time)).to.equal(30_000_000);
    const stored = (await services()
      .db('dead_man_switches')
      .where('user_id', trader.userId)
      .select('scope', 'trigger_at_us')) as { scope: string; trigger_at_us: number }[];
    expect(stored.find((s) => s.scope === text.marketId)?.trigger_at_us).to.equal(usOf(armed.trigger_time));

    // The switch the command armed fires at its trigger_time.
    const order = await rest('0.1000');
    await fireDueSwitches(services(), usOf(armed.trigger_time));
    expect(await orderState(env(), trader, order)).to.include({
      status: 'cancelled',
      closure_reason: 'dead_man_switch',
    });

    expect(await cli.ok(['cancel-after', '0'])).to.match(/trigger time\s*│\s*disarmed/);
    expect((await cli.json(['cancel-after', '0', '--market', text.marketId])).trigger_time).to.equal(null);
    expect(await services().db('dead_man_switches').where('user_id', trader.userId)).to.deep.equal([]);
  });

  const refused: [string, string[], RegExp][] = [
    ['the server refuses 1 to 4 seconds', ['cancel-after', '3'], /0 \(disarm\) or from 5 to 86400/],
    ['the server refuses more than a day', ['cancel-after', '86401'], /86400/],
    ['SECONDS must be a whole number', ['cancel-after', '1.5'], /whole number/],
    ['the market must exist', ['cancel-after', '60', '--market', 'NO-SUCH-THING'], /TEXT-STANDARD/],
  ];
  for (const [name, args, message] of refused) {
    it(`cancel-after fails with exit 1 and arms nothing: ${name}`, async () => {
      const result = await cli.run(args);
      expect(result.code, result.stdout).to.equal(1);
      expect(result.stderr).to.match(message);
      expect(await services().db('dead_man_switches').where('user_id', trader.userId)).to.deep.equal([]);
    });
  }

  it('cancel with several ids (or --ids) cancels them in one batch and prints a status each; one id keeps the single cancel', async () => {
    const [a, b, c] = [await rest('0.1100'), await rest('0.1200'), await rest('0.1300')];
    const table = await cli.ok(['cancel', a, 'order_AAAAAAAAAAAAAAAA']);
    expect(table)
      .to.match(new RegExp(`${a}\\s*│\\s*cancelled`))
      .and.match(/order_AAAAAAAAAAAAAAAA\s*│\s*not_found/);
    const results = await cli.json(['cancel', '--ids', `${b},${a}`]);
    expect(results).to.deep.equal([
      { order_id: b, status: 'cancelled' },
      { order_id: a, status: 'not_open' },
    ]);
    const single = await cli.json(['cancel', c]);
    expect(single).to.deep.include({ order_id: c, status: 'cancelled', closure_reason: 'cancelled_by_user' });
    const duplicate = await cli.run(['cancel', a, a]);
    expect(duplicate.code).to.equal(1);
    expect(duplicate.stderr).to.match(/duplicate|unique|distinct/i);
  });
});
