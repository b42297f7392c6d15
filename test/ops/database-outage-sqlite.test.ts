import { expect } from 'chai';
import Database from 'better-sqlite3';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { authenticatePayload, RawClient, socketUrl } from '../streams/support.js';
import { sendPage } from '../web/form-client.js';
import { grantTokens } from '../support/fixtures.js';
import {
  expectLedgerBalanced,
  startOutageService,
  writerUser,
  type OutageService,
  type WriterUser,
} from '../support/outage.js';

/**
 * Issue 34, part 1, on SQLite: another connection holds the database's write lock (BEGIN EXCLUSIVE) past mkt's busy
 * timeout (5 s), so every write mkt tries fails with SQLITE_BUSY. A deposit (platform), a dashboard sign-in and the
 * streams' authenticate with a token's first use (each writes) are answered 503 service_unavailable with Retry-After
 * (the streams: service_unavailable with retry_after), never 500; once the lock is let go they succeed.
 */
if (databaseKinds.includes('sqlite')) {
  describe('a locked SQLite database answers 503 service_unavailable, never 500 [sqlite]', function () {
    this.timeout(180_000);
    let running: OutageService;
    let user: WriterUser;
    let holder: Database.Database;

    before(async () => {
      const url = await freshDatabaseUrl('sqlite');
      running = await startOutageService(url);
      user = await writerUser(running);
      holder = new Database(url.slice('sqlite:'.length));
    });
    after(async () => {
      if (holder?.inTransaction) holder.exec('ROLLBACK');
      holder?.close();
      await running?.stop();
    });

    /** Runs `body` while another connection holds the write lock: every write of mkt waits its busy timeout, then fails. */
    async function whileLocked(body: () => Promise<void>): Promise<void> {
      holder.exec('BEGIN EXCLUSIVE');
      try {
        await body();
      } finally {
        holder.exec('ROLLBACK');
      }
    }

    const deposit = () =>
      running.platform.post('/v1/deposits', {
        bearer: user.token,
        body: { deposit: { amount_usd: '2.00' } },
        headers: { 'Idempotency-Key': 'sqlite-locked' },
      });

    it('a deposit: 503 service_unavailable with Retry-After while locked, then 201', async () => {
      await whileLocked(async () => {
        const reply = await deposit();
        expect(reply.status, reply.text).to.equal(503);
        expect(reply.headers.get('retry-after')).to.equal('1');
        expect(reply.body.errors).to.include({ code: 'service_unavailable' });
        expect(reply.body.errors.detail).to.match(/briefly unavailable/);
      });
      const retried = await deposit();
      expect(retried.status, retried.text).to.equal(201);
      await expectLedgerBalanced(running);
      const warnings = running.log.filter(
        (line) => line.level === 40 && /^database unavailable/.test(String(line.msg)),
      );
      expect(warnings.map((line) => line.cause)).to.include('SQLITE_BUSY');
      expect(running.log.filter((line) => line.msg === 'unhandled error')).to.deep.equal([]);
    });

    it('a dashboard sign-in: a 503 page with Retry-After while locked', async () => {
      await whileLocked(async () => {
        const page = await sendPage(running.service.urls.platform ?? '', 'POST', '/login', {
          form: { email: user.email, password: 'correct horse battery staple' },
        });
        expect(page.status, page.text.slice(0, 500)).to.equal(503);
        expect(page.headers['retry-after']).to.equal('1');
        expect(page.text).to.match(/briefly unavailable/);
      });
      expect(running.log.filter((line) => line.msg === 'dashboard page failed')).to.deep.equal([]);
    });

    it("the streams' authenticate (a token's first use writes): service_unavailable with retry_after, then accepted", async () => {
      const { services } = running.service;
      const { accessToken } = await grantTokens(services, user.userId, ['trade:read']);
      const client = await RawClient.open(socketUrl(running.service.urls.trading ?? ''));
      await client.join();
      await whileLocked(async () => {
        // The busy timeout holds the event loop for 5 s: wait longer than RawClient.request's 5 s.
        const ref = client.nextRef();
        const reply = client.next((f) => f.event === 'phx_reply' && f.ref === ref, 60_000);
        client.send('ws:trading', 'authenticate', { access_token: accessToken }, ref);
        const refused = (await reply).payload;
        expect(refused.status).to.equal('error');
        expect(refused.response).to.include({ reason: 'service_unavailable', retry_after: 1 });
      });
      const accepted = await client.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey));
      expect(accepted.status, JSON.stringify(accepted)).to.equal('ok');
      expect(client.violations).to.deep.equal([]);
      client.close();
      expect(running.log.filter((line) => line.msg === 'stream frame failed')).to.deep.equal([]);
    });
  });
}
