import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { loggedInUser, UserCli } from '../support/cli-user.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';
import { useBrowser } from '../web/browser.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;

/** A row of a record, as `│ key │ value │` prints it. */
const field = (key: string, value: string | number): RegExp =>
  new RegExp(`│\\s*${key}\\s*│\\s*${String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*│`);

/**
 * Issue 20 items 5, 6, 8 and 9 on the user's `mkt`: --post-only, --stp, --stop-price (and
 * --type), --tif gtd --expire-time, and `mkt batch FILE.json`, the compiled binary against a live
 * server. A seller keeps an ask of TEXT-STANDARD at 0.4000 and has traded there once.
 */
describeEachDatabase('the mkt command for users: order controls and batches', (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;
  let cli: UserCli;
  let seller: TestUser;

  before(async function () {
    this.timeout(120_000);
    cli = new UserCli(env);
    const user = await loggedInUser(cli, env(), browser(), services());
    await cli.ok(['signing-keys', 'create', 'laptop']);
    await cli.ok(['mode', 'advanced']);
    await fundUser(services(), user.userId, '100.00');
    await issueUnits(services(), user.userId, textStandard.instrumentId, 20);
    seller = await createTestUser(services());
    await fundUser(services(), seller.userId, '100.00');
    await issueUnits(services(), seller.userId, textStandard.instrumentId, 60);
    const ask = await env().trading.post('/v1/orders', {
      sign: seller.signingKey,
      body: { market_id: textStandard.marketId, side: 'sell', type: 'limit', price: '0.4000', quantity: 30 },
    });
    expect(ask.status, ask.text).to.equal(201);
    await cli.ok(['buy', 'text-standard', '1', '--price', '0.4000']);
  });
  afterEach(() => cli.run(['cancel', '--all']));
  after(() => cli.remove());

  it("--post-only rests a maker and refuses a taker with the server's reason", async () => {
    const maker = await cli.json(['buy', 'text-standard', '2', '--price', '0.3900', '--post-only']);
    expect(maker).to.deep.include({ status: 'active', post_only: true });
    expect(await cli.ok(['buy', 'text-standard', '1', '--price', '0.3800', '--post-only'])).to.match(
      field('side / type', 'buy limit gtc post-only'),
    );
    const taker = await cli.run(['buy', 'text-standard', '2', '--price', '0.4000', '--post-only']);
    expect(taker.code).to.equal(1);
    expect(taker.stderr).to.contain('post-only');
  });

  it("--stp sets the order's self-trade prevention", async () => {
    await cli.ok(['sell', 'text-standard', '2', '--price', '0.3950']);
    const order = await cli.json(['buy', 'text-standard', '2', '--price', '0.3950', '--stp', 'decrement']);
    expect(order).to.deep.include({
      self_trade_prevention: 'decrement',
      status: 'cancelled',
      closure_reason: 'self_trade_prevented',
    });
    expect((await cli.run(['buy', 'text-standard', '1', '--price', '0.3000', '--stp', 'never'])).code).to.not.equal(0);
  });

  it('--stop-price makes a pending stop (or stop_limit with --price); --type says it outright', async () => {
    const stop = await cli.json(['sell', 'text-standard', '1', '--stop-price', '0.3500']);
    expect(stop).to.deep.include({ type: 'stop', status: 'pending', stop_price: '0.3500', price: null });
    const table = await cli.ok(['buy', 'text-standard', '1', '--stop-price', '0.4500', '--price', '0.4600']);
    expect(table)
      .to.match(field('side / type', 'buy stop_limit gtc'))
      .and.match(field('stop price', '0.4500'))
      .and.match(field('status', 'pending'));
    const typed = await cli.json(['buy', 'text-standard', '1', '--type', 'stop', '--stop-price', '0.4700']);
    expect(typed).to.deep.include({ type: 'stop', status: 'pending' });
    const already = await cli.run(['buy', 'text-standard', '1', '--stop-price', '0.3000']);
    expect(already.code).to.equal(1);
    expect(already.stderr).to.contain('stop');
  });

  it('--tif gtd --expire-time takes a time or a duration', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const byTime = await cli.json([
      'buy',
      'text-standard',
      '1',
      '--price',
      '0.3000',
      '--tif',
      'gtd',
      '--expire-time',
      inAnHour,
    ]);
    expect(byTime).to.deep.include({ time_in_force: 'gtd', status: 'active' });
    expect(Date.parse(byTime.expire_time)).to.equal(Date.parse(inAnHour));
    const byDuration = await cli.json([
      'buy',
      'text-standard',
      '1',
      '--price',
      '0.3000',
      '--tif',
      'gtd',
      '--expire-time',
      '2h',
    ]);
    expect(Date.parse(byDuration.expire_time) - Date.now()).to.be.within(7_100_000, 7_300_000);
    const missing = await cli.run(['buy', 'text-standard', '1', '--price', '0.3000', '--tif', 'gtd']);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.contain('expire_time');
    expect(
      (await cli.run(['buy', 'text-standard', '1', '--price', '0.3000', '--tif', 'gtd', '--expire-time', 'soon'])).code,
    ).to.equal(1);
  });

  it("batch FILE.json places the file's orders and prints each one's id and status or error; --json gives the API data", async () => {
    const file = join(cli.configHome, 'orders.json');
    writeFileSync(
      file,
      JSON.stringify({
        orders: [
          { market: 'TEXT-STANDARD', side: 'buy', type: 'limit', price: '0.3100', quantity: 1 },
          { market_id: textStandard.marketId, side: 'sell', type: 'limit', price: '0.4800', quantity: 1_000 },
          { market: 'text-standard', side: 'buy', type: 'limit', price: '0.4000', quantity: 1, post_only: true },
        ],
      }),
    );
    const table = await cli.ok(['batch', file]);
    expect(table).to.match(
      /│\s*0\s*│\s*order_\w+\s*│\s*buy\s*│\s*limit\s*│\s*0\.3100\s*│\s*1\s*│\s*0\s*│\s*active\s*│/,
    );
    expect(table).to.match(/│\s*1\s*│\s*-\s*│.*insufficient_available_balance/);
    expect(table).to.match(/│\s*2\s*│\s*-\s*│.*post_only_would_take/);
    writeFileSync(
      file,
      JSON.stringify([
        {
          market_id: textStandard.marketId,
          side: 'buy',
          type: 'limit',
          price: '0.3200',
          quantity: 1,
          client_order_id: 'cli-batch-1',
        },
      ]),
    );
    const data = await cli.json<{ index: number; order: { client_order_id: string; status: string } }[]>([
      'batch',
      file,
    ]);
    expect(data).to.have.length(1);
    expect(data[0]!).to.deep.include({ index: 0 });
    expect(data[0]!.order).to.deep.include({ client_order_id: 'cli-batch-1', status: 'active' });
    writeFileSync(file, JSON.stringify({ orders: [{ market_id: textStandard.marketId, side: 'buy', quantity: 1 }] }));
    const refused = await cli.run(['batch', file]);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/^mkt: .+/);
    writeFileSync(file, 'not json');
    expect((await cli.run(['batch', file])).stderr).to.contain('cannot read');
  });
});
