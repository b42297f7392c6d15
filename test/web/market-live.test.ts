import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { expectNoHorizontalOverflow, logIn, noticeText, openPage, screenshot, useBrowser } from './browser.js';
import { apiTrader, dashboardUser, tradeThroughApi } from './market-support.js';

/**
 * The market page in Chromium: live through the trading host's streams (the page's own script), the ticket through
 * the order pipeline, and a dropped stream that comes back in step with the market.
 */
describeEachDatabase('dashboard: the market page, live', (env) => {
  const browser = useBrowser();
  let market: MarketRef;
  // Each test on a market of its own, so that no test trades against another's resting orders.
  const instruments = ['text-prime', 'text-max', 'code-standard', 'agent-max', 'code-prime'];

  beforeEach(async () => {
    market = await marketOf(env().service.services, instruments.shift()!);
  });

  /** Opens the market's page and waits until its script has subscribed; every request it makes is noted. */
  async function openMarket(
    path: string,
    email?: string,
  ): Promise<{ page: Page; requests: string[]; close(): Promise<void> }> {
    const { context, page } = await openPage(browser(), env());
    const requests: string[] = [];
    page.on('request', (request) => void requests.push(request.url()));
    page.on('websocket', (socket) => void requests.push(socket.url()));
    if (email !== undefined) await logIn(page, email);
    await page.goto(path);
    await page.waitForSelector('#stream-status:has-text("Live")', { timeout: 10_000 });
    return { page, requests, close: () => context.close() };
  }

  const ladderRow = (page: Page, side: 'ask' | 'bid', price: string) =>
    page.locator(`#ladder tr.${side}[data-price="${price}"]`);

  it('shows a trade made through the trading API within one second, with the book, the ticker and the candles', async () => {
    const [seller, buyer] = [await apiTrader(env(), market), await apiTrader(env(), market)];
    const { page, requests, close } = await openMarket(`/markets/${market.marketId}?interval=1m`);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.4400', quantity: 6 });
    await ladderRow(page, 'ask', '0.4400').waitFor({ timeout: 1_000 });
    const started = Date.now();
    const bought = await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.4400',
      quantity: 2,
    });
    expect(bought.status).to.equal('filled');
    await page.locator('#trades tr[data-trade]').first().waitFor({ timeout: 1_000 });
    expect(Date.now() - started).to.be.below(1_000 + 500); // the order's own round trip beside the second
    expect(await page.locator('#trades tr[data-trade]').first().innerText()).to.match(/Buy\s+0\.4400\s+2/);
    await page.locator('#ticker-last', { hasText: /^0\.4400$/ }).waitFor({ timeout: 2_000 });
    expect(await ladderRow(page, 'ask', '0.4400').innerText()).to.match(/0\.4400\s+4\s+4/);
    await page.locator('#candle-chart svg.chart.candles g.candle').first().waitFor({ timeout: 2_000 });
    await page.locator('#depth-chart svg.chart.depth path.asks').waitFor({ timeout: 2_000 });
    await screenshot(page, `market-live-${env().database}`, { fullPage: true });
    // The page's own host, and the trading host's stream socket: nothing else.
    const platform = new URL(env().service.urls.platform!).host;
    const trading = new URL(env().service.urls.trading!).host;
    expect(requests.filter((r) => new URL(r).host !== platform && new URL(r).host !== trading)).to.deep.equal([]);
    expect(requests.some((r) => r.startsWith(`ws://${trading}/trading_socket/websocket`))).to.equal(true);
    await close();
  });

  it('places a limit order from the ticket that shows in the ladder and in the user’s orders, and cancels it there', async () => {
    const { user } = await dashboardUser(env(), market);
    const { page, close } = await openMarket(`/markets/${market.marketId}`, user.email);
    await page.check('input[name=side][value=buy]');
    await page.check('input[name=type][value=limit]');
    await page.fill('input[name=quantity]', '3');
    await page.fill('input[name=price]', '0.3100');
    await page.click('button:has-text("Place order")');
    await page.waitForSelector('.notice.ok');
    expect(await noticeText(page)).to.match(/Order placed\.[\s\S]*rests on the book; filled 0 of 3 Units/);
    expect(await ladderRow(page, 'bid', '0.3100').innerText()).to.match(/0\.3100\s+3\s+3/);
    const mine = page.locator('#my-orders tr[data-order]');
    expect(await mine.count()).to.equal(1);
    await expectNoHorizontalOverflow(page, 'market page');
    await screenshot(page, `market-ticket-placed-${env().database}`, { fullPage: true });

    await page.waitForSelector('#stream-status:has-text("Live")');
    await mine.locator('button:has-text("Cancel")').click();
    await page.waitForURL((url) => url.pathname === `/markets/${market.marketId}`);
    expect(await noticeText(page)).to.match(/The order was cancelled/);
    expect(await ladderRow(page, 'bid', '0.3100').count()).to.equal(0);
    expect(await page.locator('#my-orders td.empty').innerText()).to.match(/no open orders/);
    await close();
  });

  it('fills a market order from the ticket against resting liquidity', async () => {
    const seller = await apiTrader(env(), market);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.4500', quantity: 5 });
    const { user } = await dashboardUser(env(), market);
    const { page, close } = await openMarket(`/markets/${market.marketId}`, user.email);
    await page.check('input[name=side][value=buy]');
    await page.check('input[name=type][value=market]');
    await page.fill('input[name=quantity]', '2');
    await page.click('button:has-text("Place order")');
    await page.waitForSelector('.notice.ok');
    const filled = await noticeText(page);
    expect(filled, filled).to.match(/Order filled\.[\s\S]*Filled 2 of 2 Units for \$0\.90/);
    expect(await ladderRow(page, 'ask', '0.4500').innerText()).to.match(/0\.4500\s+3/);
    expect(await page.locator('#trades tr[data-trade]').first().innerText()).to.match(/Buy\s+0\.4500\s+2/);
    await close();
  });

  it('shows a market with no trades and an empty book plainly, live as well', async () => {
    const { page, close } = await openMarket(`/markets/${market.marketId}`);
    expect(await page.locator('#ladder-spread').innerText()).to.equal('The book is empty');
    expect(await page.locator('#depth-chart').innerText()).to.equal('The book is empty.');
    expect(await page.locator('#candle-chart').innerText()).to.equal('No trades yet.');
    expect(await page.locator('#trades td.empty').innerText()).to.equal('No trades yet.');
    expect(await page.locator('#ticker-last').innerText()).to.equal('—');
    await screenshot(page, `market-empty-${env().database}`, { fullPage: true });
    await close();
  });

  it('reconnects after the stream drops and catches up from a fresh snapshot: the book and the trades it missed', async () => {
    const [seller, buyer] = [await apiTrader(env(), market), await apiTrader(env(), market)];
    const { page, close } = await openMarket(`/markets/${market.marketId}`);
    // The server closes every stream socket (4009), as when it may have missed events; the page is told nothing more.
    env().service.services.events.deliver([{ stream: 'control', event: 'events_lost' }]);
    await page.waitForSelector('#stream-status:has-text("Reconnecting")', { timeout: 2_000 });
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.4700', quantity: 9 });
    await tradeThroughApi(env(), market, seller, buyer, '0.4600', 1);
    await page.waitForSelector('#stream-status:has-text("Live")', { timeout: 10_000 });
    await ladderRow(page, 'ask', '0.4700').waitFor({ timeout: 5_000 });
    expect(await ladderRow(page, 'ask', '0.4700').innerText()).to.match(/0\.4700\s+9/);
    await page
      .locator('#trades tr[data-trade]')
      .first()
      .locator('td', { hasText: /^0\.4600$/ })
      .waitFor({ timeout: 5_000 });
    // And it follows the market again from there.
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.4800', quantity: 2 });
    await ladderRow(page, 'ask', '0.4800').waitFor({ timeout: 2_000 });
    await close();
  });
});
