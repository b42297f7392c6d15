import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import type { TestUser } from '../support/fixtures.js';
import {
  callerWithTokens,
  instrumentOf,
  receiptOf,
  setGuarantees,
  supplierAt,
  type Instrument,
} from '../support/judgment-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { expectNoHorizontalOverflow, logIn, noticeText, openPage, screenshot, useBrowser } from './browser.js';
import { PageSession, visibleText } from './supplier-session.js';

/**
 * Issue 31, item 5 on the dashboard: the supplier's own scorecard at /scorecard, the data of GET /v1/supply/scorecard
 * after real inference over real HTTP. The supplier's upstream is late to its first token (600 ms against a 300 ms
 * bound), so each streamed answer is out of spec; the page shows a small table per window with every measure of it.
 */
describeEachDatabase("dashboard: a supplier's scorecard", (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;
  let slow: SimulatorServer;
  let late: Instrument;
  let supplier: TestUser;

  before(async () => {
    late = await instrumentOf(services(), 'text-max');
    await setGuarantees(services(), late, { min_time_to_first_token_ms: 300 });
    slow = await startSimulatorServer({ id: 'web-scorecard-slow', timeToFirstTokenMs: 600 });
    supplier = await supplierAt(services(), late, slow.url);
    const buyer = await callerWithTokens(services(), late);
    for (let i = 0; i < 3; i++) {
      const reply = await env().consumption.post('/r/v1/chat/completions', {
        bearer: buyer.apiKey,
        body: {
          model: late.model,
          messages: [{ role: 'user', content: `Hello ${i}` }],
          max_tokens: 16,
          stream: true,
          stream_options: { include_usage: true },
        },
      });
      expect((await receiptOf(env(), buyer, reply)).status).to.equal('out_of_spec');
    }
  });
  after(async () => {
    await slow.close();
  });

  /** The cell of measure `field` in the table of window `window` on the page. */
  const cellOf = (page: string, window: string, field: string): string => {
    const table = new RegExp(`<table class="window" data-window="${window}">[^]*?</table>`).exec(page)?.[0];
    expect(table, `a table of the ${window} window`).to.be.a('string');
    const cell = new RegExp(`<tr data-field="${field}"><th scope="row">[^<]*</th><td>([^]*?)</td></tr>`).exec(table!);
    expect(cell, `a row ${field} in the ${window} window`).not.to.equal(null);
    return visibleText({ status: 200, headers: {}, cookies: [], text: cell![1]! }).trim();
  };

  it('shows each endpoint × instrument with a table per window, every field of the API in it', async () => {
    const session = await PageSession.logIn(env().platform.baseUrl, supplier.email);
    const page = await session.get('/scorecard');
    expect(page.status).to.equal(200);
    expect(page.text).to.match(/<nav>[^]*?<a href="\/supply" class="current" aria-current="page">Supply<\/a>/);
    const api = await env().trading.get('/v1/supply/scorecard', { sign: supplier.signingKey });
    expect(api.status, api.text).to.equal(200);
    const [card] = api.body.data;
    expect(page.text).to.contain(`data-endpoint="${card.endpoint_id}" data-instrument="${late.id}"`);
    const text = visibleText(page);
    expect(text).to.match(/TEXT-MAX endpoint_[0-9a-f-]+ qualified/);
    expect(text).to.contain('Basis: operator override · Quality Score —');
    // The watch is off in tests unless asked: nothing judged, nothing suspended, no canary yet.
    expect(text).to.contain('Contract: not judged yet · Last canary: none yet');

    for (const window of ['1h', '24h']) {
      expect(cellOf(page.text, window, 'requests')).to.equal('3');
      expect(cellOf(page.text, window, 'out_of_spec')).to.equal('3');
      expect(cellOf(page.text, window, 'out_of_spec_rate')).to.equal('100.00 %');
      expect(cellOf(page.text, window, 'capped')).to.equal('no');
      expect(cellOf(page.text, window, 'failures')).to.equal('0');
      expect(cellOf(page.text, window, 'breaches')).to.contain('time to first token : count 3 · rate 100.00 %');
      expect(cellOf(page.text, window, 'breaches')).to.contain('tool call : count 0 · rate 0.00 %');
      const ttft = card.windows.find((w: { window: string }) => w.window === window).time_to_first_token_ms;
      expect(cellOf(page.text, window, 'time_to_first_token_ms')).to.equal(
        `samples 3 · p50 ${ttft.p50} · p95 ${ttft.p95}`,
      );
      expect(cellOf(page.text, window, 'tool_call_errors')).to.equal(
        'invalid json 0 · unknown tool 0 · arguments schema 0',
      );
    }
    // Rendered generically: every measure the API answers has its row, so a field added later shows too.
    for (const apiWindow of card.windows)
      for (const field of Object.keys(apiWindow).filter((f) => !['window', 'from', 'to'].includes(f)))
        expect(page.text).to.match(
          new RegExp(`data-window="${apiWindow.window}">[^]*?<tr data-field="${field}">`),
          `${apiWindow.window}: ${field}`,
        );
  });

  it('in a browser: Supply in the navigation, an endpoint registered by the form, the pages fit the screen', async () => {
    const { context, page } = await openPage(browser(), env());
    await logIn(page, supplier.email);
    await page.click('nav a:has-text("Supply")');
    await page.waitForURL((url) => url.pathname === '/supply');
    await expectNoHorizontalOverflow(page, 'supply');
    await page.click('nav.tabs a:has-text("Endpoints")');
    await page.waitForURL((url) => url.pathname === '/endpoints');
    expect(await page.locator('h1').count()).to.equal(1);
    await page.fill('input[name=base_url]', 'https://inference.example.com/v1');
    await page.fill('input[name=model]', 'qwen3-32b');
    await page.fill('input[name=api_key]', 'sk-upstream-0123456789x9Qz');
    await page.check('label:has-text("TEXT-MAX") input');
    await page.click('button:has-text("Register endpoint")');
    await page.waitForURL('**/endpoints?notice=endpoint_registered');
    expect(await noticeText(page)).to.contain('The endpoint was registered.');
    const card = page.locator('.card.endpoint', { hasText: 'qwen3-32b' });
    expect(await card.innerText())
      .to.contain('…x9Qz')
      .and.to.contain('pending');
    expect(await page.content()).not.to.contain('sk-upstream-0123456789x9Qz');
    await expectNoHorizontalOverflow(page, 'endpoints');
    await screenshot(page, `supply-endpoints-${env().database}`, { fullPage: true });
    await page.click('nav.tabs a:has-text("Scorecard")');
    await page.waitForURL((url) => url.pathname === '/scorecard');
    expect(await page.locator('.card.scorecard').count()).to.equal(2);
    await expectNoHorizontalOverflow(page, 'scorecard');
    await screenshot(page, `supply-scorecard-${env().database}`, { fullPage: true });
    await context.close();
  });
});
