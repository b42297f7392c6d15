import { expect } from 'chai';
import nacl from 'tweetnacl';
import { createGrant, createUser, registerSigningKey } from '../../src/core/identity.js';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { systemClock } from '../../src/lib/clock.js';
import { closeCodes } from '../../src/streams/limits.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient, type SigningKey } from '../support/http.js';
import { mktServe, type ServeProcess } from '../support/processes.js';
import { authenticatePayload, RawClient, socketUrl, streamOrigin } from './support.js';

/**
 * Issue 34 item 3: a socket lives no longer than the credential that authenticated it. Two `mkt serve` processes on one
 * database (SQLite file or PostgreSQL): the sockets are on the first; the credentials end through the second's platform
 * API, through the first's own, through this test's own connection to the database (which no event announces), or
 * simply by time (the first issues access tokens of `accessTokenTtlS`). The first re-reads its sockets' credentials
 * every `checkMs`; each close must come within `closeDeadlineMs`, a bound far above that, since the machine is busy.
 */
const checkMs = 500;
const accessTokenTtlS = 5;
const closeDeadlineMs = 15_000;

interface Member {
  userId: string;
  key: SigningKey & { id: string };
  /** A grant of the device flow's client, its access token living an hour (createGrant's default). */
  grant: { grantId: string; accessToken: string; refreshToken: string };
}

let members = 0;

