import { expect } from 'chai';
import * as accounts from '../../src/core/accounts.js';
import { findUser } from '../../src/core/identity.js';
import { grantTokens } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { logIn, makeUser, openPage, password, sessionOf, useBrowser } from './browser.js';

describeEachDatabase('dashboard: CSRF tokens, and the session cookie on the platform API', (env) => {
  const browser = useBrowser();
  const url = (path: string) => env().service.urls.platform + path;

  /** A signed-in session made the way the log-in form makes it. */
  async function session(state: Parameters<typeof makeUser>[2] = {}) {
    const user = await makeUser(env().service.services, 'csrf', state);
    const result = await accounts.logIn(env().service.services, {
      email: user.email,
      password,
      clientAddress: '127.0.0.1',
    });
    if (!result.ok) throw new Error(`log-in failed: ${result.reason}`);
    return { user, cookie: `mkt_session=${result.session.id}`, csrfToken: result.session.csrfToken };
  }

  const postForm = (path: string, cookie: string | undefined, fields: Record<string, string>) =>
    fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  it('refuses a dashboard POST without the CSRF token or with a wrong one', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'csrf-form');
    await logIn(page, user.email);
    const { cookie, csrfToken } = await sessionOf(context, page);

    const missing = await postForm('/keys', cookie, { name: 'forged' });
    expect(missing.status).to.equal(403);
    expect(await missing.text()).to.contain('This form has expired');
    const wrong = await postForm('/keys', cookie, { name: 'forged', csrf_token: csrfToken.slice(1) + 'x' });
    expect(wrong.status).to.equal(403);
    const logOut = await postForm('/logout', cookie, {});
    expect(logOut.status).to.equal(403);
    expect(await env().service.services.db('api_keys').where({ user_id: user.id })).to.have.length(0);

    // The same refusal in the browser, when the hidden field has been taken out of a real form.
    await page.goto('/keys');
    await page.fill('input[name=name]', 'tampered');
    await page.evaluate("document.querySelector('main form input[name=csrf_token]').remove()");
    await page.click('button:has-text("Create key")');
    await page.waitForSelector('h1:has-text("This form has expired")');
    expect(await env().service.services.db('api_keys').where({ user_id: user.id })).to.have.length(0);

    const right = await postForm('/keys', cookie, { name: 'genuine', csrf_token: csrfToken });
    expect(right.status).to.equal(201);
    expect(await env().service.services.db('api_keys').where({ user_id: user.id })).to.have.length(1);
    await context.close();
  });

  it('refuses a signed-out form whose token does not match its cookie', async () => {
    const user = await makeUser(env().service.services, 'csrf-login');
    const fields = { email: user.email, password };
    const token = 'A'.repeat(43);
    expect((await postForm('/login', undefined, { ...fields, csrf_token: token })).status).to.equal(403);
    expect((await postForm('/login', `mkt_csrf=${'B'.repeat(43)}`, { ...fields, csrf_token: token })).status).to.equal(
      403,
    );
    expect(
      (await postForm('/signup', undefined, { email: 'someone@example.com', password, csrf_token: token })).status,
    ).to.equal(403);
    const matching = await postForm('/login', `mkt_csrf=${token}`, { ...fields, csrf_token: token });
    expect(matching.status).to.equal(303);
    expect(matching.headers.get('set-cookie')).to.match(/mkt_session=mkt_ss_[^;]+;.*httponly/i);
  });

  it('accepts the session cookie on the platform API, under /v1 and /api/v1', async () => {
    const { context, page } = await openPage(browser(), env());
    const user = await makeUser(env().service.services, 'csrf-api', { mode: 'advanced' });
    await logIn(page, user.email);
    const { cookie } = await sessionOf(context, page);
    for (const path of ['/v1/self/system-settings', '/api/v1/self/system-settings']) {
      const reply = await env().platform.get(path, { headers: { cookie } });
      expect(reply.status, path).to.equal(200);
      expect(reply.body.data.account_mode).to.equal('advanced');
    }
    const diagnostics = await env().platform.get('/v1/diagnostics', { headers: { cookie } });
    expect(diagnostics.status).to.equal(200);
    await context.close();
  });

  it('wants x-csrf-token on a POST or DELETE made with the cookie, before looking at the body', async () => {
    const { cookie, csrfToken, user } = await session();
    const setMode = (headers: Record<string, string>, body: unknown) =>
      env().platform.post('/v1/self/system-settings/account-mode', { headers: { cookie, ...headers }, body });

    const refused: Record<string, string>[] = [
      {},
      { 'x-csrf-token': 'wrong' },
      { 'x-csrf-token': csrfToken.toUpperCase() },
    ];
    for (const headers of refused) {
      const reply = await setMode(headers, { account_mode: 'advanced' });
      expect(reply.status, JSON.stringify(headers)).to.equal(403);
      expect(reply.body.errors.code).to.equal('csrf_token_invalid');
    }
    expect((await setMode({}, { account_mode: 'manual' })).body.errors.code).to.equal('csrf_token_invalid');
    expect((await setMode({ 'x-csrf-token': csrfToken }, { account_mode: 'manual' })).status).to.equal(422);
    const switched = await setMode({ 'x-csrf-token': csrfToken }, { account_mode: 'advanced' });
    expect(switched.status).to.equal(200);
    expect(switched.body.data.account_mode).to.equal('advanced');

    const created = await env().platform.post('/v1/api-keys', {
      headers: { cookie, 'x-csrf-token': csrfToken },
      body: { api_key: { name: 'from the session' } },
    });
    expect(created.status).to.equal(201);
    const id = created.body.data.id as string;
    expect((await env().platform.delete(`/v1/api-keys/${id}`, { headers: { cookie } })).body.errors.code).to.equal(
      'csrf_token_invalid',
    );
    expect((await env().platform.get(`/v1/api-keys/${id}`, { headers: { cookie } })).status).to.equal(200);
    expect(
      (await env().platform.delete(`/v1/api-keys/${id}`, { headers: { cookie, 'x-csrf-token': csrfToken } })).status,
    ).to.equal(204);
    expect(await env().service.services.db('api_keys').where({ user_id: user.id })).to.have.length(0);
  });

  it('uses the bearer token and ignores the cookie when a request carries both', async () => {
    const cookieHolder = await session({ mode: 'auto' });
    const tokenHolder = await makeUser(env().service.services, 'bearer', { mode: 'advanced' });
    const { accessToken } = await grantTokens(env().service.services, tokenHolder.id, [
      'account:read',
      'account:write',
    ]);

    const read = await env().platform.get('/v1/self/system-settings', {
      bearer: accessToken,
      headers: { cookie: cookieHolder.cookie },
    });
    expect(read.body.data.account_mode).to.equal('advanced');
    // No CSRF token is needed: the request is authenticated by the token, not the cookie.
    const write = await env().platform.post('/v1/self/system-settings/account-mode', {
      bearer: accessToken,
      headers: { cookie: cookieHolder.cookie },
      body: { account_mode: 'auto' },
    });
    expect(write.status).to.equal(200);
    expect((await findUser(env().service.services.db, tokenHolder.id))!.account_mode).to.equal('auto');
    // A bad token is a 401 even beside a good cookie.
    const bad = await env().platform.get('/v1/self/system-settings', {
      bearer: 'mkt_at_nothing',
      headers: { cookie: cookieHolder.cookie },
    });
    expect(bad.status).to.equal(401);
    expect(bad.body.errors.code).to.equal('invalid_token');
  });

  it('refuses an unknown, expired or logged-out session with 401 invalid_token', async () => {
    const get = (cookie: string) => env().platform.get('/v1/self/system-settings', { headers: { cookie } });
    for (const cookie of ['mkt_session=mkt_ss_unknown', 'mkt_session=%E0%A4%A', 'mkt_session=']) {
      const reply = await get(cookie);
      expect(reply.status, cookie).to.equal(401);
      expect(reply.body.errors.code).to.equal('invalid_token');
      expect(reply.headers.get('www-authenticate')).to.match(/^Bearer realm="mkt"/);
    }
    const expired = await session();
    await env()
      .service.services.db('sessions')
      .where({ user_id: expired.user.id })
      .update({ expires_at_us: Date.now() * 1000 - 1 });
    expect((await get(expired.cookie)).status).to.equal(401);

    const loggedOut = await session();
    expect((await get(loggedOut.cookie)).status).to.equal(200);
    expect((await postForm('/logout', loggedOut.cookie, { csrf_token: loggedOut.csrfToken })).status).to.equal(303);
    expect((await get(loggedOut.cookie)).status).to.equal(401);
  });
});
