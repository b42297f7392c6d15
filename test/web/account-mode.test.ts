import { expect } from 'chai';
import { getSystemSettings } from '../../src/core/settings.js';
import { describeEachDatabase } from '../support/service.js';
import { logIn, makeUser, noticeText, openPage, useBrowser } from './browser.js';

describeEachDatabase('dashboard: the account mode at /account', (env) => {
  const browser = useBrowser();

  it('switches from Auto Mode to Advanced Mode and back', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'mode');
    await logIn(page, user.email, '/login?next=/account');
    expect(await page.textContent('.mode.current h2')).to.contain('Auto Mode');

    await page.click('button:has-text("Switch to Advanced Mode")');
    await page.waitForURL('**/account?notice=mode_changed');
    expect(await noticeText(page)).to.contain('Account mode changed.');
    expect(await page.textContent('.mode.current h2')).to.contain('Advanced Mode');
    expect((await getSystemSettings(env().service.services, user.id)).account_mode).to.equal('advanced');
    expect(await page.textContent('dl.facts')).to.match(/Auto-buy\s*Off/);

    await page.click('button:has-text("Switch to Auto Mode")');
    await page.waitForURL('**/account?notice=mode_changed');
    expect(await page.textContent('.mode.current h2')).to.contain('Auto Mode');
    expect((await getSystemSettings(env().service.services, user.id)).account_mode).to.equal('auto');
    await context.close();
  });

  const preconditions = [
    {
      name: 'an unverified email',
      state: { verified: false },
      message: 'cannot change until your email address is verified',
      fix: 'Send a new link',
    },
    {
      name: 'legal terms not accepted',
      state: { acceptTerms: false },
      message: 'cannot change until you accept the legal terms',
      fix: 'Read and accept the legal terms',
    },
    {
      name: 'an inactive account',
      state: {},
      inactive: true,
      message: 'this account is inactive',
      fix: 'Contact support',
    },
  ];

  for (const row of preconditions) {
    it(`refuses to switch with ${row.name} and says how to fix it`, async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(env().service.services, 'blocked', row.state);
      await logIn(page, user.email, '/login?next=/account');
      if (row.inactive) await env().service.services.db('users').where({ id: user.id }).update({ status: 'inactive' });
      await page.goto('/account');
      expect(await page.textContent('.notice.warn')).to.contain(row.message); // said before trying

      const response = page.waitForResponse((r) => r.url().endsWith('/account/mode'));
      await page.click('button:has-text("Switch to Advanced Mode")');
      expect((await response).status()).to.equal(403);
      const refusal = await page.textContent('.notice.error');
      expect(refusal).to.contain(row.message).and.to.contain(row.fix);
      expect((await getSystemSettings(env().service.services, user.id)).account_mode).to.equal('auto');
      await context.close();
    });
  }

  it('follows the fix: verifying and accepting the terms lets the same switch through', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'fixed', { acceptTerms: false });
    await logIn(page, user.email, '/login?next=/account');
    await page.click('button:has-text("Switch to Advanced Mode")');
    await page.click('.notice.error a:has-text("Read and accept the legal terms")');
    await page.check('input[name=accept]');
    await page.click('button:has-text("Accept the terms")');
    await page.waitForURL('**/?notice=terms_accepted');
    await page.goto('/account');
    expect(await page.locator('.notice').count()).to.equal(0);
    await page.click('button:has-text("Switch to Advanced Mode")');
    await page.waitForURL('**/account?notice=mode_changed');
    expect((await getSystemSettings(env().service.services, user.id)).account_mode).to.equal('advanced');
    await context.close();
  });
});
