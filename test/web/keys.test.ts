import { createHash } from 'node:crypto';
import { expect } from 'chai';
import nacl from 'tweetnacl';
import { describeEachDatabase } from '../support/service.js';
import { logIn, makeUser, noticeText, openPage, useBrowser } from './browser.js';

describeEachDatabase('dashboard: consumption keys and trading signing keys', (env) => {
  const browser = useBrowser();

  it('creates a consumption key, shows the raw key once, lists it and deletes it', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'keys');
    await logIn(page, user.email, '/login?next=/keys');
    expect(await page.textContent('tbody')).to.contain('No keys yet.');

    await page.fill('input[name=name]', 'laptop');
    await page.click('button:has-text("Create key")');
    const key = (await page.textContent('#new-key'))!;
    expect(key).to.match(/^mkt_ck_[A-Za-z0-9]{43}$/);
    expect(await noticeText(page)).to.contain('it will not be shown again');
    const row = page.locator('tbody tr', { hasText: 'laptop' });
    const cells = await row.locator('td').allInnerTexts();
    const prefix = (await env().service.services.db('api_keys').where({ user_id: user.id }).first())
      .key_prefix as string;
    expect(key.startsWith(prefix)).to.equal(true);
    expect(cells.slice(0, 3)).to.deep.equal(['laptop', `${prefix}…`, 'Active']);
    expect(cells[3]).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(cells[4]).to.equal('never');

    // The key works on the consumption API; the list then shows it as used.
    const models = await env().consumption.get('/v1/models', { bearer: key });
    expect(models.status).to.equal(200);
    await page.goto('/keys');
    expect(await page.content()).not.to.contain(key);
    expect((await page.locator('tbody tr', { hasText: 'laptop' }).locator('td').allInnerTexts())[4]).to.match(/UTC$/);

    await page.click('tbody tr:has-text("laptop") button:has-text("Delete")');
    await page.waitForURL('**/keys?notice=key_deleted');
    expect(await noticeText(page)).to.contain('The API key was deleted.');
    expect(await page.textContent('tbody')).to.contain('No keys yet.');
    expect((await env().consumption.get('/v1/models', { bearer: key })).status).to.equal(401);
    await context.close();
  });

  it('refuses a key without a name and says why', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'nameless');
    await logIn(page, user.email, '/login?next=/keys');
    await page.evaluate("document.querySelector('input[name=name]').removeAttribute('required')");
    await page.fill('input[name=name]', '   ');
    await page.click('button:has-text("Create key")');
    await page.waitForSelector('.notice.error');
    expect(await noticeText(page)).to.contain('Give it a name of 1 to 100 characters.');
    expect(await page.locator('#new-key').count()).to.equal(0);
    await context.close();
  });

  it('registers a signing key, shows its fingerprint (SHA-256 of the raw key, base64 without padding) and deletes it', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'signing');
    await logIn(page, user.email, '/login?next=/signing-keys');
    const pair = nacl.sign.keyPair();
    const publicKey = Buffer.from(pair.publicKey).toString('base64');
    const expected = createHash('sha256').update(pair.publicKey).digest('base64').replace(/=+$/, '');
    expect(expected).to.have.length(43);

    await page.fill('input[name=label]', 'trading-bot');
    await page.fill('input[name=public_key]', publicKey);
    await page.click('button:has-text("Register")');
    expect(await page.textContent('#new-fingerprint')).to.equal(expected);
    expect(await page.locator('tbody tr', { hasText: 'trading-bot' }).locator('td').nth(1).innerText()).to.equal(
      expected,
    );

    // The registered key signs trading requests under that fingerprint.
    const me = await env().trading.get('/v1/me', {
      sign: { privateKey: Buffer.from(pair.secretKey).toString('base64'), fingerprint: expected },
    });
    expect(me.status).to.equal(200);
    expect(me.body.data.signing_key.fingerprint).to.equal(expected);

    await page.click('tbody tr:has-text("trading-bot") button:has-text("Delete")');
    await page.waitForURL('**/signing-keys?notice=signing_key_deleted');
    expect(await page.textContent('tbody')).to.contain('No signing keys yet.');
    await context.close();
  });

  it('refuses a public key that is not one, and one already registered, with the reason', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'bad-key');
    await logIn(page, user.email, '/login?next=/signing-keys');
    const register = async (label: string, publicKey: string) => {
      await page.goto('/signing-keys');
      await page.fill('input[name=label]', label);
      await page.fill('input[name=public_key]', publicKey);
      await page.click('button:has-text("Register")');
      await page.waitForSelector('.notice');
      return noticeText(page);
    };
    expect(await register('pem', '-----BEGIN PUBLIC KEY-----')).to.contain('not a valid Ed25519 public key');
    expect(await page.inputValue('input[name=public_key]')).to.equal('-----BEGIN PUBLIC KEY-----');
    const publicKey = Buffer.from(nacl.sign.keyPair().publicKey).toString('base64');
    expect(await register('first', publicKey)).to.contain('registered');
    expect(await register('again', publicKey)).to.contain('already registered');
    expect(await env().service.services.db('signing_keys').where({ user_id: user.id })).to.have.length(1);
    await context.close();
  });
});
