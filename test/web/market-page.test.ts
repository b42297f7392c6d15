import { expect } from 'chai';
import { marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { apiTrader, dashboardUser, tradeThroughApi } from './market-support.js';

/**
 * The market page over plain HTTP: the first paint as a browser without JavaScript gets it, its headers and
 * scripts, and the ticket's refusals (CSRF, bad input, Auto Mode, the pipeline's own words), never a 500.
 */
describeEachDatabase('dashboard: the market page without JavaScript', (env) => {
  let market: MarketRef;
  let quiet: MarketRef;
  const url = (path: string) => env().service.urls.platform + path;
  const get = (path: string, cookie?: string) =>
    fetch(url(path), { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const post = (path: string, cookie: string | undefined, fields: Record<string, string>) =>
    fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const stateOf = (text: string): Record<string, any> =>
    JSON.parse(/<script type="application\/json" id="market-state">(.*?)<\/script>/s.exec(text)![1]!);

  before(async () => {
    market = await marketOf(env().service.services, 'text-standard');
    quiet = await marketOf(env().service.services, 'code-max');
  });

  it('lists every market with a link to its page, by id; the page answers to the symbol too', async () => {
    const list = await get('/markets');
    expect(list.status).to.equal(200);
    const text = await list.text();
    expect(text).to.contain(`href="/markets/${market.marketId}"`);
    expect(text).to.match(/TEXT-STANDARD/);
    const bySymbol = await get('/markets/text-standard');
    expect(bySymbol.status).to.equal(200);
    expect(stateOf(await bySymbol.text()).market_id).to.equal(market.marketId);
    const unknown = await get('/markets/market_nope');
    expect(unknown.status).to.equal(404);
    expect(await unknown.text()).to.contain('There is no such market.');
  });

  it('shows a market with no trades and an empty book plainly, and allows only its own script and the streams', async () => {
    const reply = await get(`/markets/${quiet.marketId}`);
    expect(reply.status).to.equal(200);
    const text = await reply.text();
    expect(text).to.contain('No trades yet');
    expect(text).to.contain('The book is empty');
    expect(text).to.not.contain('<svg class="chart');
    expect(text).to.contain('<script type="module" src="/assets/market.js"></script>');
    const state = stateOf(text);
    expect(state).to.include({ market_id: quiet.marketId, resolution: '1h', stream_url: env().service.urls.trading });
    expect(state.book).to.include({ sequence: 0 });
    const csp = reply.headers.get('content-security-policy')!;
    const trading = new URL(env().service.urls.trading!);
    expect(csp).to.contain("script-src 'self'");
    expect(csp).to.contain(`connect-src 'self' ws://${trading.host}`);
    // Every other page still runs no script at all.
    expect((await get('/markets')).headers.get('content-security-policy')).to.not.contain('script-src');
  });

  it('draws a traded market on the server: the ladder with cumulative sizes, candles, depth, trades and ticker', async () => {
    const [seller, buyer] = [await apiTrader(env(), market), await apiTrader(env(), market)];
    await tradeThroughApi(env(), market, seller, buyer, '0.5000', 2);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5200', quantity: 3 });
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5300', quantity: 4 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.4800', quantity: 5 });
    const reply = await get(`/markets/${market.marketId}?interval=1m`);
    expect(reply.status).to.equal(200);
    const text = await reply.text();
    expect(text).to.match(/<tr class="ask" data-price="0.5300">.*?>0.5300<.*?>4<.*?>7</s);
    expect(text).to.match(/<tr class="ask" data-price="0.5200">.*?>0.5200<.*?>3<.*?>3</s);
    expect(text).to.match(/<tr class="bid" data-price="0.4800">.*?>0.4800<.*?>5<.*?>5</s);
    expect(text).to.contain('Spread 0.0400');
    expect(text).to.contain('<svg class="chart depth"');
    expect(text).to.contain('<svg class="chart candles"');
    expect(text).to.match(/id="ticker-last">0.5000</);
    expect(text).to.match(/<tr data-trade="trade_[^"]+">.*?0.5000.*?>2</s);
    expect(text).to.contain('aria-current="page">1m</a>');
    const state = stateOf(text);
    expect(state.candles).to.have.length(1);
    expect(state.candles[0]).to.include({ open: '0.5000', volume: 2, resolution: '1m' });
    expect(state.book.sell.map((l: { price: string }) => l.price)).to.deep.equal(['0.5200', '0.5300']);
  });

  it('serves its scripts itself, as JavaScript that revalidates, and nothing else under /assets', async () => {
    for (const name of [
      'market.js',
      'market-view.js',
      'market-charts.js',
      'market-markup.js',
      'html.js',
      'mkt-stream/client.js',
      'mkt-stream/book.js',
    ]) {
      const reply = await get(`/assets/${name}`);
      expect(reply.status, name).to.equal(200);
      expect(reply.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
      expect(reply.headers.get('cache-control')).to.equal('public, no-cache');
      expect(reply.headers.get('x-content-type-options')).to.equal('nosniff');
      const text = await reply.text();
      expect(text).to.not.contain('sourceMappingURL');
      const again = await fetch(url(`/assets/${name}`), { headers: { 'if-none-match': reply.headers.get('etag')! } });
      expect(again.status, name).to.equal(304);
    }
    expect((await get('/assets/market.js')).headers.get('etag')).to.match(/^"[\w-]{22}"$/);
    for (const name of ['nope.js', 'constructor', '../package.json'])
      expect((await get(`/assets/${name}`)).status).to.equal(404);
  });

  it('refuses a ticket without the CSRF token, or from no session, and places nothing', async () => {
    const { user, cookie } = await dashboardUser(env(), market);
    const order = { side: 'buy', type: 'limit', quantity: '1', price: '0.4000', time_in_force: 'gtc' };
    const forged = await post(`/markets/${market.marketId}/orders`, cookie, order);
    expect(forged.status).to.equal(403);
    expect(await forged.text()).to.contain('This form has expired');
    const signedOut = await post(`/markets/${market.marketId}/orders`, undefined, order);
    expect(signedOut.status).to.equal(303);
    expect(signedOut.headers.get('location')).to.equal('/login');
    expect(await env().service.services.db('orders').where({ user_id: user.id })).to.have.length(0);
  });

  it('answers bad input with a 4xx page saying why, in the pipeline’s words where it is the pipeline’s to say', async () => {
    const { user, cookie, csrfToken } = await dashboardUser(env(), market);
    const path = `/markets/${market.marketId}/orders`;
    const base = {
      csrf_token: csrfToken,
      side: 'buy',
      type: 'limit',
      quantity: '1',
      price: '0.4000',
      time_in_force: 'gtc',
    };
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ quantity: 'abc' }, 422, /Quantity is a whole number of Units/],
      [{ quantity: '0' }, 422, /Quantity is a whole number of Units/],
      [{ quantity: '1.5' }, 422, /Quantity is a whole number of Units/],
      [{ quantity: '99999999999999999999' }, 422, /Quantity is a whole number of Units/],
      [{ side: 'up' }, 422, /Side is buy or sell/],
      [{ type: 'stop' }, 422, /Type is limit or market/],
      [{ time_in_force: 'forever' }, 422, /Time in force is one of gtc, ioc, fok, day/],
      [{ price: '0.40001' }, 422, /The order was refused/],
      [{ price: 'cheap' }, 422, /The order was refused/],
      [{ price: '' }, 422, /The order was refused/],
      [{ quantity: '100000' }, 422, /The order was refused/],
      [{ quantity: '5000', price: '0.9000' }, 422, /The order was refused/],
    ];
    for (const [change, status, text] of cases) {
      const reply = await post(path, cookie, { ...base, ...change });
      const body = await reply.text();
      expect(reply.status, JSON.stringify(change)).to.equal(status);
      expect(body, JSON.stringify(change)).to.match(text);
      // The ticket comes back filled in as sent.
      if (change.quantity !== undefined) expect(body).to.contain(`value="${change.quantity}"`);
    }
    expect(await env().service.services.db('orders').where({ user_id: user.id })).to.have.length(0);
  });

  it('refuses a post-only order that would take, with the pipeline’s reason, and tells an Auto Mode user why not', async () => {
    const seller = await apiTrader(env(), market);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.6000', quantity: 1 });
    const advanced = await dashboardUser(env(), market);
    const crossing = await post(`/markets/${market.marketId}/orders`, advanced.cookie, {
      csrf_token: advanced.csrfToken,
      side: 'buy',
      type: 'limit',
      quantity: '1',
      price: '0.7000',
      post_only: 'on',
    });
    expect(crossing.status).to.equal(422);
    expect(await crossing.text()).to.match(/The order was refused[\s\S]*post/i);

    const auto = await dashboardUser(env(), market, 'auto');
    const page = await (await get(`/markets/${market.marketId}`, auto.cookie)).text();
    expect(page).to.contain('Your account is in Auto Mode.');
    expect(page).to.contain('href="/account"');
    expect(page).to.not.contain('id="ticket"');
    const refused = await post(`/markets/${market.marketId}/orders`, auto.cookie, {
      csrf_token: auto.csrfToken,
      side: 'buy',
      type: 'market',
      quantity: '1',
    });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.contain('not allowed in Auto Mode');
    expect(await env().service.services.db('orders').where({ user_id: auto.user.id })).to.have.length(0);
  });
});
