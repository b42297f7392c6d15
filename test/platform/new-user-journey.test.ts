import { expect } from 'chai';
import * as client from 'openid-client';
import nacl from 'tweetnacl';
import { describeEachDatabase } from '../support/service.js';
import { mailedLink, noticeText, openPage, password, uniqueEmail, useBrowser } from '../web/browser.js';

/**
 * Issue 3's "done when": a new user with only a terminal (openid-client, fetch) and a browser
 * (headless Chromium) gets from nothing to a working consumption key, a working signing key and
 * Advanced Mode, then revokes the login.
 */
describeEachDatabase(
  'a new user with only a terminal and a browser',
  (env) => {
    const browser = useBrowser();

    it('signs up, verifies, accepts the terms, logs in through the device flow, uses both keys, switches mode, revokes', async function () {
      this.timeout(120_000);
      const platformUrl = env().service.urls.platform!;
      const { context, page } = await openPage(browser(), env());

      // Browser: sign up, verify the email from the link in the server log, accept the terms.
      const email = uniqueEmail('journey');
      await page.goto('/signup');
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', password);
      await Promise.all([page.waitForURL('**/?notice=signed_up'), page.click('button:has-text("Create account")')]);
      await page.goto(mailedLink(env(), email));
      expect(await noticeText(page)).to.contain('verified');
      await page.goto('/terms');
      await page.check('input[name=accept]');
      await Promise.all([
        page.waitForURL('**/?notice=terms_accepted'),
        page.click('button:has-text("Accept the terms")'),
      ]);

      // Terminal: start the RFC 8628 login with a real client; browser: approve the code it shows.
      const config = new client.Configuration(
        {
          issuer: platformUrl,
          device_authorization_endpoint: `${platformUrl}/v1/oauth/device/code`,
          token_endpoint: `${platformUrl}/v1/oauth/token`,
          revocation_endpoint: `${platformUrl}/v1/oauth/revoke`,
        },
        'mkt-cli',
        undefined,
        client.None(),
      );
      client.allowInsecureRequests(config);
      const device = await client.initiateDeviceAuthorization(config, {
        scope: 'keys:manage account:read account:write',
      });
      const polling = client.pollDeviceAuthorizationGrant(config, device);
      await page.goto(device.verification_uri_complete!);
      expect(await page.textContent('body')).to.contain(device.user_code);
      await Promise.all([page.waitForLoadState(), page.click('button:has-text("Approve")')]);
      const tokens = await polling;
      expect(tokens.access_token).to.match(/^mkt_at_/);
      expect(tokens.refresh_token).to.match(/^mkt_rt_/);
      const bearer = tokens.access_token;

      // Terminal: a consumption key on the platform API, then the consumption API with it.
      const created = await env().platform.post('/v1/api-keys', { bearer, body: { api_key: { name: 'laptop' } } });
      expect(created.status).to.equal(201);
      const models = await env().consumption.get('/v1/models', { bearer: created.body.data.key });
      expect(models.status).to.equal(200);
      expect(models.body.data.map((m: { id: string }) => m.id)).to.include('text-standard');

      // Terminal: a signing key made locally, registered, then a signed GET /v1/me on trading.
      const pair = nacl.sign.keyPair();
      const registered = await env().platform.post('/v1/signing-keys', {
        bearer,
        body: { signing_key: { label: 'laptop', public_key: Buffer.from(pair.publicKey).toString('base64') } },
      });
      expect(registered.status).to.equal(201);
      const signingKey = {
        privateKey: Buffer.from(pair.secretKey).toString('base64'),
        fingerprint: registered.body.data.fingerprint as string,
      };
      const me = await env().trading.get('/v1/me', { sign: signingKey });
      expect(me.status).to.equal(200);
      expect(me.body.data).to.deep.include({ email, account_mode: 'auto' });

      // Terminal: switch to Advanced Mode; the trading API sees it at once.
      const switched = await env().platform.post('/v1/self/system-settings/account-mode', {
        bearer,
        body: { account_mode: 'advanced' },
      });
      expect(switched.status).to.equal(200);
      expect(switched.body.data.account_mode).to.equal('advanced');
      expect((await env().trading.get('/v1/me', { sign: signingKey })).body.data.account_mode).to.equal('advanced');

      // Terminal: revoke the login; the token stops working, the keys it made do not depend on it.
      await client.tokenRevocation(config, bearer);
      const after = await env().platform.get('/v1/api-keys', { bearer });
      expect(after.status).to.equal(401);
      expect(after.body.errors.code).to.equal('invalid_token');
      expect((await env().consumption.get('/v1/models', { bearer: created.body.data.key })).status).to.equal(200);
      await context.close();
    });
  },
  { captureLog: true },
);
