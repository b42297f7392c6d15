import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import {
  logIn,
  makeUser,
  noticeText,
  openPage,
  password,
  pollDeviceToken,
  startDeviceLogin,
  useBrowser,
} from './browser.js';

describeEachDatabase('dashboard: approving a device at /device', (env) => {
  const browser = useBrowser();

  it('sends a signed-out visit to /device?user_code=… through log-in and back, then approves it', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'device');
    const login = await startDeviceLogin(env(), 'keys:manage account:read');
    expect((await pollDeviceToken(env(), login.device_code)).body.error).to.equal('authorization_pending');

    await page.goto(login.verification_uri_complete);
    const atLogin = new URL(page.url());
    expect(atLogin.pathname).to.equal('/login');
    expect(atLogin.searchParams.get('next')).to.equal(`/device?user_code=${login.user_code}`);
    await page.fill('input[name=email]', user.email);
    await page.fill('input[name=password]', password);
    await Promise.all([page.waitForURL('**/device?user_code=*'), page.click('button:has-text("Log in")')]);

    expect(await page.textContent('h1')).to.equal('Allow mkt command line to use your account?');
    const facts = await page.textContent('dl.facts');
    expect(facts).to.contain(login.user_code).and.to.contain('mkt-cli').and.to.contain(user.email);
    const scopes = await page.locator('ul.scopes li').allInnerTexts();
    expect(scopes).to.have.length(2);
    expect(scopes[0]).to.contain('keys:manage').and.to.contain('consumption API keys');
    expect(scopes[1]).to.contain('account:read');

    await page.click('button:has-text("Approve")');
    await page.waitForSelector('h1:has-text("Device connected")');
    expect(await noticeText(page)).to.contain('return to your terminal');

    const issued = await pollDeviceToken(env(), login.device_code);
    expect(issued.status).to.equal(200);
    const keys = await env().platform.get('/v1/api-keys', { bearer: issued.body.access_token as string });
    expect(keys.status).to.equal(200);
    const grant = await env().service.services.db('oauth_grants').where({ user_id: user.id }).first();
    expect(grant.scopes).to.equal('keys:manage account:read');
    await context.close();
  });

  it('denies a device: the command line hears access_denied', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'deny');
    await logIn(page, user.email);
    const login = await startDeviceLogin(env());
    await page.goto(`/device?user_code=${login.user_code}`);
    await page.click('button:has-text("Deny")');
    await page.waitForSelector('h1:has-text("Access denied")');
    expect(await noticeText(page)).to.contain('did not get access');
    const polled = await pollDeviceToken(env(), login.device_code);
    expect(polled.status).to.equal(400);
    expect(polled.body.error).to.equal('access_denied');
    expect(await env().service.services.db('oauth_grants').where({ user_id: user.id })).to.have.length(0);
    await context.close();
  });

  it('takes the code typed into the form, in lower case and without the dash', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'typed');
    await logIn(page, user.email);
    const login = await startDeviceLogin(env());
    await page.goto('/device');
    await page.fill('input[name=user_code]', login.user_code.replace('-', '').toLowerCase());
    await page.click('button:has-text("Continue")');
    await page.waitForSelector('.code-display');
    expect(await page.textContent('.code-display')).to.equal(login.user_code);
    await context.close();
  });

  it('shows clear pages for an unknown, an expired and an already used code', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'codes');
    await logIn(page, user.email);

    const unknown = await page.goto('/device?user_code=ZZZZ-ZZZZ');
    expect(unknown!.status()).to.equal(404);
    expect(await noticeText(page)).to.contain('This code is not valid.');
    expect(await page.inputValue('input[name=user_code]')).to.equal('ZZZZ-ZZZZ');
    expect(await page.locator('button:has-text("Approve")').count()).to.equal(0);

    const stale = await startDeviceLogin(env());
    await env()
      .service.services.db('device_codes')
      .where({ user_code: stale.user_code })
      .update({ expires_at_us: Date.now() * 1000 - 1 });
    expect((await page.goto(`/device?user_code=${stale.user_code}`))!.status()).to.equal(404);
    expect(await noticeText(page)).to.contain('it has expired');

    // Approved in one tab, then decided again from a page opened before: already used.
    const login = await startDeviceLogin(env());
    await page.goto(`/device?user_code=${login.user_code}`);
    const second = await context.newPage();
    await second.goto(`/device?user_code=${login.user_code}`);
    await page.click('button:has-text("Approve")');
    await page.waitForSelector('h1:has-text("Device connected")');
    await second.click('button:has-text("Deny")');
    await second.waitForSelector('.notice.warn');
    expect(await noticeText(second)).to.contain(`The code ${login.user_code} has already been used.`);
    expect((await page.goto(`/device?user_code=${login.user_code}`))!.status()).to.equal(409);
    expect(await noticeText(page)).to.contain('already been used');
    expect((await pollDeviceToken(env(), login.device_code)).status).to.equal(200);
    await context.close();
  });
});
