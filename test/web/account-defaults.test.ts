import { expect } from 'chai';
import { getSystemSettings } from '../../src/core/settings.js';
import { describeEachDatabase } from '../support/service.js';
import { logIn, makeUser, noticeText, openPage, screenshot, useBrowser } from './browser.js';

/** Issue 20, the defaults of items 2 and 6 on the dashboard: the Account page sets auto_buy_max_price and self_trade_prevention. */
describeEachDatabase('dashboard: the account defaults at /account', (env) => {
  const browser = useBrowser();
  const services = () => env().service.services;

  it('sets the auto-buy price cap and removes it again', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(services(), 'cap');
    await logIn(page, user.email, '/login?next=/account');
    expect(await page.textContent('#auto-buy-cap')).to.contain('none');

    await page.fill('input[name=auto_buy_max_price]', '$0.45');
    await page.click('button:has-text("Save price cap")');
    await page.waitForURL('**/account?notice=defaults_saved');
    expect(await noticeText(page)).to.contain('Default saved.');
    expect(await page.textContent('#auto-buy-cap')).to.contain('$0.4500 per Unit');
    expect(await page.inputValue('input[name=auto_buy_max_price]')).to.equal('0.4500');
    expect((await getSystemSettings(services(), user.id)).auto_buy_max_price).to.equal('0.4500');

    await page.fill('input[name=auto_buy_max_price]', '');
    await page.click('button:has-text("Save price cap")');
    await page.waitForURL('**/account?notice=defaults_saved');
    expect((await getSystemSettings(services(), user.id)).auto_buy_max_price).to.equal(null);
    await context.close();
  });

  it('refuses a price that is not one beside the field, keeping what was typed', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(services(), 'bad-cap');
    await logIn(page, user.email, '/login?next=/account');
    await page.fill('input[name=auto_buy_max_price]', '0.12345');
    const response = page.waitForResponse((r) => r.url().endsWith('/account/auto-buy'));
    await page.click('button:has-text("Save price cap")');
    expect((await response).status()).to.equal(422);
    expect(await page.textContent('#auto_buy_max_price-error')).to.contain('at most four decimals');
    expect(await page.inputValue('input[name=auto_buy_max_price]')).to.equal('0.12345');
    expect((await getSystemSettings(services(), user.id)).auto_buy_max_price).to.equal(null);
    await context.close();
  });

  it('sets self-trade prevention to each mode', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(services(), 'stp', { mode: 'advanced' });
    await logIn(page, user.email, '/login?next=/account');
    expect(await page.textContent('#stp-current')).to.equal('expire_taker');
    for (const mode of ['expire_maker', 'expire_both', 'decrement', 'expire_taker'] as const) {
      await page.selectOption('select[name=self_trade_prevention]', mode);
      await page.click('button:has-text("Save order default")');
      await page.waitForURL('**/account?notice=defaults_saved');
      expect(await page.textContent('#stp-current')).to.equal(mode);
      expect(await page.inputValue('select[name=self_trade_prevention]')).to.equal(mode);
      expect((await getSystemSettings(services(), user.id)).self_trade_prevention).to.equal(mode);
    }
    await page.selectOption('select[name=self_trade_prevention]', 'decrement');
    await screenshot(page, 'account-defaults', { fullPage: true });
    await context.close();
  });

  it('refuses both defaults until the legal terms are accepted, saying how to fix it', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(services(), 'terms', { acceptTerms: false });
    await logIn(page, user.email, '/login?next=/account');
    await page.fill('input[name=auto_buy_max_price]', '0.50');
    await page.click('button:has-text("Save price cap")');
    expect(await page.textContent('.notice.error'))
      .to.contain('This setting cannot change until you accept the legal terms')
      .and.contain('Read and accept the legal terms');
    await page.selectOption('select[name=self_trade_prevention]', 'decrement');
    const response = page.waitForResponse((r) => r.url().endsWith('/account/trading'));
    await page.click('button:has-text("Save order default")');
    expect((await response).status()).to.equal(403);
    const settings = await getSystemSettings(services(), user.id);
    expect({ cap: settings.auto_buy_max_price, stp: settings.self_trade_prevention }).to.deep.equal({
      cap: null,
      stp: 'expire_taker',
    });
    await context.close();
  });
});
