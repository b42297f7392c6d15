import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { systemClock } from '../../src/lib/clock.js';
import { createUser } from '../../src/core/identity.js';
import { startDeviceAuthorization, userCodeAlphabet } from '../../src/platform/oauth.js';
import { throttlePolicies } from '../../src/core/throttles.js';
import { checkContract } from '../support/contract.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mktServe, type ServeProcess } from '../support/processes.js';
import { describeEachDatabase, TestClock, type TestEnvironment } from '../support/service.js';
import { makeUser, password, uniqueEmail } from './browser.js';
import { cookieNamed, fetchHeaders, sendPage, sendRaw, type PageReply } from './form-client.js';

/**
 * Issue 11 item 4 (DESIGN.md §9): log-ins, device-code requests and user-code guesses are
 * throttled per account (or session, or client) and per client address, with delays that double;
 * a throttled request is 429 with Retry-After, and the state is in the database, so every process
 * enforces it. Time moves by the service's test clock, not by waiting.
 */

const wrongPassword = 'not the password at all';
const hour = 3_600_000;

function logIn(env: TestEnvironment, email: string, pass: string, from?: string): Promise<PageReply> {
  return sendPage(env.platform.baseUrl, 'POST', '/login', {
    form: { email, password: pass },
    ...(from ? { from } : {}),
  });
}

function retryAfterOf(reply: PageReply): number {
  const value = reply.headers['retry-after'];
  expect(value, 'Retry-After').to.match(/^[1-9][0-9]*$/);
  return Number(value);
}

function expectThrottledPage(reply: PageReply): number {
  expect(reply.status, reply.text.slice(0, 300)).to.equal(429);
  expect(reply.headers['content-type']).to.match(/^text\/html/);
  expect(reply.text).to.contain('Too many failed attempts');
  expect(cookieNamed(reply, 'mkt_session')).to.equal(undefined);
  return retryAfterOf(reply);
}

const expectRefusedPassword = (reply: PageReply) => {
  expect(reply.status, reply.text.slice(0, 300)).to.equal(422);
  expect(reply.text).to.contain('The email address or password is incorrect.');
};

const expectLoggedIn = (reply: PageReply) => {
  expect(reply.status, reply.text.slice(0, 300)).to.equal(303);
  expect(cookieNamed(reply, 'mkt_session')).to.match(/^mkt_session=mkt_ss_/);
};

