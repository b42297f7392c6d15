import { expect } from 'chai';
import nacl from 'tweetnacl';
import { giveUnits, giveUsd, marketOf } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import {
  expectNoHorizontalOverflow,
  logIn,
  makeUser,
  openPage,
  screenshot,
  startDeviceLogin,
  useBrowser,
} from './browser.js';

describeEachDatabase('dashboard: every page at 1280×800', (env) => {
  const browser = useBrowser();

  /** Loads, checks the page fits the width and has a heading, and keeps a screenshot for a person to look at. */
  const visit = async (page: import('playwright-core').Page, path: string | null, name: string) => {
    if (path !== null) await page.goto(path);
    await expectNoHorizontalOverflow(page, name);
    expect(await page.locator('h1').count(), `${name}: one h1`).to.equal(1);
    await screenshot(page, `${name}-${env().database}`);
  };

  it('renders the signed-out pages', async () => {
    const { context, page } = await openPage(browser(), env());
    await visit(page, '/', 'home-signed-out');
    await visit(page, '/login', 'login');
    await visit(page, '/signup', 'signup');
    await visit(page, '/terms', 'terms-signed-out');
    await page.goto('/login');
    await page.fill('input[name=email]', 'nobody@example.com');
    await page.fill('input[name=password]', 'wrong password');
    await page.click('button:has-text("Log in")');
    await page.waitForSelector('.notice.error');
    await visit(page, null, 'login-refused');
    await context.close();
  });

  it('renders the pages of a new account that still has steps to take', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'new', { verified: false, acceptTerms: false });
    await logIn(page, user.email);
    await visit(page, '/', 'home-new-account');
    await visit(page, '/terms', 'terms-to-accept');
    await visit(page, '/account', 'account-blocked');
    await page.click('button:has-text("Switch to Advanced Mode")');
    await page.waitForSelector('.notice.error');
    await visit(page, null, 'account-refused-email');
    await context.close();
  });

  it('renders the pages of a ready account', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'ready');
    await logIn(page, user.email);
    await visit(page, '/', 'home');
    await visit(page, '/keys', 'keys-empty');
    for (const name of ['laptop', 'ci']) {
      await page.goto('/keys');
      await page.fill('input[name=name]', name);
      await page.click('button:has-text("Create key")');
      await page.waitForSelector('#new-key');
    }
    await visit(page, null, 'keys-created');
    await visit(page, '/signing-keys', 'signing-keys-empty');
    await page.fill('input[name=label]', 'trading-bot');
    await page.fill('input[name=public_key]', Buffer.from(nacl.sign.keyPair().publicKey).toString('base64'));
    await page.click('button:has-text("Register")');
    await page.waitForSelector('#new-fingerprint');
    await visit(page, null, 'signing-keys-registered');
    await visit(page, '/account', 'account');
    await visit(page, '/balances', 'balances');
    await visit(page, '/device', 'device-entry');
    const login = await startDeviceLogin(env());
    await visit(page, `/device?user_code=${login.user_code}`, 'device-decision');
    await page.click('button:has-text("Approve")');
    await page.waitForSelector('.notice.ok');
    await visit(page, null, 'device-approved');
    await visit(page, `/device?user_code=${login.user_code}`, 'device-used');
    await visit(page, '/device?user_code=BCDF-GHJK', 'device-unknown');
    await visit(page, '/logout', 'logout');
    await visit(page, '/verify-email?token=mkt_ev_nothing', 'verify-email-unknown');
    await context.close();
  });

  it('sends the headers that keep the pages private and unframed', async () => {
    const response = await fetch(`${env().service.urls.platform}/login`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.contain('text/html');
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(response.headers.get('x-frame-options')).to.equal('DENY');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy)
      .to.contain("default-src 'none'")
      .and.to.contain("frame-ancestors 'none'")
      .and.to.contain("form-action 'self'")
      .and.not.to.contain('unsafe');
    const html = await response.text();
    expect(html).not.to.match(/<script|https?:\/\//);
  });

  it('answers another method on a page with 405 and leaves other paths to the API', async () => {
    const put = await fetch(`${env().service.urls.platform}/keys`, { method: 'PUT' });
    expect(put.status).to.equal(405);
    expect(put.headers.get('allow')).to.equal('GET, POST');
    const unknown = await fetch(`${env().service.urls.platform}/nothing-here`);
    expect(unknown.status).to.equal(404);
    expect(((await unknown.json()) as { errors: { code: string } }).errors.code).to.equal('not_found');
    const docs = await fetch(`${env().service.urls.platform}/docs`);
    expect(docs.status).to.equal(200);
  });

  it('shows balances from the ledger: an honest empty state, then what the user holds', async () => {
    const { context, page } = await openPage(browser(), env());
    const services = env().service.services;
    const user = await makeUser(services, 'balances');
    await logIn(page, user.email, '/login?next=/balances');
    const text = await page.textContent('main');
    expect(text)
      .to.contain('No USD balance yet.')
      .and.to.contain('No Units in trading accounts yet.')
      .and.to.contain('No Units in consumption accounts yet.');
    expect(text).not.to.match(/\d+\.\d{2}/);

    const market = await marketOf(services, 'text-standard');
    await giveUsd(services, user.id, '12.50');
    await giveUnits(services, user.id, market.instrumentId, 7);
    await page.reload();
    expect(await page.textContent('#usd-total')).to.equal('$12.50');
    expect(await page.textContent('#usd-available')).to.equal('$12.50');
    expect(await page.textContent('#usd-locked')).to.equal('$0.00');
    const rows = await page.locator('main tbody tr').allTextContents();
    expect(rows[0]).to.contain('TEXT-STANDARD').and.to.contain('7');
    await context.close();
  });
});
