import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { parseDecimal, usdScale } from '../../src/lib/money.js';
import { formatUsd } from '../../src/web/format.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { issueUnits, makeSupplier } from '../support/trading-fixtures.js';
import { insertOrder, insertTrade } from '../support/trading-rows.js';
import {
  expectNoHorizontalOverflow,
  logIn,
  noticeText,
  openPage,
  pollDeviceToken,
  screenshot,
  sessionOf,
  startDeviceLogin,
  useBrowser,
} from './browser.js';

/**
 * The dashboard's activity pages (issue 14, item 3) over a user with real activity: trades and
 * orders through signed trading requests, inference through the consumption host, a device login
 * through the OAuth device flow. Each page must show what the APIs answer; its actions (cancel,
 * revoke, settings) must be what the APIs then see.
 */
const usPerDay = 86_400_000_000;
const dollars = (decimal: string): string => formatUsd(parseDecimal(decimal, usdScale)!);

describeEachDatabase('dashboard: usage, orders, trades, devices, auto-reload and balances', (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;
  let trader: TestUser;
  let market: MarketRef;
  let toCancel: string;
  let cancelledByApi: string;
  let filled: string;
  let requestId: string;

  /** Loads (or keeps) a page, checks it fits 1280 pixels and has one h1, and keeps a screenshot. */
  const visit = async (page: Page, path: string | null, name: string) => {
    if (path !== null) await page.goto(path);
    await expectNoHorizontalOverflow(page, name);
    expect(await page.locator('h1').count(), `${name}: one h1`).to.equal(1);
    await screenshot(page, `${name}-${env().database}`, { fullPage: true });
  };

  /** Past receipts of the trader on earlier days, so the chart has days and the list has pages. */
  async function seedReceipts(count: number): Promise<void> {
    const nowUs = services().clock.nowUs();
    const today = Math.floor(nowUs / usPerDay) * usPerDay;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `req_seed_${trader.userId.slice(-8)}_${String(i).padStart(2, '0')}`,
      user_id: trader.userId,
      api_key_id: trader.apiKeyId,
      model: i % 3 === 0 ? 'text-prime' : 'text-standard',
      instrument_id: market.instrumentId,
      endpoint: i % 4 === 0 ? 'messages' : 'chat.completions',
      stream: false,
      status: i % 7 === 0 ? 'failed' : 'succeeded',
      prompt_tokens: 100 + i,
      completion_tokens: 50,
      reasoning_tokens: 0,
      reserved_tokens: 1000,
      cost_tokens: i % 7 === 0 ? 0 : 150 + i,
      cost_usd_micros: i % 7 === 0 ? 0 : 1_000 * (i + 1),
      cost_status: i % 7 === 0 ? 'not_billed' : 'settled',
      supplier_attempts: 1,
      created_at_us: today - (1 + (i % 12)) * usPerDay + i * 1_000_000,
      completed_at_us: today - (1 + (i % 12)) * usPerDay + i * 1_000_000 + 500_000,
    }));
    await services().db.batchInsert('inference_requests', rows, 50);
  }

  before(async function () {
    this.timeout(60_000);
    market = await marketOf(services(), 'text-standard');
    const supplier = await createTestUser(services());
    await issueUnits(services(), supplier.userId, market.instrumentId, 100);
    await makeSupplier(services(), supplier.userId, [market.instrumentId]);
    await placed(env(), supplier, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 10 });

    trader = await createTestUser(services());
    await giveUsd(services(), trader.userId, '50.00');
    filled = (await placed(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 4 }))
      .order_id;
    toCancel = (await placed(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.3000', quantity: 3 }))
      .order_id;
    cancelledByApi = (
      await placed(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.4000', quantity: 2 })
    ).order_id;
    expect((await env().trading.delete(`/v1/orders/${cancelledByApi}`, { sign: trader.signingKey })).status).to.equal(
      204,
    );
    await placed(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.3500', quantity: 1 });
    const transfer = await env().trading.post('/v1/transfers/trading-to-consumption', {
      sign: trader.signingKey,
      body: { instrument_id: market.instrumentId, quantity: 2 },
    });
    expect(transfer.status, transfer.text).to.equal(201);

    const inference = await fetch(`${env().service.urls.consumption}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${trader.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'text-standard',
        messages: [{ role: 'user', content: 'Say something about markets.' }],
        max_tokens: 32,
      }),
    });
    expect(inference.status, await inference.clone().text()).to.equal(200);
    requestId = inference.headers.get('x-mkt-request-id')!;
    await seedReceipts(30);
  });

  it('shows usage as GET /v1/usage does: filters, pages by cursor, and draws spend per day', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email, '/login?next=/usage');
    await visit(page, null, 'usage');
    const api = await env().consumption.get('/v1/usage', {
      bearer: trader.apiKey,
      query: { limit: 100, order_direction: 'desc' },
    });
    expect(api.status).to.equal(200);
    const receipts = api.body.data as { request_id: string; cost_usd: string; total_tokens: number }[];
    expect(receipts).to.have.length(31);
    expect(receipts[0]!.request_id).to.equal(requestId);

    // Newest first, 25 a page: the real request heads the first page with the API's cost.
    const first = await page.locator('main table tbody tr').allInnerTexts();
    expect(first).to.have.length(25);
    expect(first[0])
      .to.contain(requestId)
      .and.to.contain(`$${receipts[0]!.cost_usd}`)
      .and.to.contain(String(receipts[0]!.total_tokens));
    await page.click('a[rel=next]');
    await page.waitForSelector('a[rel=prev]');
    await visit(page, null, 'usage-page-2');
    const second = await page.locator('main table tbody tr').allInnerTexts();
    expect(second).to.have.length(6);
    const shown = [...first, ...second].map((row) => /req_[A-Za-z0-9_]+/.exec(row)![0]);
    expect(shown).to.deep.equal(receipts.map((r) => r.request_id));
    await page.click('a[rel=prev]');
    expect(await page.locator('main table tbody tr').count()).to.equal(25);

    // The chart: one bar per day with spend, the total the summary API gives for the same 30 days.
    const summary = await env().consumption.get('/v1/usage/summary', {
      bearer: trader.apiKey,
      query: { group_by: 'day' },
    });
    const spentDays = (summary.body.data.groups as { cost_usd: string }[]).filter((g) => g.cost_usd !== '0.000000');
    expect(await page.locator('svg.chart rect.bar').count()).to.equal(spentDays.length);
    expect(await page.textContent('#spend-total')).to.equal(dollars(summary.body.data.totals.cost_usd));

    // Filters: the API's answer for the same query.
    await page.selectOption('select[name=model]', 'text-prime');
    await page.selectOption('select[name=status]', 'succeeded');
    await Promise.all([page.waitForURL('**/usage?*'), page.click('button:has-text("Apply")')]);
    const filtered = await env().consumption.get('/v1/usage', {
      bearer: trader.apiKey,
      query: { limit: 100, order_direction: 'desc', model: 'text-prime', status: 'succeeded' },
    });
    const rows = await page.locator('main table tbody tr').allInnerTexts();
    expect(rows.map((row) => /req_[A-Za-z0-9_]+/.exec(row)![0])).to.deep.equal(
      (filtered.body.data as { request_id: string }[]).map((r) => r.request_id),
    );
    await visit(page, null, 'usage-filtered');

    const refused = await page.goto('/usage?from=2026-02-30&status=nonsense');
    expect(refused!.status()).to.equal(422);
    expect(await noticeText(page))
      .to.contain('is not a date')
      .and.to.contain('is not a status');
    await visit(page, null, 'usage-refused');
    await context.close();
  });

  it('lists open orders and cancels one through the trading pipeline; the history shows the rest', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email, '/login?next=/orders');
    await visit(page, null, 'orders-open');
    const open = await page.locator('main table tbody tr').allInnerTexts();
    expect(open).to.have.length(2);
    expect(open.join('\n'))
      .to.contain(toCancel)
      .and.to.contain('$0.3000')
      .and.to.contain('$0.3500')
      .and.not.to.contain(filled);

    const bids = async () =>
      (
        (await env().trading.get(`/v1/markets/${market.marketId}/orderbook`, { sign: trader.signingKey })).body.data
          .buy as { price: string }[]
      ).map((l) => l.price);
    expect(await bids()).to.deep.equal(['0.3500', '0.3000']);
    await Promise.all([
      page.waitForURL('**/orders?notice=order_cancelled'),
      page.click(`button[aria-label="Cancel order ${toCancel}"]`),
    ]);
    expect(await bids(), 'the book of the trading host no longer holds it').to.deep.equal(['0.3500']);
    expect(await noticeText(page)).to.contain('The order was cancelled.');
    const state = await env().trading.get(`/v1/orders/${toCancel}`, { sign: trader.signingKey });
    expect(state.body.data.status).to.equal('cancelled');
    expect(await page.locator('main table tbody tr').count()).to.equal(1);
    await visit(page, null, 'orders-cancelled');

    // Cancelling it again (a stale page): a clear 409, not an error page.
    const { cookie, csrfToken } = await sessionOf(context, page);
    const again = await fetch(`${env().service.urls.platform}/orders/${toCancel}/cancel`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf_token=${csrfToken}`,
      redirect: 'manual',
    });
    expect(again.status).to.equal(409);
    expect(await again.text()).to.contain('already cancelled');

    await page.click('nav.tabs a:has-text("History")');
    await page.waitForURL('**/orders/history');
    await visit(page, null, 'orders-history');
    const history = (await page.locator('main table tbody tr').allInnerTexts()).join('\n');
    const filledState = await env().trading.get(`/v1/orders/${filled}`, { sign: trader.signingKey });
    expect(history).to.contain(filled).and.to.contain('Filled').and.to.contain(dollars(filledState.body.data.fee));
    expect(history).to.contain(toCancel).and.to.contain(cancelledByApi).and.to.contain('Cancelled');
    await context.close();
  });

  it('lists trades as GET /v1/trades does', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email, '/login?next=/trades');
    await visit(page, null, 'trades');
    const api = await env().trading.get('/v1/trades', { sign: trader.signingKey });
    const trades = api.body.data as {
      trade_id: string;
      price: string;
      quantity: number;
      fee: string;
      total_value: string;
    }[];
    const rows = await page.locator('main table tbody tr').allInnerTexts();
    expect(rows).to.have.length(trades.length).and.to.have.length.above(0);
    for (const [i, trade] of trades.entries()) {
      expect(rows[i])
        .to.contain(trade.trade_id)
        .and.to.contain(`$${trade.price}`)
        .and.to.contain(dollars(trade.fee))
        .and.to.contain(dollars(trade.total_value))
        .and.to.contain('TEXT-STANDARD');
    }
    await context.close();
  });

  it('lists a device login and revokes it: its token is then refused', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email, '/login?next=/devices');
    await visit(page, null, 'devices-empty');
    expect(await page.textContent('main tbody')).to.contain('No devices are signed in.');
    const login = await startDeviceLogin(env(), 'keys:manage account:read');
    await page.goto(`/device?user_code=${login.user_code}`);
    await page.click('button:has-text("Approve")');
    await page.waitForSelector('h1:has-text("Device connected")');
    const token = (await pollDeviceToken(env(), login.device_code)).body.access_token as string;
    expect((await env().platform.get('/v1/api-keys', { bearer: token })).status).to.equal(200);

    await page.goto('/devices');
    const grants = await env().platform.get('/v1/oauth/grants', { bearer: token });
    expect(grants.status).to.equal(200);
    const row = await page.locator('main tbody tr').allInnerTexts();
    expect(row).to.have.length(1);
    expect(row[0]).to.contain('mkt command line').and.to.contain('keys:manage').and.to.contain('account:read');
    expect(row[0]).to.contain((grants.body.data as { grant_id: string }[])[0]!.grant_id);
    await visit(page, null, 'devices');
    await Promise.all([page.waitForURL('**/devices?notice=grant_revoked'), page.click('button:has-text("Revoke")')]);
    expect(await noticeText(page)).to.contain('The device was signed out.');
    await visit(page, null, 'devices-revoked');
    expect((await env().platform.get('/v1/api-keys', { bearer: token })).status).to.equal(401);
    await context.close();
  });

  it('changes auto-reload settings through the settings rules: refusals beside their field, then what the API shows', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email, '/login?next=/auto-reload');
    await visit(page, null, 'auto-reload');
    expect(await page.textContent('#reloaded-this-month')).to.equal('$0.00');

    await page.check('input[name=enabled]');
    await page.fill('input[name=threshold_usd]', '10.005');
    await page.fill('input[name=amount_usd]', '25');
    await page.click('button:has-text("Save settings")');
    await page.waitForSelector('.field-error');
    expect(await page.textContent('#threshold_usd-error')).to.contain('at most two decimals');
    expect(await page.inputValue('input[name=threshold_usd]')).to.equal('10.005');
    await visit(page, null, 'auto-reload-refused');

    await page.fill('input[name=threshold_usd]', '10');
    await page.fill('input[name=monthly_limit_usd]', '20');
    await page.click('button:has-text("Save settings")');
    await page.waitForSelector('.field-error');
    expect(await page.textContent('#amount_usd-error')).to.contain('monthly limit');

    await page.fill('input[name=monthly_limit_usd]', '$100.00');
    await Promise.all([
      page.waitForURL('**/auto-reload?notice=auto_reload_saved'),
      page.click('button:has-text("Save settings")'),
    ]);
    await visit(page, null, 'auto-reload-saved');
    const { accessToken } = await grantTokens(services(), trader.userId, ['account:read']);
    const settings = await env().platform.get('/v1/self/system-settings', { bearer: accessToken });
    expect(settings.body.data.auto_reload).to.deep.include({
      enabled: true,
      threshold_usd: '10.00',
      amount_usd: '25.00',
      monthly_limit_usd: '100.00',
    });
    expect(await page.textContent('main')).to.contain('Below $10.00, deposit $25.00, up to $100.00 a month.');
    await context.close();
  });

  it('shows balances in dollars with their sign, Units per instrument, and the consumption lots with their expiry', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email, '/login?next=/balances');
    await visit(page, null, 'balances-active');
    const usd = (await services()
      .db('ledger_accounts')
      .where({ user_id: trader.userId, kind: 'currency' })
      .first()) as { available: number | string; locked: number | string };
    expect(await page.textContent('#usd-available')).to.equal(formatUsd(Number(usd.available)));
    expect(await page.textContent('#usd-locked')).to.equal(formatUsd(Number(usd.locked)));
    expect(await page.textContent('#usd-total')).to.equal(formatUsd(Number(usd.available) + Number(usd.locked)));
    const units = await balancesOf(services(), trader.userId, market.instrumentId);
    const [trading, consumption] = [
      await page.locator('main .card:nth-of-type(2) tbody tr').innerText(),
      await page.locator('main .card:nth-of-type(3) tbody tr').innerText(),
    ];
    expect(trading.split('\t').map((cell) => cell.trim())).to.deep.equal([
      'TEXT-STANDARD',
      String(units.unitsAvailable + units.unitsLocked),
      String(units.unitsAvailable),
      String(units.unitsLocked),
    ]);
    expect(consumption).to.contain(units.tokens.toLocaleString('en-US'));
    const lots = await page.locator('main .card:last-child tbody tr').allInnerTexts();
    expect(lots).to.have.length(1);
    expect(lots[0])
      .to.contain('TEXT-STANDARD')
      .and.to.match(/in [34] h \d+ min/);
    await context.close();
  });

  it('pages through a long order history and a long list of trades, 50 at a time', async () => {
    const { context, page } = await openPage(browser(), env());
    const busy = await createTestUser(services());
    const counterparty = await createTestUser(services());
    const nowUs = services().clock.nowUs();
    const orderIds: string[] = [];
    const tradeIds: string[] = [];
    for (let i = 0; i < 55; i += 1) {
      const order = await insertOrder(services(), {
        user_id: busy.userId,
        market_id: market.marketId,
        status: 'filled',
        filled_quantity: 10,
        notional_micros: 4_200_000,
        submitted_at_us: nowUs - (i + 1) * 60_000_000,
      });
      orderIds.push(order.id);
      const { trade } = await insertTrade(services(), {
        marketId: market.marketId,
        buyer: { userId: busy.userId, orderId: order.id, feeMicros: 21_000 },
        seller: { userId: counterparty.userId, orderId: order.id },
        priceTicks: 4200,
        quantity: 10,
        executedAtUs: nowUs - (i + 1) * 60_000_000,
      });
      tradeIds.push(trade.id);
    }
    await logIn(page, busy.email);
    for (const [path, ids] of [
      ['/orders/history', orderIds],
      ['/trades', tradeIds],
    ] as const) {
      await page.goto(path);
      const first = await page.locator('main tbody tr').allInnerTexts();
      expect(first, path).to.have.length(50);
      await page.click('a[rel=next]');
      await page.waitForSelector('a[rel=prev]');
      const second = await page.locator('main tbody tr').allInnerTexts();
      expect(second, path).to.have.length(5);
      await visit(page, null, `paged${path.replace(/\//g, '-')}`);
      const shown = [...first, ...second].map((row) => /(order_[A-Z0-9]{16}|trade_[0-9a-f-]{36})/.exec(row)![0]);
      expect(shown, path).to.deep.equal(ids);
      await page.click('a[rel=prev]');
      expect(await page.locator('main tbody tr').count(), path).to.equal(50);
    }
    await context.close();
  });

  it('shows honest empty states to a user without activity', async () => {
    const { context, page } = await openPage(browser(), env());
    const fresh = await createTestUser(services(), { mode: 'auto' });
    await logIn(page, fresh.email);
    const empties: [string, string][] = [
      ['/usage', 'No requests match.'],
      ['/orders', 'No open orders.'],
      ['/orders/history', 'No finished orders yet.'],
      ['/trades', 'No trades yet.'],
      ['/devices', 'No devices are signed in.'],
      ['/balances', 'No USD balance yet.'],
    ];
    for (const [path, text] of empties) {
      await visit(page, path, `empty${path.replace(/\//g, '-')}`);
      expect(await page.textContent('main'), path).to.contain(text);
    }
    expect(await page.textContent('main')).to.contain('No lots hold tokens.');
    await page.goto('/usage');
    expect(await page.textContent('main')).to.contain('No spend in these days.');
    expect(await page.locator('svg.chart').count()).to.equal(0);
    // Auto Mode trades for the user: the trading pipeline refuses a cancel, and the page says why.
    const { cookie, csrfToken } = await sessionOf(context, page);
    const cancel = await fetch(`${env().service.urls.platform}/orders/${filled}/cancel`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf_token=${csrfToken}`,
      redirect: 'manual',
    });
    expect(cancel.status).to.equal(403);
    expect(await cancel.text()).to.contain('Orders cannot be cancelled in Auto Mode.');
    await context.close();
  });

  it('answers hostile input on the new forms with a clear 4xx page, never a 500', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, trader.email);
    const { cookie, csrfToken } = await sessionOf(context, page);
    const base = env().service.urls.platform;
    const post = (path: string, fields: Record<string, string>, token = csrfToken) =>
      fetch(base + path, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, csrf_token: token }).toString(),
        redirect: 'manual',
      });
    const table: [string, Record<string, string>, number, string?][] = [
      ['/orders/order_NOSUCHORDER00000/cancel', {}, 404],
      [`/orders/${'x'.repeat(5000)}/cancel`, {}, 404],
      ['/orders/a%00b/cancel', {}, 400],
      ['/devices/grant_nothing/revoke', {}, 404],
      ['/auto-reload', { enabled: 'on', threshold_usd: 'ten dollars', amount_usd: '5' }, 422],
      ['/auto-reload', { threshold_usd: '9'.repeat(4000) }, 422],
      ['/auto-reload', { threshold_usd: '-5' }, 422],
      ['/auto-reload', { threshold_usd: '1e3' }, 422],
      ['/auto-reload', { amount_usd: '5\u0000' }, 400],
    ];
    for (const [path, fields, status] of table) {
      const reply = await post(path, fields);
      expect(reply.status, `${path.slice(0, 60)} ${JSON.stringify(fields).slice(0, 60)}`).to.equal(status);
      expect(await reply.text()).to.contain('<h1>');
    }
    expect((await post('/auto-reload', { threshold_usd: '5' }, 'forged')).status).to.equal(403);
    expect((await post(`/orders/${cancelledByApi}/cancel`, {}, 'forged')).status).to.equal(403);
    for (const [query, status] of [
      ['/usage?next=garbage', 200],
      ['/usage?prev=garbage&next=garbage', 200],
      ['/usage?from=yesterday', 422],
      ['/usage?from=2026-11-20&to=2026-11-10', 422],
      [`/usage?model=${'m'.repeat(300)}`, 422],
      ['/usage?model=a%00b', 400],
      ['/orders?next=%FF%FE', 200],
      ['/trades?prev=eyJ4IjoxfQ', 200],
    ] as const) {
      const reply = await fetch(base + query, { headers: { cookie }, redirect: 'manual' });
      expect(reply.status, query).to.equal(status);
    }
    await context.close();
  });
});