/** POST /v1/oauth/device/code from a given local address, contract-checked. */
async function startLogin(
  env: TestEnvironment,
  from?: string,
): Promise<{ status: number; body: any; retryAfter: string | undefined; cacheControl: string | undefined }> {
  const reply = await sendRaw(env.platform.baseUrl, 'POST', '/v1/oauth/device/code', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'client_id=mkt-cli&scope=account%3Aread',
    ...(from ? { from } : {}),
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
  return {
    status: reply.status,
    body,
    retryAfter: reply.headers['retry-after'] as string | undefined,
    cacheControl: reply.headers['cache-control'] as string | undefined,
  };
}

describeEachDatabase(
  'throttles: log-in, device codes and user codes',
  (env) => {
    const clock = () => env().service.services.clock as TestClock;
    // Every test starts with empty windows: the clock moves past all of them.
    afterEach(() => clock().advance(2 * hour));

    describe('log-in on the dashboard form', () => {
      it('refuses five wrong passwords, then answers 429 with Retry-After even to the right one, with growing waits; after the wait the right one logs in', async () => {
        const user = await makeUser(env().service.services, 'brute');
        const free = throttlePolicies.login_account.freeFailures;
        for (let i = 0; i < free; i += 1) expectRefusedPassword(await logIn(env(), user.email, wrongPassword));
        // Throttled: the right password is refused too, unchecked.
        expect(expectThrottledPage(await logIn(env(), user.email, password))).to.equal(1);

        const waits: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          clock().advance(retryAfterOf(await logIn(env(), user.email, password)) * 1000);
          expectRefusedPassword(await logIn(env(), user.email, wrongPassword));
          waits.push(expectThrottledPage(await logIn(env(), user.email, password)));
        }
        expect(waits).to.deep.equal([2, 4, 8]);

        clock().advance(waits.at(-1)! * 1000);
        expectLoggedIn(await logIn(env(), user.email, password));
        // The account's count starts again after a success (other addresses: this one has guessed a lot).
        for (let i = 0; i < free - 1; i += 1)
          expectRefusedPassword(await logIn(env(), user.email, wrongPassword, `127.0.0.${20 + i}`));
        expectRefusedPassword(await logIn(env(), user.email, wrongPassword, '127.0.0.30'));
      });

      it('throttles the account, not the address, when the guesses come from many addresses', async () => {
        const user = await makeUser(env().service.services, 'spread');
        for (let i = 0; i < throttlePolicies.login_account.freeFailures; i += 1)
          expectRefusedPassword(await logIn(env(), user.email, wrongPassword, `127.0.0.${10 + i}`));
        expectThrottledPage(await logIn(env(), user.email, password, '127.0.0.40'));
        // Another account from those addresses is not held up.
        expectLoggedIn(
          await logIn(env(), (await makeUser(env().service.services, 'bystander')).email, password, '127.0.0.10'),
        );
      });

      it('throttles an address that guesses at many accounts, even for an account it has the password of, and not other addresses', async () => {
        const free = throttlePolicies.login_address.freeFailures;
        for (let i = 0; i < free; i += 1)
          expectRefusedPassword(await logIn(env(), uniqueEmail('victim'), wrongPassword, '127.0.0.2'));
        const own = await makeUser(env().service.services, 'own');
        const wait = expectThrottledPage(await logIn(env(), own.email, password, '127.0.0.2'));
        expectLoggedIn(await logIn(env(), own.email, password, '127.0.0.3'));
        clock().advance(wait * 1000);
        expectLoggedIn(await logIn(env(), own.email, password, '127.0.0.2'));
      });

      it('counts unknown email addresses like accounts, and keeps no address in the table', async () => {
        const email = uniqueEmail('nobody');
        for (let i = 0; i < throttlePolicies.login_account.freeFailures; i += 1)
          expectRefusedPassword(await logIn(env(), email, wrongPassword, `127.0.1.${i + 1}`));
        expectThrottledPage(await logIn(env(), email.toUpperCase(), wrongPassword, '127.0.1.99'));
        const keys = ((await env().service.services.db('throttles').select('key')) as { key: string }[]).map(
          (r) => r.key,
        );
        expect(keys.join(' ')).not.to.contain('@');
      });
    });

    describe('device codes (POST /v1/oauth/device/code)', () => {
      it('answers 429 slow_down with Retry-After in the RFC body past the free requests of an address, and not to another address', async () => {
        const free = throttlePolicies.device_code_address.freeFailures;
        for (let i = 0; i < free; i += 1) expect((await startLogin(env(), '127.0.0.5')).status).to.equal(200);
        const throttled = await startLogin(env(), '127.0.0.5');
        expect(throttled.status).to.equal(429);
        expect(throttled.body.error).to.equal('slow_down');
        expect(throttled.body.error_description).to.match(/^Too many login requests\. Wait 1 second/);
        expect(throttled.retryAfter).to.equal('1');
        expect(throttled.cacheControl).to.equal('no-store');
        expect((await startLogin(env(), '127.0.0.6')).status).to.equal(200);
        clock().advance(1_000);
        expect((await startLogin(env(), '127.0.0.5')).status).to.equal(200);
        expect((await startLogin(env(), '127.0.0.5')).retryAfter).to.equal('2');
      });

      it('throttles the public client as a whole past its free requests a minute, from any address', async function () {
        this.timeout(120_000);
        const { services } = env().service;
        const free = throttlePolicies.device_code_client.freeFailures;
        // Through the service, from as many addresses as requests: over HTTP, 600 logins would only be slower.
        for (let i = 0; i < free; i += 1)
          expect(
            await startDeviceAuthorization(services, 'mkt-cli', 'account:read', `198.51.100.${i}`),
            String(i),
          ).to.include({ ok: true });
        expect(await startDeviceAuthorization(services, 'mkt-cli', 'account:read', '203.0.113.1')).to.deep.include({
          ok: false,
          error: 'slow_down',
          retryAfterSeconds: 1,
        });
        const overHttp = await startLogin(env(), '127.0.0.7');
        expect(overHttp.status).to.equal(429);
        expect(overHttp.retryAfter).to.equal('1');
      });
    });

    describe('user codes at /device', () => {
      /** A signed-in session cookie, as the log-in form gives it. */
      async function session(from?: string): Promise<string> {
        const user = await makeUser(env().service.services, 'device');
        const reply = await logIn(env(), user.email, password, from);
        expectLoggedIn(reply);
        return cookieNamed(reply, 'mkt_session')!.split(';')[0]!;
      }
      const typeCode = (cookie: string, code: string, from?: string) =>
        sendPage(env().platform.baseUrl, 'GET', `/device?user_code=${encodeURIComponent(code)}`, {
          cookie,
          ...(from ? { from } : {}),
        });
      const wrongCode = () =>
        `ZZZZ-${Array.from({ length: 4 }, () => userCodeAlphabet[Math.floor(Math.random() * userCodeAlphabet.length)]).join('')}`;

      it('counts wrong codes per session: after five, 429 with Retry-After even for the right code; after the wait the right code shows the request', async () => {
        const code = (await startLogin(env(), '127.0.0.8')).body.user_code as string;
        const cookie = await session();
        const free = throttlePolicies.user_code_session.freeFailures;
        for (let i = 0; i < free; i += 1) expect((await typeCode(cookie, wrongCode())).status).to.equal(404);
        const throttled = await typeCode(cookie, code);
        expect(throttled.status).to.equal(429);
        expect(throttled.text).to.contain('Too many wrong codes');
        const wait = retryAfterOf(throttled);
        // Approving by form is a guess like any other.
        const approve = await sendPage(env().platform.baseUrl, 'POST', '/device/approve', {
          cookie,
          form: { user_code: code, csrf_token: await csrfOf(cookie) },
        });
        expect(approve.status).to.equal(429);
        expect(
          await env().service.services.db('device_codes').where({ user_code: code }).first('status'),
        ).to.deep.equal({ status: 'pending' });

        clock().advance(wait * 1000);
        const shown = await typeCode(cookie, code);
        expect(shown.status).to.equal(200);
        expect(shown.text).to.contain(code);
      });

      it('counts wrong codes per address across sessions', async () => {
        const free = throttlePolicies.user_code_address.freeFailures;
        const perSession = throttlePolicies.user_code_session.freeFailures - 1;
        // Time stands still, so the first block (one second) cannot run out before it is tried on a slow machine.
        clock().freeze();
        try {
          let typed = 0;
          while (typed < free) {
            const cookie = await session('127.0.0.9');
            for (let i = 0; i < perSession && typed < free; i += 1, typed += 1)
              expect((await typeCode(cookie, wrongCode(), '127.0.0.9')).status).to.equal(404);
          }
          const code = (await startLogin(env(), '127.0.0.8')).body.user_code as string;
          expect((await typeCode(await session('127.0.0.9'), code, '127.0.0.9')).status).to.equal(429);
          expect((await typeCode(await session('127.0.0.11'), code, '127.0.0.11')).status).to.equal(200);
        } finally {
          clock().thaw();
        }
      });

      async function csrfOf(cookie: string): Promise<string> {
        const page = await sendPage(env().platform.baseUrl, 'GET', '/device', { cookie });
        const token = /name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
        expect(token, 'csrf-token meta tag').to.be.a('string');
        return token!;
      }
    });
  },
  { clock: () => new TestClock() },
);

