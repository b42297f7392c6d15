import { request } from 'node:http';
import { expect } from 'chai';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient, signatureHeaders } from '../support/http.js';
import { mkt, mktJson, mktServe } from '../support/processes.js';

for (const database of databaseKinds) {
  describe(`the mkt command [${database}]`, function () {
    this.timeout(60_000);
    let env: Record<string, string>;
    before(async () => {
      env = { DATABASE_URL: await freshDatabaseUrl(database) };
    });

    it('migrates, and migrating again applies nothing', async () => {
      expect((await mktJson(['migrate'], env)).applied).to.have.length.greaterThan(0);
      expect((await mktJson(['migrate'], env)).applied).to.deep.equal([]);
    });

    it('creates a user, a consumption key and a signing key, each as one JSON object', async () => {
      const user = await mktJson(
        [
          'admin',
          'user',
          'create',
          '--email',
          'Ada@Example.com',
          '--password',
          'pw-123456',
          '--verified',
          '--accept-terms',
          '--mode',
          'advanced',
        ],
        env,
      );
      expect(user).to.deep.include({
        email: 'ada@example.com',
        status: 'active',
        account_mode: 'advanced',
        email_verified: true,
        legal_terms_accepted: true,
      });
      expect(user.id).to.match(/^user_[0-9a-f-]{36}$/);

      const key = await mktJson(['admin', 'api-key', 'create', '--email', 'ada@example.com', '--name', 'laptop'], env);
      expect(Object.keys(key).sort()).to.deep.equal(['id', 'key', 'key_prefix', 'name']);
      expect(key.key).to.match(/^mkt_ck_/);
      expect(key.key.startsWith(key.key_prefix)).to.equal(true);

      const signing = await mktJson(
        ['admin', 'signing-key', 'create', '--email', 'ada@example.com', '--label', 'laptop'],
        env,
      );
      expect(Object.keys(signing).sort()).to.deep.equal(['fingerprint', 'id', 'label', 'private_key', 'public_key']);
      expect(Buffer.from(signing.public_key, 'base64')).to.have.length(32);
      expect(signing.fingerprint).to.have.length(43);
    });

    it('reports errors as JSON on stderr with exit 1, and usage mistakes with exit 2', async () => {
      const duplicate = await mkt(['admin', 'user', 'create', '--email', 'ada@example.com'], env);
      expect(duplicate.code).to.equal(1);
      expect(JSON.parse(duplicate.stderr).error.code).to.equal('conflict');
      const unknownUser = await mkt(
        ['admin', 'api-key', 'create', '--email', 'nobody@example.com', '--name', 'x'],
        env,
      );
      expect(unknownUser.code).to.equal(1);
      expect(JSON.parse(unknownUser.stderr).error.code).to.equal('not_found');
      expect((await mkt(['admin', 'api-key', 'create', '--email', 'ada@example.com'], env)).code).to.equal(2);
      expect((await mkt(['admin', 'frobnicate'], env)).code).to.equal(2);
    });

    it('serves all four hosts; a key from `admin signing-key create` lists the nine instruments', async () => {
      await mktJson(['admin', 'user', 'create', '--email', 'grace@example.com'], env);
      const signing = await mktJson(
        ['admin', 'signing-key', 'create', '--email', 'grace@example.com', '--label', 'ci'],
        env,
      );
      const served = await mktServe(env);
      try {
        expect(Object.keys(served.urls)).to.include.members(['consumption', 'messages', 'trading', 'platform']);
        const trading = new HostClient('trading', served.urls.trading!);
        const reply = await trading.get('/v1/instruments', {
          sign: { privateKey: signing.private_key, fingerprint: signing.fingerprint },
        });
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.have.length(9);
      } finally {
        served.child.kill('SIGTERM');
        expect(await served.exited).to.equal(0);
      }
    });

    it('serves a subset with --only', async () => {
      const served = await mktServe(env, ['--only', 'trading,platform']);
      try {
        expect(
          Object.keys(served.urls)
            .filter((k) => !['dashboard', 'docs'].includes(k))
            .sort(),
        ).to.deep.equal(['platform', 'trading']);
      } finally {
        served.child.kill('SIGTERM');
        await served.exited;
      }
    });

    it('on SIGTERM stops accepting connections, finishes the request in flight, then exits 0', async () => {
      await mktJson(['admin', 'user', 'create', '--email', 'linus@example.com'], env);
      const signing = await mktJson(
        ['admin', 'signing-key', 'create', '--email', 'linus@example.com', '--label', 'ci'],
        env,
      );
      const served = await mktServe(env);
      const url = new URL(served.urls.trading!);
      const body = JSON.stringify({ market_id: 'market_x', side: 'buy', type: 'limit', price: '1.0000', quantity: 1 });
      const headers = {
        ...signatureHeaders(
          { privateKey: signing.private_key, fingerprint: signing.fingerprint },
          'POST',
          '/v1/orders',
          body,
        ),
        'content-type': 'application/json',
        'content-length': String(body.length),
      };

      // A request whose body is still arriving when the signal comes.
      const inFlight = new Promise<number>((resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, path: '/v1/orders', method: 'POST', headers },
          (res) => {
            res.resume();
            res.once('end', () => resolve(res.statusCode!));
          },
        );
        req.once('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          served.child.kill('SIGTERM');
          setTimeout(async () => {
            const refused = await fetch(`${served.urls.trading}/v1/health`).then(
              () => 'accepted',
              () => 'refused',
            );
            expect(refused).to.equal('refused');
            req.end(body.slice(10));
          }, 300);
        }, 200);
      });
      const status = await inFlight;
      expect(status).to.equal(404); // authenticated, validated and answered by the handler: market_x is no market
      expect(await served.exited).to.equal(0);
    });
  });
}
