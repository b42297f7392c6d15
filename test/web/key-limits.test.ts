import { expect } from 'chai';
import { createApiKey } from '../../src/core/identity.js';
import { periodEndUs } from '../../src/lib/periods.js';
import { midMonthClock, recordKeySpend } from '../support/key-limits.js';
import { describeEachDatabase } from '../support/service.js';
import { logIn, makeUser, noticeText, openPage, screenshot, useBrowser } from './browser.js';

/** `2026-12-01 00:00 UTC`, as the dashboard writes times. */
const shownTime = (us: number) => new Date(us / 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** Issue 20 item 4 on the dashboard: the API keys page creates keys with limits, edits them and shows usage against them. */
describeEachDatabase(
  'dashboard: consumption key limits',
  (env) => {
    const browser = useBrowser();
    const services = () => env().service.services;
    const keyRow = (userId: string, name: string) => services().db('api_keys').where({ user_id: userId, name }).first();
    const limitsCell = (page: import('playwright-core').Page, name: string) =>
      page.locator('tbody tr', { hasText: name }).locator('td.limits').innerText();

    it('creates a key with a budget, a reset period, an expiry and two models, and lists them', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(services(), 'limits');
      await logIn(page, user.email, '/login?next=/keys');
      await page.fill('input[name=name]', 'ci');
      await page.fill('input[name=limit_usd]', '10');
      await page.selectOption('select[name=limit_reset]', 'monthly');
      await page.fill('input[name=expires]', '2099-06-30');
      await page.check('input[name="model:text-standard"]');
      await page.check('input[name="model:llama-latest"]');
      await page.click('button:has-text("Create key")');
      expect(await page.textContent('#new-key')).to.match(/^mkt_ck_/);

      const row = await keyRow(user.id, 'ci');
      expect(Number(row.limit_usd_micros)).to.equal(10_000_000);
      expect(row.limit_reset).to.equal('monthly');
      expect(Number(row.expires_at_us)).to.equal(Date.UTC(2099, 5, 30) * 1000);
      expect(JSON.parse(row.allowed_models)).to.deep.equal(['text-standard', 'llama-latest']);

      const resetsAt = periodEndUs('monthly', services().clock.nowUs())!;
      const cell = await limitsCell(page, 'ci');
      expect(cell).to.contain('$0.00 of $10.00 this month');
      expect(cell).to.contain(`resets ${shownTime(resetsAt)}`);
      expect(cell).to.contain('expires 2099-06-30 00:00 UTC');
      expect(cell).to.contain('models: text-standard, llama-latest');
      await screenshot(page, 'keys-with-limits', { fullPage: true });
      await context.close();
    });

    it('shows what a key spent this period against its budget, on the list and on its page', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(services(), 'usage');
      const { row } = await createApiKey(services().db, services().clock, user.id, 'metered', {
        expiresAtUs: null,
        limitUsdMicros: 10_000_000,
        limitReset: 'weekly',
        allowedModels: null,
      });
      await recordKeySpend(services(), row.id, 'weekly', 3_200_000, 500_000);
      await recordKeySpend(services(), row.id, 'weekly', 6_000_000, 0, services().clock.nowUs() - 7 * 86_400_000_000); // last week
      await logIn(page, user.email, '/login?next=/keys');
      const cell = await limitsCell(page, 'metered');
      expect(cell).to.contain('$3.20 of $10.00 this week');
      expect(cell).to.contain('$0.50 held by running requests');
      expect(cell).to.contain('every model');

      await page.click('tbody tr:has-text("metered") a:has-text("Edit limits")');
      await page.waitForURL(`**/keys/${row.id}`);
      expect(await page.textContent('#key-usage')).to.contain('$3.20 of $10.00 this week');
      expect(await page.inputValue('input[name=limit_usd]')).to.equal('10.00');
      expect(await page.inputValue('select[name=limit_reset]')).to.equal('weekly');
      await screenshot(page, 'key-limits-edit', { fullPage: true });
      await context.close();
    });

    it('edits a key: a new budget and period, no models ticked (every model), no expiry', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(services(), 'edit');
      const { row } = await createApiKey(services().db, services().clock, user.id, 'editable', {
        expiresAtUs: Date.UTC(2099, 0, 1) * 1000,
        limitUsdMicros: 5_000_000,
        limitReset: 'monthly',
        allowedModels: ['code-max'],
      });
      await logIn(page, user.email, `/login?next=/keys/${row.id}`);
      expect(await page.isChecked('input[name="model:code-max"]')).to.equal(true);
      expect(await page.inputValue('input[name=expires]')).to.equal('2099-01-01');
      await page.fill('input[name=limit_usd]', '$25.50');
      await page.selectOption('select[name=limit_reset]', 'daily');
      await page.uncheck('input[name="model:code-max"]');
      await page.fill('input[name=expires]', '');
      await page.click('button:has-text("Save limits")');
      await page.waitForURL('**/keys?notice=key_limits_saved');
      expect(await noticeText(page)).to.contain('limits were saved');

      const saved = await keyRow(user.id, 'editable');
      expect({
        limit: Number(saved.limit_usd_micros),
        reset: saved.limit_reset,
        models: saved.allowed_models,
        expires: saved.expires_at_us,
      }).to.deep.equal({ limit: 25_500_000, reset: 'daily', models: null, expires: null });
      const cell = await limitsCell(page, 'editable');
      expect(cell).to.contain('$0.00 of $25.50 today').and.contain('every model').and.not.contain('expires');

      // Removing the budget needs the period gone too; "Never" and an empty budget remove both.
      await page.goto(`/keys/${row.id}`);
      await page.fill('input[name=limit_usd]', '');
      await page.selectOption('select[name=limit_reset]', '');
      await page.click('button:has-text("Save limits")');
      await page.waitForURL('**/keys?notice=key_limits_saved');
      expect(await limitsCell(page, 'editable')).to.contain('no budget');
      await context.close();
    });

    it('keeps an expiry time set through the API when its day is left as it was', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(services(), 'exact');
      const exactUs = Date.UTC(2099, 5, 30, 8, 15) * 1000;
      const { row } = await createApiKey(services().db, services().clock, user.id, 'exact', {
        expiresAtUs: exactUs,
        limitUsdMicros: null,
        limitReset: null,
        allowedModels: null,
      });
      await logIn(page, user.email, `/login?next=/keys/${row.id}`);
      await page.fill('input[name=limit_usd]', '3');
      await page.click('button:has-text("Save limits")');
      await page.waitForURL('**/keys?notice=key_limits_saved');
      const saved = await keyRow(user.id, 'exact');
      expect(Number(saved.expires_at_us)).to.equal(exactUs);
      expect(Number(saved.limit_usd_micros)).to.equal(3_000_000);
      await context.close();
    });

    // what is typed on the edit page, the field marked, and the words shown
    const refusals: [string, { limit_usd?: string; limit_reset?: string; expires?: string }, string, string][] = [
      ['a budget with three decimals', { limit_usd: '10.005' }, 'limit_usd', 'at most two decimals'],
      ['a negative budget', { limit_usd: '-1' }, 'limit_usd', 'at most two decimals'],
      ['a reset period without a budget', { limit_usd: '', limit_reset: 'monthly' }, 'limit_reset', 'needs an amount'],
      ['an expiry in the past', { expires: '2001-01-01' }, 'expires', 'Choose a day after today'],
    ];
    for (const [what, typed, field, words] of refusals) {
      it(`refuses ${what} beside the field, keeps what was typed, and changes nothing`, async () => {
        const { context, page } = await openPage(browser(), env());
        const user = await makeUser(services(), 'refused');
        const { row } = await createApiKey(services().db, services().clock, user.id, 'guarded', {
          expiresAtUs: null,
          limitUsdMicros: 1_000_000,
          limitReset: null,
          allowedModels: null,
        });
        await logIn(page, user.email, `/login?next=/keys/${row.id}`);
        if (typed.limit_usd !== undefined) await page.fill('input[name=limit_usd]', typed.limit_usd);
        if (typed.limit_reset !== undefined) await page.selectOption('select[name=limit_reset]', typed.limit_reset);
        if (typed.expires !== undefined) await page.fill('input[name=expires]', typed.expires);
        const response = page.waitForResponse(
          (r) => r.url().endsWith(`/keys/${row.id}`) && r.request().method() === 'POST',
        );
        await page.click('button:has-text("Save limits")');
        expect((await response).status()).to.equal(422);
        expect(await page.textContent(`#${field}-error`)).to.contain(words);
        expect(await page.getAttribute(`[name=${field}]`, 'aria-invalid')).to.equal('true');
        if (typed.limit_usd) expect(await page.inputValue('input[name=limit_usd]')).to.equal(typed.limit_usd);
        const after = await keyRow(user.id, 'guarded');
        expect({
          limit: Number(after.limit_usd_micros),
          reset: after.limit_reset,
          expires: after.expires_at_us,
        }).to.deep.equal({ limit: 1_000_000, reset: null, expires: null });
        await context.close();
      });
    }

    it('refuses a bad budget when creating, says why, and creates nothing', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(services(), 'bad-create');
      await logIn(page, user.email, '/login?next=/keys');
      await page.fill('input[name=name]', 'nope');
      await page.fill('input[name=limit_usd]', '1.001');
      await page.click('button:has-text("Create key")');
      await page.waitForSelector('.notice.error');
      expect(await page.textContent('#limit_usd-error')).to.contain('at most two decimals');
      expect(await page.inputValue('input[name=name]')).to.equal('nope');
      expect(await page.locator('#new-key').count()).to.equal(0);
      expect(await services().db('api_keys').where({ user_id: user.id })).to.have.length(0);
      await context.close();
    });

    it("answers another user's key as missing", async () => {
      const { context, page } = await openPage(browser(), env());
      const owner = await makeUser(services(), 'owner');
      const { row } = await createApiKey(services().db, services().clock, owner.id, 'private');
      const other = await makeUser(services(), 'other');
      await logIn(page, other.email, '/login?next=/keys');
      const response = await page.goto(`/keys/${row.id}`);
      expect(response?.status()).to.equal(404);
      expect(await noticeText(page)).to.contain('That key does not exist.');
      await context.close();
    });
  },
  { clock: midMonthClock },
);
