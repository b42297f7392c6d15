import { expect } from 'chai';
import { hashSecret } from '../../src/lib/secrets.js';
import { describeEachDatabase } from '../support/service.js';
import {
  logIn,
  mailedLink,
  makeUser,
  noticeText,
  openPage,
  password,
  screenshot,
  uniqueEmail,
  useBrowser,
} from './browser.js';

describeEachDatabase(
  'dashboard: sign-up, email verification, terms, log-in and log-out',
  (env) => {
    const browser = useBrowser();

    it('signs up, verifies the email from the mailed link, accepts the terms, logs out and logs back in', async () => {
      const { context, page } = await openPage(browser(), env());
      const email = uniqueEmail('signup');
      await page.goto('/signup');
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', password);
      await Promise.all([page.waitForURL('**/?notice=signed_up'), page.click('button:has-text("Create account")')]);
      expect(await noticeText(page)).to.contain('We sent a verification link');
      expect(await page.textContent('dl.facts'))
        .to.contain('Not verified')
        .and.to.contain('Not accepted')
        .and.to.contain('Auto Mode');

      const link = mailedLink(env(), email);
      expect(link).to.match(new RegExp(`^${env().service.urls.platform}/verify-email\\?token=mkt_ev_`));
      await page.goto(link);
      expect(await noticeText(page)).to.contain('Your email address is verified.');
      await page.goto(link);
      expect(await noticeText(page)).to.contain('already verified');

      await page.goto('/terms');
      await page.check('input[name=accept]');
      await Promise.all([
        page.waitForURL('**/?notice=terms_accepted'),
        page.click('button:has-text("Accept the terms")'),
      ]);
      const facts = await page.textContent('dl.facts');
      expect(facts).to.contain('Verified').and.to.contain('Accepted').and.not.to.contain('Not ');

      await Promise.all([
        page.waitForURL('**/login?notice=logged_out'),
        page.click('header button:has-text("Log out")'),
      ]);
      expect(await noticeText(page)).to.contain('You are logged out.');
      await page.goto('/keys');
      expect(new URL(page.url()).pathname).to.equal('/login');

      await logIn(page, email);
      expect(new URL(page.url()).pathname).to.equal('/');
      expect(await page.textContent('header .who')).to.contain(email);
      await context.close();
    });

    it('refuses a wrong password, an unknown email and an inactive account at log-in', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(env().service.services, 'login');
      const attempt = async (email: string, pass: string) => {
        await page.goto('/login');
        await page.fill('input[name=email]', email);
        await page.fill('input[name=password]', pass);
        await page.click('button:has-text("Log in")');
        await page.waitForLoadState();
        return noticeText(page);
      };
      expect(await attempt(user.email, 'not the password')).to.contain('The email address or password is incorrect.');
      expect(await attempt(uniqueEmail('nobody'), password)).to.contain('The email address or password is incorrect.');
      expect(await page.inputValue('input[name=email]')).to.match(/^nobody-/); // the address is kept for another try
      await env().service.services.db('users').where({ id: user.id }).update({ status: 'inactive' });
      expect(await attempt(user.email, password)).to.contain('This account is inactive');
      expect((await context.cookies()).find((c) => c.name === 'mkt_session')).to.equal(undefined);
      await context.close();
    });

    it('refuses a taken email, a bad address and a short password at sign-up', async () => {
      const { context, page } = await openPage(browser(), env());
      const existing = await makeUser(env().service.services, 'taken');
      const attempt = async (email: string, pass: string) => {
        await page.goto('/signup');
        await page.fill('input[name=email]', email);
        // The browser's own checks (type=email, minlength) would stop the form; the server's are under test.
        await page.evaluate("document.querySelector('main form').setAttribute('novalidate', '')");
        await page.fill('input[name=password]', pass);
        await page.click('button:has-text("Create account")');
        await page.waitForLoadState();
        return noticeText(page);
      };
      expect(await attempt(existing.email.toUpperCase(), password)).to.contain('already exists');
      expect(await attempt('not-an-address', password)).to.contain('Enter a valid email address');
      expect(await attempt(uniqueEmail('short'), 'short')).to.contain('at least 10 characters');
      await context.close();
    });

    it('returns to a local ?next= path after log-in and ignores one that leaves the site', async () => {
      const { context, page } = await openPage(browser(), env());
      const user = await makeUser(env().service.services, 'next');
      await logIn(page, user.email, '/login?next=%2Fsigning-keys%3Fx%3D1');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/signing-keys?x=1');
      await context.clearCookies();
      for (const away of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
        await logIn(page, user.email, `/login?next=${encodeURIComponent(away)}`);
        const url = new URL(page.url());
        expect(url.origin, away).to.equal(env().service.urls.platform);
        expect(url.pathname, away).to.equal('/');
        await context.clearCookies();
      }
      await context.close();
    });

    it('keeps sessions and verification tokens only as hashes, in an HttpOnly SameSite=Lax cookie; log-out revokes the session', async () => {
      const { context, page } = await openPage(browser(), env());
      const email = uniqueEmail('hashes');
      await page.goto('/signup');
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', password);
      await Promise.all([page.waitForURL('**/?notice=signed_up'), page.click('button:has-text("Create account")')]);
      const cookie = (await context.cookies()).find((c) => c.name === 'mkt_session')!;
      expect(cookie.httpOnly).to.equal(true);
      expect(cookie.sameSite).to.equal('Lax');
      expect(cookie.expires).to.be.greaterThan(Date.now() / 1000 + 6 * 24 * 3600);

      const { db } = env().service.services;
      const user = await db('users').where({ email }).first();
      const sessions = await db('sessions').where({ user_id: user.id });
      expect(sessions).to.have.length(1);
      expect(sessions[0].id_hash).to.equal(hashSecret(cookie.value));
      expect(JSON.stringify(sessions)).not.to.contain(cookie.value);
      const token = new URL(mailedLink(env(), email)).searchParams.get('token')!;
      const verifications = await db('email_verifications').where({ user_id: user.id });
      expect(verifications.map((v: { token_hash: string }) => v.token_hash)).to.deep.equal([hashSecret(token)]);

      await page.click('header button:has-text("Log out")');
      await page.waitForURL('**/login?notice=logged_out');
      expect(
        Number(
          (
            await db('sessions')
              .where({ id_hash: hashSecret(cookie.value) })
              .first()
          ).revoked_at_us,
        ),
      ).to.be.greaterThan(0);
      // The old cookie, replayed, no longer opens anything.
      const replay = await fetch(`${env().service.urls.platform}/keys`, {
        headers: { cookie: `mkt_session=${cookie.value}` },
        redirect: 'manual',
      });
      expect(replay.status).to.equal(303);
      expect(replay.headers.get('location')).to.equal('/login?next=%2Fkeys');
      await context.close();
    });

    it('builds the verification link on this host, whatever Origin header the sign-up carries', async () => {
      const base = env().service.urls.platform;
      const form = await fetch(`${base}/signup`);
      const cookie = form.headers.get('set-cookie')!.split(';')[0]!;
      const token = /name="csrf_token" value="([^"]+)"/.exec(await form.text())![1]!;
      const email = uniqueEmail('origin');
      for (const origin of [undefined, 'https://evil.example']) {
        const signUp = await fetch(`${base}/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...(origin ? { origin } : {}) },
          body: new URLSearchParams({ csrf_token: token, email: origin ? `x${email}` : email, password }).toString(),
          redirect: 'manual',
        });
        expect(signUp.status).to.equal(303);
        expect(mailedLink(env(), origin ? `x${email}` : email)).to.match(new RegExp(`^${base}/verify-email\\?token=`));
      }
    });

    it('answers an unknown, expired or missing verification token with a clear page', async () => {
      const { context, page } = await openPage(browser(), env());
      const email = uniqueEmail('expired');
      await page.goto('/signup');
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', password);
      await Promise.all([page.waitForURL('**/?notice=signed_up'), page.click('button:has-text("Create account")')]);
      const link = mailedLink(env(), email);
      const { db } = env().service.services;
      await db('email_verifications')
        .where({ token_hash: hashSecret(new URL(link).searchParams.get('token')!) })
        .update({ expires_at_us: 1 });

      expect((await page.goto(link))!.status()).to.equal(410);
      expect(await noticeText(page)).to.contain('expired or was already used');
      expect((await page.goto('/verify-email?token=mkt_ev_unknown'))!.status()).to.equal(404);
      expect(await noticeText(page)).to.contain('not valid');
      expect((await page.goto('/verify-email'))!.status()).to.equal(404);

      // A new link from the home page works; asking again at once is refused politely.
      await page.goto('/');
      await page.click('button:has-text("Send a new link")');
      await page.waitForURL('**/?notice=verification_too_soon');
      await db('email_verifications').update({ created_at_us: 1 });
      await page.click('button:has-text("Send a new link")');
      await page.waitForURL('**/?notice=verification_sent');
      const fresh = mailedLink(env(), email);
      expect(fresh).not.to.equal(link);
      await page.goto(fresh);
      expect(await noticeText(page)).to.contain('Your email address is verified.');
      await screenshot(page, `verify-email-${env().database}`);
      await context.close();
    });
  },
  { captureLog: true },
);