/** A user seeded straight into the database the processes share. */
async function seedUser(db: Db): Promise<string> {
  const email = `throttle-${randomUUID()}@example.com`;
  await createUser(db, systemClock, { email, password, verified: true, acceptTerms: true, mode: 'auto' });
  return email;
}

for (const database of databaseKinds) {
  describe(`throttles across two mkt serve processes on one database [${database}]`, function () {
    this.timeout(60_000);
    let db: Db;
    let servers: ServeProcess[] = [];

    before(async function () {
      const databaseUrl = await freshDatabaseUrl(database);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      servers = await Promise.all([
        mktServe({ DATABASE_URL: databaseUrl }, ['--only', 'platform']),
        mktServe({ DATABASE_URL: databaseUrl }, ['--only', 'platform']),
      ]);
    });
    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db?.destroy();
    });

    const on = (index: number) => ({ platform: { baseUrl: servers[index]!.urls.platform! } }) as TestEnvironment;

    it('refuses on the second process the right password after wrong ones on the first, until the wait is over', async () => {
      const email = await seedUser(db);
      for (let i = 0; i < throttlePolicies.login_account.freeFailures; i += 1)
        expectRefusedPassword(await logIn(on(i % 2), email, wrongPassword));
      const blockedAtMs = performance.now();
      const wait = expectThrottledPage(await logIn(on(1), email, password));
      expect(wait).to.equal(1);
      // Real processes keep real time: the first process must refuse too while the one-second wait lasts (a machine
      // too slow to ask within it cannot tell, and the poll below still shows the wait ending on both).
      const again = await logIn(on(0), email, password);
      if (performance.now() - blockedAtMs < 500) expectThrottledPage(again);
      // Real processes keep real time: poll past the one-second wait.
      const deadline = Date.now() + 30_000;
      let reply = await logIn(on(1), email, password);
      while (reply.status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        reply = await logIn(on(1), email, password);
      }
      expectLoggedIn(reply);
    });

    it('lets no more than the free attempts through when many wrong passwords arrive at both processes at once', async () => {
      const email = await seedUser(db);
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, i) => logIn(on(i % 2), email, wrongPassword, `127.0.2.${i + 1}`)),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 422)).to.have.length(throttlePolicies.login_account.freeFailures);
      expect(statuses.filter((s) => s === 429)).to.have.length(16 - throttlePolicies.login_account.freeFailures);
    });

    it('shares the device-code count of an address between the processes', async () => {
      const free = throttlePolicies.device_code_address.freeFailures;
      for (let i = 0; i < free; i += 1) expect((await startLogin(on(i % 2), '127.0.3.1')).status).to.equal(200);
      expect((await startLogin(on(0), '127.0.3.1')).status).to.equal(429);
      expect((await startLogin(on(1), '127.0.3.1')).status).to.equal(429);
    });
  });
}
