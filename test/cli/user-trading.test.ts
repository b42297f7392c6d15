import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { loggedInUser, UserCli } from '../support/cli-user.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';
import { useBrowser } from '../web/browser.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;

/** A table row's cells, as `│ a │ b │` prints them (cli-table3 without colours). */
const row = (...cells: (string | number | RegExp)[]): RegExp =>
  new RegExp(
    cells
      .map((c) => `│\\s*${c instanceof RegExp ? c.source : String(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*`)
      .join('') + '│',
  );

/**
 * Issue 14 item 1, the market half of the user's `mkt`: markets, book, trades, orders of every
 * kind, balances, transfers, chat and usage, and `watch` seeing another command's trade — the
 * compiled binary against a live server. A seller (made through the fixtures) keeps asks of
 * TEXT-STANDARD on the book: the house supplier is off in tests.
 */
describeEachDatabase('the mkt command for users: markets, orders, balances, chat, usage, watch', (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;
  let cli: UserCli;
  let seller: TestUser;

  const unitsHeld = async (kind: 'trading' | 'consumption'): Promise<number> => {
    const balances = await cli.json(['balances']);
    if (kind === 'trading')
      return Number(
        balances.trading.find((a: { instrument_id: string }) => a.instrument_id === textStandard.instrumentId)
          ?.total_balance ?? 0,
      );
    return Number(
      balances.consumption.find((a: { instrument_id: string }) => a.instrument_id === textStandard.instrumentId)
        ?.total_balance ?? 0,
    );
  };

  before(async function () {
    this.timeout(120_000);
    cli = new UserCli(env);
    const user = await loggedInUser(cli, env(), browser(), services());
    await cli.ok(['signing-keys', 'create', 'laptop']);
    await cli.ok(['keys', 'create', 'laptop']);
    await cli.ok(['mode', 'advanced']);
    await fundUser(services(), user.userId, '100.00');

    seller = await createTestUser(services());
    await fundUser(services(), seller.userId, '100.00');
    await issueUnits(services(), seller.userId, textStandard.instrumentId, 60); // also makes it a simulated supplier of text-standard
    for (const [price, quantity] of [
      ['0.4000', 30],
      ['0.5000', 10],
    ] as const) {
      const placed = await env().trading.post('/v1/orders', {
        sign: seller.signingKey,
        body: {
          market_id: textStandard.marketId,
          side: 'sell',
          type: 'limit',
          price,
          quantity,
          time_in_force: 'gtc',
          should_autotransfer: false,
        },
      });
      expect(placed.status, placed.text).to.equal(201);
    }
  });
  after(() => cli.remove());

  it('markets lists every market with its best ask; --json gives the API data', async () => {
    const table = await cli.ok(['markets']);
    expect(table, table).to.match(row('TEXT-STANDARD', textStandard.marketId, /\w+/, '-', '0.4000'));
    const markets = await cli.json<{ market_id: string; instrument_symbol: string }[]>(['markets']);
    expect(markets).to.have.length(instrumentSeeds.length);
    expect(markets.find((m) => m.market_id === textStandard.marketId)?.instrument_symbol).to.equal('TEXT-STANDARD');
  });

  it('book shows the asks by symbol or market id, to --depth', async () => {
    const table = await cli.ok(['book', 'text-standard', '--depth', '5']);
    expect(table)
      .to.match(row('ask', '0.5000', 10, 1))
      .and.match(row('ask', '0.4000', 30, 1));
    const book = await cli.json(['book', textStandard.marketId, '--depth', '1']);
    expect(book.sell).to.deep.equal([{ price: '0.4000', quantity: 30, total: 30, order_count: 1 }]);
    const unknown = await cli.run(['book', 'NO-SUCH-THING']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('TEXT-STANDARD');
  });

  it('buy with --price places a limit order that fills at the ask', async () => {
    const order = await cli.json(['buy', 'TEXT-STANDARD', '2', '--price', '0.4000']);
    expect(order).to.deep.include({
      side: 'buy',
      type: 'limit',
      price: '0.4000',
      quantity: 2,
      filled_quantity: 2,
      status: 'filled',
      time_in_force: 'gtc',
    });
    expect(order.client_order_id).to.match(/^cli-/);
    expect(await unitsHeld('trading')).to.equal(2);
  });

  it('buy without --price places a market order; --client-order-id is kept', async () => {
    const table = await cli.ok(['buy', 'text-standard', '1', '--client-order-id', 'my-market-buy']);
    expect(table)
      .to.match(row('side / type', 'buy market gtc'))
      .and.match(row('filled', 1))
      .and.match(row('client order id', 'my-market-buy'));
    expect(await unitsHeld('trading')).to.equal(3);
  });

  it('orders lists a resting order; amend changes its price and quantity; cancel ends it', async () => {
    const resting = await cli.json(['buy', 'text-standard', '3', '--price', '0.3000', '--tif', 'day']);
    expect(resting).to.deep.include({ status: 'active', time_in_force: 'day', filled_quantity: 0 });
    expect(await cli.ok(['orders', '--status', 'open'])).to.contain(resting.order_id);
    const open = await cli.json<{ order_id: string }[]>(['orders', '--status', 'open', '--market', 'text-standard']);
    expect(open.map((o) => o.order_id)).to.deep.equal([resting.order_id]);

    const amended = await cli.json(['amend', resting.order_id, '--price', '0.3500', '--quantity', '4']);
    expect(amended).to.deep.include({ order_id: resting.order_id, price: '0.3500', quantity: 4 });
    const cancelled = await cli.json(['cancel', resting.order_id]);
    expect(cancelled).to.deep.include({ order_id: resting.order_id, status: 'cancelled' });
    expect(await cli.json(['orders', '--status', 'open'])).to.deep.equal([]);
    expect(await cli.ok(['orders']))
      .to.contain(resting.order_id)
      .and.contain('cancelled');
  });

  it('sell with --price rests; sell without --price hits the best bid', async () => {
    const bid = await env().trading.post('/v1/orders', {
      sign: seller.signingKey,
      body: {
        market_id: textStandard.marketId,
        side: 'buy',
        type: 'limit',
        price: '0.3000',
        quantity: 5,
        time_in_force: 'gtc',
        should_autotransfer: false,
      },
    });
    expect(bid.status, bid.text).to.equal(201);
    const market = await cli.json(['sell', 'text-standard', '1']);
    expect(market).to.deep.include({
      side: 'sell',
      type: 'market',
      filled_quantity: 1,
      status: 'filled',
      average_price: '0.300000',
    });
    const limit = await cli.json(['sell', 'text-standard', '1', '--price', '0.3900', '--tif', 'ioc']);
    expect(limit).to.deep.include({
      side: 'sell',
      type: 'limit',
      status: 'closed',
      filled_quantity: 0,
      closure_reason: 'ioc_remainder',
    });
    const rests = await cli.json(['sell', 'text-standard', '1', '--price', '0.4400']);
    expect(rests).to.deep.include({ side: 'sell', status: 'active' });
  });

  it('cancel --all cancels every open order of the market', async () => {
    await cli.ok(['buy', 'text-standard', '1', '--price', '0.2500']);
    await cli.ok(['buy', 'text-standard', '1', '--price', '0.2600']);
    expect(await cli.json<unknown[]>(['orders', '--status', 'open'])).to.have.length(3);
    expect(await cli.ok(['cancel', '--all', '--market', 'text-standard'])).to.contain('Cancelled 3 orders');
    expect(await cli.json(['orders', '--status', 'open'])).to.deep.equal([]);
    expect((await cli.json(['cancel', '--all'])).cancelled).to.equal(0);
    expect((await cli.run(['cancel'])).code).to.equal(1);
  });

  it('trades shows the fills', async () => {
    const trades = await cli.json<{ side: string; price: string; quantity: number }[]>([
      'trades',
      '--market',
      'text-standard',
    ]);
    expect(trades.map((t) => [t.side, t.price, t.quantity])).to.deep.equal([
      ['sell', '0.3000', 1],
      ['buy', '0.4000', 1],
      ['buy', '0.4000', 2],
    ]);
    expect(await cli.ok(['trades'])).to.match(row('TEXT-STANDARD', 'sell', '0.3000', 1));
  });

  it('balances shows USD and Units; transfer moves Units to the consumption account; buy --autotransfer too', async () => {
    expect(await cli.ok(['balances']))
      .to.match(/│\s*USD\s*│\s*trading\s*│/)
      .and.match(row('TEXT-STANDARD', 'trading (Units)', 2, 2, 0));
    const moved = await cli.json(['transfer', 'text-standard', '1']);
    expect(moved).to.deep.include({ instrument_id: textStandard.instrumentId, quantity: 1, status: 'completed' });
    expect(await unitsHeld('consumption')).to.equal(1);
    const auto = await cli.json(['buy', 'text-standard', '2', '--autotransfer']);
    expect(auto).to.deep.include({ filled_quantity: 2, should_autotransfer: true });
    expect(await unitsHeld('consumption')).to.equal(3);
    expect(await unitsHeld('trading')).to.equal(1);
    const refused = await cli.run(['transfer', 'TEXT-STANDARD', '50']);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/^mkt: .+/);
  });

  it('positions shows the Units held with their FIFO cost and P&L, fees in; --json gives the API data', async () => {
    // Bought 2 and 1 at 0.40 (fees 0.004 and 0.002), sold 1 at 0.30 (fee 0.0015) out of the first lot, bought 2 more at 0.40 (fee 0.004).
    const [position, ...others] = await cli.json<Record<string, unknown>[]>(['positions']);
    expect(others).to.deep.equal([]);
    expect(position).to.deep.include({
      instrument_symbol: 'TEXT-STANDARD',
      status: 'open',
      quantity: 4,
      trading_quantity: 1,
      consumption_quantity: 3,
      total_cost: '1.608000',
      average_cost: '0.402000',
      last_trade_price: '0.4000',
      current_market_value: '1.600000',
      unrealized_pnl: '-0.008000',
      realized_pnl: '-0.103500',
      fees_paid: '0.011500',
    });
    expect(await cli.ok(['positions'])).to.match(
      row(
        'TEXT-STANDARD',
        'open',
        4,
        '1 / 3',
        '0.402000',
        '1.608000',
        '0.4000',
        '1.600000',
        '-0.008000',
        '-0.103500',
        '0.011500',
      ),
    );
    expect(await cli.json(['positions', '--status', 'closed'])).to.deep.equal([]);
  });

  it('chat streams an answer with the stored consumption key (through the 307); usage lists it, --summary groups it', async () => {
    const answer = await cli.ok(['chat', '--model', 'text-standard', 'Say', 'something', 'about', 'markets.']);
    const [, requestId, costUsd] = answer.match(/\[(req_\w+) text-standard: \d+ tokens, (\d+\.\d{6}) USD\]/) ?? [];
    expect(requestId, answer).to.be.a('string');
    expect(answer.slice(0, answer.indexOf('[req_')).trim()).to.not.equal('');
    const json = await cli.json(['chat', 'Hello']);
    expect(json.content).to.be.a('string').and.not.equal('');
    expect(json.usage.total_tokens).to.be.above(0);

    expect(await cli.ok(['usage'])).to.contain(requestId);
    const receipts = await cli.json<{ request_id: string; stream: boolean; status: string; cost_usd: string }[]>([
      'usage',
    ]);
    expect(receipts.find((r) => r.request_id === requestId)).to.deep.include({
      stream: true,
      status: 'succeeded',
      cost_usd: costUsd,
    });
    expect(json.usage.cost_usd).to.equal(receipts.find((r) => r.request_id === json.request_id)!.cost_usd);
    const summary = await cli.json(['usage', '--summary', '--group-by', 'model']);
    expect(summary.groups.find((g: { key: string }) => g.key === 'text-standard').requests).to.equal(2);
    expect(await cli.ok(['usage', '--summary'])).to.match(/total\s*│\s*2\s*│/);
    expect((await cli.json(['usage', '--group-by', 'api_key'])).group_by, '--group-by implies --summary').to.equal(
      'api_key',
    );
    const unknown = await cli.run(['chat', '--model', 'no-such-model', 'Hello']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/^mkt: .*no-such-model/);
  });

  it('chat --max-price caps what the Units it uses may cost: 402 price_cap_exceeded under the cap, an answer within it', async () => {
    const capped = await cli.run(['chat', '--max-price', '0.0001', 'Hello']);
    expect(capped.code, capped.stderr).to.equal(1);
    expect(capped.stderr).to.match(/^mkt: .*at or under 0\.0001 USD a Unit.*raise max_price/);
    const json = await cli.json(['chat', '--max-price', '1.0000', 'Hello']);
    expect(json.content).to.be.a('string').and.not.equal('');
    expect(Number(json.usage.cost_usd)).to.be.above(0);
    const malformed = await cli.run(['chat', '--max-price', '0.00001', 'Hello']);
    expect(malformed.code).to.equal(1);
    expect(malformed.stderr).to.match(/^mkt: .*max_price/);
  });

  it('watch redraws the book and the last trades as another command trades, until stopped', async () => {
    const before = await cli.json(['book', 'text-standard', '--depth', '1']);
    const atAsk = before.sell[0].quantity as number;
    const watching = cli.spawn(['watch', 'text-standard']);
    try {
      await watching.waitFor(row('ask', '0.4000', atAsk, 1));
      const from = watching.stdout.length;
      await cli.ok(['buy', 'text-standard', '7', '--price', '0.4000']);
      await watching.waitFor(row('TEXT-STANDARD', 'buy', '0.4000', 7), from);
      await watching.waitFor(row('ask', '0.4000', atAsk - 7, 1), from);
    } finally {
      watching.kill();
    }
    expect(await watching.exited).to.equal(0);
  });

  it('watch --json prints one event a line: the book, then the trade of another command', async () => {
    const watching = cli.spawn(['--json', 'watch', textStandard.marketId]);
    try {
      await watching.waitFor(/^\{"event":"book".*\}$/m);
      const from = watching.stdout.length;
      await cli.ok(['buy', 'text-standard', '3', '--price', '0.4000']);
      const [line] = await watching.waitFor(/^\{"event":"trade".*\}$/m, from);
      expect(JSON.parse(line!).data).to.deep.include({
        market_id: textStandard.marketId,
        side: 'buy',
        price: '0.4000',
        quantity: 3,
      });
    } finally {
      watching.kill();
    }
    expect(await watching.exited).to.equal(0);
  });
});