async function newMember(db: Db): Promise<Member> {
  members += 1;
  const user = await createUser(db, systemClock, {
    email: `revocation-${members}-${systemClock.nowUs()}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const pair = nacl.sign.keyPair();
  const signing = await registerSigningKey(
    db,
    systemClock,
    user.id,
    'revocation',
    Buffer.from(pair.publicKey).toString('base64'),
  );
  const grant = await createGrant(db, systemClock, user.id, 'mkt-cli', ['trade:read', 'account:write', 'keys:manage']);
  return {
    userId: user.id,
    key: {
      id: signing.id,
      fingerprint: signing.fingerprint,
      privateKey: Buffer.from(pair.secretKey).toString('base64'),
    },
    grant,
  };
}

/** What a socket's close was, or code 0 when it was still open after `withinMs`. */
function closedWithin(client: RawClient, withinMs: number): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<{ code: number; reason: string }>((resolve) => {
    timer = setTimeout(() => resolve({ code: 0, reason: `still open after ${withinMs} ms` }), withinMs);
  });
  return Promise.race([client.closed, open]).finally(() => clearTimeout(timer));
}

for (const kind of databaseKinds) {
  describe(`streams: a socket closes when its credential ends, in every process [${kind}]`, function () {
    this.timeout(120_000);
    let db: Db;
    let sockets: ServeProcess;
    let other: ServeProcess;
    /** The platform API of the process with the sockets, and of the other one. */
    let samePlatform: HostClient;
    let otherPlatform: HostClient;
    const open: RawClient[] = [];

    before(async function () {
      this.timeout(90_000);
      const databaseUrl = await freshDatabaseUrl(kind);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      const env = { DATABASE_URL: databaseUrl };
      [sockets, other] = await Promise.all([
        mktServe(
          { ...env, MKT_STREAM_CREDENTIAL_CHECK_MS: String(checkMs), MKT_ACCESS_TOKEN_TTL_S: String(accessTokenTtlS) },
          ['--only', 'trading,platform'],
        ),
        mktServe(env, ['--only', 'platform']),
      ]);
      samePlatform = new HostClient('platform', sockets.urls.platform!);
      otherPlatform = new HostClient('platform', other.urls.platform!);
    });

    afterEach(() => {
      for (const c of open.splice(0)) {
        expect(c.violations.map((v) => v.message)).to.deep.equal([]);
        c.close();
      }
    });

    after(async () => {
      for (const server of [sockets, other]) server?.child.kill('SIGTERM');
      await Promise.all([sockets, other].map((s) => s?.exited));
      await db?.destroy();
    });

    /** A joined socket on the first process, authenticated with `payload` and subscribed to user.orders. */
    async function authenticated(payload: Record<string, unknown>): Promise<RawClient> {
      const c = await RawClient.open(socketUrl(streamOrigin(sockets)));
      open.push(c);
      await c.join();
      const reply = await c.request('ws:trading', 'authenticate', payload);
      expect(reply.status, JSON.stringify(reply.response)).to.equal('ok');
      expect((await c.streams('subscribe', [{ name: 'user.orders' }])).status).to.equal('ok');
      return c;
    }

    /** The reply to an authenticate on a new socket of the first process. */
    async function authenticateAgain(payload: Record<string, unknown>): Promise<{ status: string; response: any }> {
      const c = await RawClient.open(socketUrl(streamOrigin(sockets)));
      open.push(c);
      await c.join();
      return c.request('ws:trading', 'authenticate', payload);
    }

    async function expectClosed(c: RawClient, code: number, reason: RegExp): Promise<void> {
      const closed = await closedWithin(c, closeDeadlineMs);
      expect(closed.code, closed.reason).to.equal(code);
      expect(closed.reason).to.match(reason);
      expect(Buffer.byteLength(closed.reason)).to.be.at.most(123); // what a close frame can carry
    }

    const revocations: { what: string; revoke: (platform: HostClient, member: Member) => Promise<void> }[] = [
      {
        what: 'its refresh token is revoked (RFC 7009, the whole grant)',
        async revoke(platform, { grant }) {
          const body = { token: grant.refreshToken, token_type_hint: 'refresh_token' };
          expect((await platform.post('/v1/oauth/revoke', { body })).status).to.equal(200);
        },
      },
      {
        what: 'its grant is deleted (DELETE /v1/oauth/grants/{grant_id})',
        async revoke(platform, { grant }) {
          const reply = await platform.delete(`/v1/oauth/grants/${grant.grantId}`, { bearer: grant.accessToken });
          expect(reply.status, reply.text).to.equal(204);
        },
      },
      {
        what: 'the access token itself is revoked (RFC 7009)',
        async revoke(platform, { grant }) {
          const body = { token: grant.accessToken, token_type_hint: 'access_token' };
          expect((await platform.post('/v1/oauth/revoke', { body })).status).to.equal(200);
        },
      },
    ];

    for (const { what, revoke } of revocations) {
      for (const [where, platform] of [
        ['another process', () => otherPlatform],
        ['the same process', () => samePlatform],
      ] as const) {
        it(`closes a socket of an access token (4001) when ${what} through ${where}`, async () => {
          const member = await newMember(db);
          const c = await authenticated({ access_token: member.grant.accessToken });
          await revoke(platform(), member);
          await expectClosed(c, closeCodes.credentialsExpiredOrRevoked, /^access token revoked: /);
          // As the HTTP APIs refuse it, and authenticate too.
          const http = await samePlatform.get('/v1/oauth/grants', { bearer: member.grant.accessToken });
          expect(http.status).to.equal(401);
          const again = await authenticateAgain({ access_token: member.grant.accessToken });
          expect(again.response.reason).to.equal('invalid_token');
        });
      }
    }

    it(`closes a socket when its access token expires (MKT_ACCESS_TOKEN_TTL_S=${accessTokenTtlS}), not before`, async () => {
      const member = await newMember(db);
      const requestedAtMs = Date.now();
      const refreshed = await samePlatform.post('/v1/oauth/token', {
        body: { grant_type: 'refresh_token', refresh_token: member.grant.refreshToken, client_id: 'mkt-cli' },
      });
      expect(refreshed.status, refreshed.text).to.equal(200);
      expect(refreshed.body.expires_in).to.equal(accessTokenTtlS);
      const c = await authenticated({ access_token: refreshed.body.access_token });
      await expectClosed(c, closeCodes.credentialsExpiredOrRevoked, /^access token expired: /);
      // The token was issued after the request was sent, so it expired no earlier than this.
      expect(Date.now() - requestedAtMs).to.be.at.least(accessTokenTtlS * 1000);
      const again = await authenticateAgain({ access_token: refreshed.body.access_token });
      expect(again.response.reason).to.equal('invalid_token');
    });

    it('closes the sockets of a user made inactive, by access token and by signing key alike (4001), and refuses them authenticate', async () => {
      const member = await newMember(db);
      const byToken = await authenticated({ access_token: member.grant.accessToken });
      const byKey = await authenticated(authenticatePayload(member.key));
      await db('users').where({ id: member.userId }).update({ status: 'inactive' });
      await expectClosed(byToken, closeCodes.credentialsExpiredOrRevoked, /^account inactive: /);
      await expectClosed(byKey, closeCodes.credentialsExpiredOrRevoked, /^account inactive: /);
      for (const payload of [{ access_token: member.grant.accessToken }, authenticatePayload(member.key)]) {
        const again = await authenticateAgain(payload);
        expect(again.status).to.equal('error');
        expect(again.response.reason).to.equal('account_inactive');
      }
    });

    it('closes a socket of a signing key (4003) deleted through the platform API of another process', async () => {
      const member = await newMember(db);
      const c = await authenticated(authenticatePayload(member.key));
      const deleted = await otherPlatform.delete(`/v1/signing-keys/${member.key.id}`, {
        bearer: member.grant.accessToken,
      });
      expect(deleted.status, deleted.text).to.equal(204);
      await expectClosed(c, closeCodes.signingKeyDeleted, /^signing key deleted: /);
    });

    it('closes a socket of a signing key (4003) deleted by another connection to the database, which no event announces', async () => {
      const member = await newMember(db);
      const c = await authenticated(authenticatePayload(member.key));
      await db('signing_keys').where({ id: member.key.id }).delete();
      await expectClosed(c, closeCodes.signingKeyDeleted, /^signing key deleted: /);
    });

    it('keeps the sockets of live credentials open through every check that closes others', async () => {
      const member = await newMember(db);
      const byToken = await authenticated({ access_token: member.grant.accessToken });
      const byKey = await authenticated(authenticatePayload(member.key));
      // Each close below is a check that read the live sockets' credentials too, and spared them.
      for (let round = 0; round < 4; round += 1) {
        const victim = await newMember(db);
        const c = await authenticated({ access_token: victim.grant.accessToken });
        const body = { token: victim.grant.accessToken, token_type_hint: 'access_token' };
        expect((await otherPlatform.post('/v1/oauth/revoke', { body })).status).to.equal(200);
        await expectClosed(c, closeCodes.credentialsExpiredOrRevoked, /^access token revoked: /);
      }
      for (const live of [byToken, byKey]) {
        expect(await live.request('phoenix', 'heartbeat', {})).to.deep.equal({ status: 'ok', response: {} });
        expect(await closedWithin(live, 0)).to.deep.equal({ code: 0, reason: 'still open after 0 ms' });
      }
    });
  });
}
