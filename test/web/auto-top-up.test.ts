import { expect } from 'chai';
import { getSystemSettings } from '../../src/core/settings.js';
import { describeEachDatabase } from '../support/service.js';
import { logIn, makeUser, noticeText, openPage, screenshot, useBrowser } from './browser.js';

/** Issue 21, item 5 on the dashboard: the Account page shows and sets auto top-up, refusing what the API refuses beside the field. */
describeEachDatabase('dashboard: auto top-up at /account', (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;

  it('turns auto top-up on with a quantity and a threshold, and off again', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(services(), 'top-up');
    await logIn(page, user.email, '/login?next=/account');
    expect(await page.textContent('#auto-top-up-current')).to.equal('off');

    await page.check('#auto-top-up input[name=enabled]');
    await page.fill('input[name=quantity]', '5');
    await page.fill('input[name=trigger_threshold]', '2');
    await page.click('button:has-text("Save auto top-up")');
    await page.waitForURL('**/account?notice=auto_top_up_saved');
    expect(await noticeText(page)).to.contain('Auto top-up settings saved.');
    expect(await page.textContent('#auto-top-up-current')).to.equal('buys 5 Units below 2');
    expect(await page.inputValue('input[name=quantity]')).to.equal('5');
    expect((await getSystemSettings(services(), user.id)).auto_top_up).to.include({
      enabled: true,
      quantity: 5,
      trigger_threshold: 2,
    });
    await screenshot(page, 'account-auto-top-up', { fullPage: true });

    await page.uncheck('#auto-top-up input[name=enabled]');
    await page.click('button:has-text("Save auto top-up")');
    await page.waitForURL('**/account?notice=auto_top_up_saved');
    expect((await getSystemSettings(services(), user.id)).auto_top_up).to.include({
      enabled: false,
      quantity: 5,
      trigger_threshold: 2,
    });
    await context.close();
  });

  // typed quantity, typed threshold, enabled → the field marked
  const refusals: [string, string, string, boolean, string][] = [
    ['a fractional quantity', '1.5', '2', false, 'quantity'],
    ['a negative threshold', '3', '-1', false, 'trigger_threshold'],
    ['a quantity of zero', '0', '2', false, 'quantity'],
    ['enabling without a quantity', '', '2', true, 'enabled'],
  ];
  for (const [what, quantity, threshold, enabled, field] of refusals) {
    it(`refuses ${what} beside the field, keeping what was typed`, async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(services(), 'bad-top-up');
      await logIn(page, user.email, '/login?next=/account');
      if (enabled) await page.check('#auto-top-up input[name=enabled]');
      await page.fill('input[name=quantity]', quantity);
      await page.fill('input[name=trigger_threshold]', threshold);
      const response = page.waitForResponse((r) => r.url().endsWith('/account/auto-top-up'));
      await page.click('button:has-text("Save auto top-up")');
      expect((await response).status()).to.equal(422);
      expect(await page.textContent(`#${field}-error`)).to.match(/whole number of Units|quantity and a threshold/);
      expect(await page.inputValue('input[name=quantity]')).to.equal(quantity);
      expect((await getSystemSettings(services(), user.id)).auto_top_up).to.include({
        enabled: false,
        quantity: null,
        trigger_threshold: null,
      });
      await context.close();
    });
  }
});
