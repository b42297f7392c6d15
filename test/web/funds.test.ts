import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import {
  expectNoHorizontalOverflow,
  logIn,
  makeUser,
  noticeText,
  openPage,
  screenshot,
  useBrowser,
} from './browser.js';

describeEachDatabase('dashboard: Funds (sandbox)', (env) => {
  const browser = useBrowser();

  it('signs in, adds funds, sees them credited as sandbox money, in the balance and the list; nothing loads from outside', async () => {
    const { context, page } = await openPage(browser(), env());
    const platform = new URL(env().service.urls.platform!);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).host !== platform.host && !request.url().startsWith('data:'))
        outside.push(request.url());
    });
    const user = await makeUser(env().service.services, 'funds');
    await logIn(page, user.email);
    await page.click('nav a:has-text("Funds")');
    await page.waitForURL((url) => url.pathname === '/funds');
    expect(await page.locator('h1 .pill.sandbox').innerText()).to.equal('SANDBOX');
    expect(await page.locator('#remaining-today').innerText()).to.equal('1000.00');
    expect(await page.locator('#deposits td.empty').innerText()).to.match(/No deposits yet/);
    await screenshot(page, `funds-empty-${env().database}`);

    await page.fill('input[name=amount_usd]', '25.00');
    const sent = {
      csrf_token: (await page.getAttribute('form[action="/funds"] input[name=csrf_token]', 'value'))!,
      idempotency_key: (await page.getAttribute('input[name=idempotency_key]', 'value'))!,
      amount_usd: '25.00',
    };
    await page.click('button:has-text("Add funds")');
    await page.waitForSelector('.notice.ok');
    expect(await noticeText(page)).to.match(/25\.00 USD added\.[\s\S]*Sandbox money/);
    expect(await page.locator('#usd-available').innerText()).to.equal('$25.00');
    expect(await page.locator('#remaining-today').innerText()).to.equal('975.00');
    const row = page.locator('#deposits tbody tr').first();
    expect(await row.innerText()).to.match(/25\.00[\s\S]*Credited[\s\S]*Requested[\s\S]*SANDBOX/);
    await expectNoHorizontalOverflow(page, 'funds');
    await screenshot(page, `funds-credited-${env().database}`);

    // Sending the same rendered form again (a double click, a resubmitted POST) deposits nothing more.
    const again = await context.request.post('/funds', { form: sent, maxRedirects: 0 });
    expect(again.status()).to.equal(200);
    await page.goto('/funds');
    expect(await page.locator('#deposits tbody tr').count()).to.equal(1);
    expect(await page.locator('#usd-available').innerText()).to.equal('$25.00');

    // Without the CSRF token the form is refused and nothing is deposited.
    const forged = await context.request.post('/funds', {
      form: { amount_usd: '5.00', idempotency_key: 'forged-1' },
      maxRedirects: 0,
    });
    expect(forged.status()).to.equal(403);

    await page.goto('/balances');
    expect(await page.locator('#usd-total').innerText()).to.equal('$25.00');
    expect(await page.locator('#sandbox-money').innerText()).to.match(/Includes 25\.00 USD of sandbox money/);
    await screenshot(page, `balances-sandbox-${env().database}`);

    await page.goto('/funds');
    await page.fill('input[name=amount_usd]', '0.50');
    await page.click('button:has-text("Add funds")');
    await page.waitForSelector('.notice.error');
    expect(await noticeText(page)).to.match(/at least 1\.00/);
    await page.fill('input[name=amount_usd]', '990.00');
    await page.click('button:has-text("Add funds")');
    await page.waitForSelector('.notice.error');
    expect(await noticeText(page)).to.match(/975\.00 USD is left today/);
    await screenshot(page, `funds-refused-${env().database}`);
    expect(outside).to.deep.equal([]);
    await context.close();
  });
});

describeEachDatabase(
  'dashboard: Funds (manual)',
  (env) => {
    const browser = useBrowser();

    it('sends a request that waits for an operator: pending, nothing credited, no sandbox marking', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(env().service.services, 'funds-manual');
      await logIn(page, user.email);
      await page.goto('/funds');
      expect(await page.locator('.pill.sandbox').count()).to.equal(0);
      expect(await noticeText(page)).to.match(/Manual payments/);
      await page.fill('input[name=amount_usd]', '250.00');
      await page.click('button:has-text("Add funds")');
      await page.waitForSelector('.notice.info >> text=Request for 250.00 USD sent.');
      expect(await page.locator('#deposits tbody tr').first().innerText()).to.match(
        /250\.00[\s\S]*Pending[\s\S]*Requested[\s\S]*Manual/,
      );
      expect(await page.locator('#usd-available').innerText()).to.equal('$0.00');
      await expectNoHorizontalOverflow(page, 'funds-manual');
      await screenshot(page, `funds-manual-pending-${env().database}`);
      await context.close();
    });
  },
  { env: { MKT_PAYMENTS: 'manual' } },
);
