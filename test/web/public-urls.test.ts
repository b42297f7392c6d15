import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { resolveModel } from '../../src/core/reference.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { checkContract } from '../support/contract.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { mkt } from '../support/processes.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { mailedLink, password, uniqueEmail } from './browser.js';
import { cookieNamed, fetchHeaders, sendPage, sendRaw } from './form-client.js';

/**
 * Issue 11 item 5 (DESIGN.md §9): links in mail, verification_uri and the 307's Location come from
 * the configured public URL of each host, or the listener's, and never from the Host header; the
 * dashboard's cookies are Secure when the platform's public URL is https.
 */
const configured = {
  MKT_PUBLIC_URL_PLATFORM: 'https://platform.mkt.example',
  MKT_PUBLIC_URL_CONSUMPTION: 'https://API.mkt.example/', // the trailing slash is trimmed, the host lower-cased
  MKT_PUBLIC_URL_MESSAGES: 'https://messages.mkt.example:8443',
  MKT_PUBLIC_URL_TRADING: 'http://trading.mkt.example',
};
const forgedHost = 'evil.example';

/** POST /v1/oauth/device/code with a forged Host header, contract-checked like every reply. */
async function deviceCodeWithHost(env: TestEnvironment, host: string) {
  const reply = await sendRaw(env.platform.baseUrl, 'POST', '/v1/oauth/device/code', {
    host,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'client_id=mkt-cli&scope=account%3Aread',
  });
  const body = JSON.parse(reply.text);
  await checkContract({
    host: 'platform',
    method: 'POST',
    path: '/v1/oauth/device/code',
    status: reply.status,
    headers: fetchHeaders(reply),
    body,
    text: reply.text,
  });
  expect(reply.status, reply.text).to.equal(200);
  return body as { user_code: string; verification_uri: string; verification_uri_complete: string };
}

async function metadataWithHost(env: TestEnvironment, host: string) {
  const reply = await sendRaw(env.platform.baseUrl, 'GET', '/.well-known/oauth-authorization-server', { host });
  expect(reply.status, reply.text).to.equal(200);
  return JSON.parse(reply.text) as Record<string, string>;
}

/** A user with one Unit of text-standard in its consumption account: enough for a 307. */
async function callerWithCapacity(env: TestEnvironment): Promise<TestUser> {
  const services = env.service.services;
  const user = await createTestUser(services);
  const instrument = (await resolveModel(services, 'text-standard'))!;
  await giveUnits(services, user.userId, instrument.id, 1);
  await services.db.transaction((trx) =>
    transferToConsumption(trx, {
      userId: user.userId,
      instrumentId: instrument.id,
      quantity: 1,
      orderId: null,
      nowUs: services.clock.nowUs(),
    }),
  );
  return user;
}

