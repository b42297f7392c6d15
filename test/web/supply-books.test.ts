import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { marketOf, placed } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';
import { expectNoHorizontalOverflow, logIn, openPage, useBrowser } from './browser.js';
import { PageSession, visibleText } from './supplier-session.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;

/**
 * Issue 32, item 2 on the dashboard: the supplier's books at /supply, the data of GET /v1/supply/earnings, per
 * instrument and period with a switch of period links and the withdrawals paid out; server-rendered, no script.
 */
describeEachDatabase("dashboard: a supplier's books", (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;
  let supplier: TestUser;
  let buyer: TestUser;

  before(async () => {
    supplier = await createTestUser(services());
    buyer = await createTestUser(services());
    await fundUser(services(), buyer.userId, '10.00');
    await issueUnits(services(), supplier.userId, textStandard.instrumentId, 12);
    const market = await marketOf(services(), 'text-standard');
    await placed(env(), supplier, { market_id: market.marketId, side: 'sell', price: '0.2500', quantity: 4 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', type: 'market', quantity: 4 });
  });

  /** The cells of the row `period` (a period's start, or `total`) of the card of `instrumentId`, as a reader sees them. */
  const rowOf = (page: string, instrumentId: string, period: string): string[] => {
    const card = new RegExp(`<div class="card books" data-instrument="${instrumentId}">[^]*?</table>`).exec(page)?.[0];
    expect(card, `a card of ${instrumentId}`).to.be.a('string');
    const row = new RegExp(`<tr[^>]* data-period="${period}">([^]*?)</tr>`).exec(card!)?.[1];
    expect(row, `a row ${period}`).to.be.a('string');
    return [...row!.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((m) => m[1]!.trim());
  };

  it('shows the books of each period and in total, as the API reads them, under Supply in the navigation', async () => {
    const session = await PageSession.logIn(env().platform.baseUrl, supplier.email);
    const page = await session.get('/supply');
    expect(page.status).to.equal(200);
    expect(page.text).to.match(/<nav>[^]*?<a href="\/supply" class="current" aria-current="page">Supply<\/a>/);
    expect(page.text).to.contain('<a href="/supply" class="current" aria-current="page">Books</a>');
    expect(page.text).not.to.contain('<script');
    const api = await env().trading.get('/v1/supply/earnings', { sign: supplier.signingKey });
    const [books] = api.body.data.instruments;
    expect(books.periods).to.have.length(7);
    const today = books.periods[0];
    expect(rowOf(page.text, textStandard.instrumentId, today.period_start)).to.deep.equal([
      today.period_start.slice(0, 10),
      '12',
      '4',
      '0',
      '0',
      '$1.000000',
      `$${today.fees_paid}`,
      `$${today.net_proceeds}`,
      '4,000,000',
    ]);
    expect(rowOf(page.text, textStandard.instrumentId, 'total').slice(0, 3)).to.deep.equal(['Total', '12', '4']);
    const text = visibleText(page);
    expect(text).to.contain('Withdrawals paid out').and.contain('gross $1.000000');
    expect(page.text.match(/<tr data-period="[^"]+"><td class="nowrap">/g)).to.have.length(7 + 7);
  });

  it('switches to weeks and months with plain links', async () => {
    const session = await PageSession.logIn(env().platform.baseUrl, supplier.email);
    const daily = await session.get('/supply');
    expect(daily.text).to.contain('<a href="/supply?period=week">Weekly</a>');
    for (const period of ['week', 'month']) {
      const page = await session.get(`/supply?period=${period}`);
      expect(page.status).to.equal(200);
      expect(page.text).to.match(
        new RegExp(`<a href="/supply\\?period=${period}" class="current" aria-current="page">`),
      );
      const api = await env().trading.get('/v1/supply/earnings', { sign: supplier.signingKey, query: { period } });
      const [books] = api.body.data.instruments;
      expect(rowOf(page.text, textStandard.instrumentId, books.periods[0].period_start).slice(1, 3)).to.deep.equal([
        '12',
        '4',
      ]);
    }
    // An unknown period reads as days, the default.
    expect((await session.get('/supply?period=year')).text).to.contain(
      '<a href="/supply?period=day" class="current" aria-current="page">Daily</a>',
    );
  });

  it('in a browser: the Books tab and the period switch, the page fitting the screen', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, supplier.email);
    await page.click('nav a:has-text("Supply")');
    await page.waitForURL((url) => url.pathname === '/supply');
    expect(await page.locator('.card.books').count()).to.equal(1);
    await expectNoHorizontalOverflow(page, 'supply');
    await page.click('nav.tabs a:has-text("Monthly")');
    await page.waitForURL((url) => url.search === '?period=month');
    expect(await page.locator('.card.books tbody tr').count()).to.equal(7 + 1);
    await expectNoHorizontalOverflow(page, 'supply monthly');
    await context.close();
  });

  it('tells a user with no books how to start', async () => {
    const session = await PageSession.logIn(env().platform.baseUrl, buyer.email);
    const page = await session.get('/supply');
    expect(page.status).to.equal(200);
    expect(visibleText(page)).to.contain('No books yet');
  });
});