/** The Location of each 307, sent with a forged Host header. */
async function redirectsOf(env: TestEnvironment, user: TestUser) {
  const chat = JSON.stringify({ model: 'text-standard', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
  const json = { 'content-type': 'application/json' };
  const consumption = await sendRaw(env.consumption.baseUrl, 'POST', '/v1/chat/completions', {
    host: forgedHost,
    headers: { ...json, authorization: `Bearer ${user.apiKey}` },
    body: chat,
  });
  const responses = await sendRaw(env.consumption.baseUrl, 'POST', '/v1/responses', {
    host: forgedHost,
    headers: { ...json, authorization: `Bearer ${user.apiKey}` },
    body: JSON.stringify({ model: 'text-standard', max_output_tokens: 16, input: 'hi' }),
  });
  const messages = await sendRaw(env.messages.baseUrl, 'POST', '/v1/messages', {
    host: forgedHost,
    headers: { ...json, 'x-api-key': user.apiKey },
    body: chat,
  });
  for (const reply of [consumption, responses, messages]) expect(reply.status, reply.text).to.equal(307);
  return {
    chat: withoutTicket(consumption.headers.location),
    responses: withoutTicket(responses.headers.location),
    messages: withoutTicket(messages.headers.location),
  };
}

/** The Location less its admission ticket (`?ticket=…`, the only query it carries), which differs every time. */
function withoutTicket(location: string | string[] | undefined): string {
  const text = String(location);
  expect(text).to.match(/\?ticket=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  return text.slice(0, text.indexOf('?'));
}

describeEachDatabase(
  'public URLs: configured, whatever the Host header says',
  (env) => {
    it('mails the verification link on MKT_PUBLIC_URL_PLATFORM when the sign-up came with Host: evil.example', async () => {
      const email = uniqueEmail('forged-host');
      const reply = await sendPage(env().platform.baseUrl, 'POST', '/signup', {
        host: forgedHost,
        form: { email, password },
      });
      expect(reply.status, reply.text).to.equal(303);
      const link = mailedLink(env(), email);
      expect(link).to.match(/^https:\/\/platform\.mkt\.example\/verify-email\?token=mkt_ev_[A-Za-z0-9_-]+$/);
      expect(link).not.to.contain(forgedHost);
    });

    it('names the configured platform URL in verification_uri and in the authorization server metadata', async () => {
      const body = await deviceCodeWithHost(env(), forgedHost);
      expect(body.verification_uri).to.equal('https://platform.mkt.example/device');
      expect(body.verification_uri_complete).to.equal(
        `https://platform.mkt.example/device?user_code=${body.user_code}`,
      );
      const metadata = await metadataWithHost(env(), forgedHost);
      expect(metadata.issuer).to.equal('https://platform.mkt.example');
      expect(metadata.device_authorization_endpoint).to.equal('https://platform.mkt.example/v1/oauth/device/code');
    });

    it('sets the session and CSRF cookies Secure, because the platform URL is https', async () => {
      const page = await sendPage(env().platform.baseUrl, 'GET', '/login');
      expect(cookieNamed(page, 'mkt_csrf')).to.match(/; secure/i);
      const signUp = await sendPage(env().platform.baseUrl, 'POST', '/signup', {
        form: { email: uniqueEmail('secure'), password },
      });
      expect(signUp.status, signUp.text).to.equal(303);
      const session = cookieNamed(signUp, 'mkt_session');
      expect(session)
        .to.match(/; secure/i)
        .and.to.match(/; httponly/i);
    });

    it('redirects inference to an absolute Location on the public URL of the host that answered', async () => {
      const locations = await redirectsOf(env(), await callerWithCapacity(env()));
      expect(locations).to.deep.equal({
        chat: 'https://api.mkt.example/r/v1/chat/completions',
        responses: 'https://api.mkt.example/r/v1/responses',
        messages: 'https://messages.mkt.example:8443/r/v1/messages',
      });
    });
  },
  { env: configured, captureLog: true },
);

describeEachDatabase(
  'public URLs: the listeners by default',
  (env) => {
    it('names the listener in verification_uri and the metadata whatever the Host header says', async () => {
      const platform = env().service.urls.platform!;
      const body = await deviceCodeWithHost(env(), forgedHost);
      expect(body.verification_uri).to.equal(`${platform}/device`);
      expect(body.verification_uri_complete).to.equal(`${platform}/device?user_code=${body.user_code}`);
      expect((await metadataWithHost(env(), `localhost:${new URL(platform).port}`)).issuer).to.equal(platform);
    });

    it('mails the link on the listener, and sets cookies without Secure over plain HTTP', async () => {
      const email = uniqueEmail('listener');
      const reply = await sendPage(env().platform.baseUrl, 'POST', '/signup', {
        host: forgedHost,
        form: { email, password },
      });
      expect(reply.status, reply.text).to.equal(303);
      expect(mailedLink(env(), email)).to.match(
        new RegExp(`^${env().service.urls.platform}/verify-email\\?token=mkt_ev_`),
      );
      expect(cookieNamed(reply, 'mkt_session'))
        .to.be.a('string')
        .and.not.to.match(/; secure/i);
    });

    it('redirects inference to the listener of the host that answered, absolute', async () => {
      const locations = await redirectsOf(env(), await callerWithCapacity(env()));
      expect(locations).to.deep.equal({
        chat: `${env().service.urls.consumption}/r/v1/chat/completions`,
        responses: `${env().service.urls.consumption}/r/v1/responses`,
        messages: `${env().service.urls.messages}/r/v1/messages`,
      });
    });
  },
  { captureLog: true },
);

describe('public URLs: a bad one stops the start', () => {
  const refused: [string, string][] = [
    ['not a URL', 'not a URL'],
    ['ftp://files.example', 'the scheme is ftp'],
    ['https://api.example/v1', 'has a path'],
    ['https://api.example/?x=1', 'has a path, query or fragment'],
    ['https://api.example/#top', 'has a path, query or fragment'],
    ['https://user:secret@api.example', 'credentials'],
    ['api.example', 'not a URL'],
  ];
  for (const [value, why] of refused) {
    it(`refuses MKT_PUBLIC_URL_PLATFORM=${value} (${why})`, () => {
      expect(() => loadConfig({ MKT_PUBLIC_URL_PLATFORM: value })).to.throw(
        /MKT_PUBLIC_URL_PLATFORM must be an absolute http or https URL with no path/,
      );
    });
  }

  it('accepts an origin, trims a trailing slash and lower-cases the host', () => {
    expect(loadConfig({ MKT_PUBLIC_URL_TRADING: 'https://Trading.Example:8443/' }).publicUrls).to.deep.equal({
      trading: 'https://trading.example:8443',
    });
    expect(loadConfig({}).publicUrls).to.deep.equal({});
  });

  for (const database of databaseKinds) {
    it(`mkt serve exits 1 with the reason on stderr, before it listens [${database}]`, async function () {
      this.timeout(30_000);
      const result = await mkt(['serve'], {
        DATABASE_URL: await freshDatabaseUrl(database),
        MKT_CONSUMPTION_PORT: '0',
        MKT_MESSAGES_PORT: '0',
        MKT_TRADING_PORT: '0',
        MKT_PLATFORM_PORT: '0',
        MKT_PUBLIC_URL_CONSUMPTION: 'https://api.example/v1',
      });
      expect(result.code).to.equal(1);
      expect(result.stderr)
        .to.contain('MKT_PUBLIC_URL_CONSUMPTION must be an absolute http or https URL with no path')
        .and.to.contain('https://api.example/v1');
      expect(result.stderr).not.to.contain('mkt is serving');
    });
  }
});
