import { expect } from 'chai';
import nacl from 'tweetnacl';
import { createUser, registerSigningKey } from '../../src/core/identity.js';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { systemClock } from '../../src/lib/clock.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient, type SigningKey } from '../support/http.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * Issue 21 item 3: a transfer out of an issuance account holds across processes (DESIGN.md §8).
 * Two `mkt serve` processes on one PostgreSQL database take a burst of transfers from the same
 * issuance account, more than it holds: the journal's conditional update lets exactly as many
 * through as the Units allow, and the others are 422 insufficient_issuance_balance. One
 * client_transfer_id sent to both processes at once moves the Units once.
 */
const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;
const issuedUnits = 100;
const unitsPerTransfer = 7;
const transfersCount = 40;

if (!databaseKinds.includes('postgres')) {
  describe('trading: issuance transfers from two server processes', () => {
    it.skip(`needs PostgreSQL, which MKT_TEST_DATABASES=${process.env.MKT_TEST_DATABASES ?? ''} excludes`);
  });
} else {
  describe('trading: issuance transfers from two server processes on one PostgreSQL database', function () {
    this.timeout(120_000);
    let db: Db;
    let servers: ServeProcess[] = [];
    let clients: HostClient[];
    let supplier: SigningKey;

    before(async function () {
      this.timeout(120_000);
      const databaseUrl = await freshDatabaseUrl('postgres');
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      const user = await createUser(db, systemClock, {
        email: `issuance-race-${Date.now()}@example.com`,
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      const pair = nacl.sign.keyPair();
      const signing = await registerSigningKey(
        db,
        systemClock,
        user.id,
        'race',
        Buffer.from(pair.publicKey).toString('base64'),
      );
      supplier = { privateKey: Buffer.from(pair.secretKey).toString('base64'), fingerprint: signing.fingerprint };
      await registerSupplier(
        { db, clock: systemClock },
        { userId: user.id, instruments: [textStandard], simulated: true },
      );
      for (let i = 0; i < 2; i += 1) servers.push(await mktServe({ DATABASE_URL: databaseUrl }, ['--only', 'trading']));
      clients = servers.map((s) => new HostClient('trading', s.urls.trading!));
      const issued = await clients[0]!.post('/v1/supply-issuances', {
        sign: supplier,
        body: { instrument_id: textStandard, quantity: issuedUnits },
      });
      expect(issued.status, issued.text).to.equal(201);
    });

    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db?.destroy();
    });

    const transfer = (at: number, body: Record<string, unknown>, signedAt?: number) =>
      clients[at]!.post('/v1/issuance-accounts/transfer', {
        sign: supplier,
        body,
        ...(signedAt === undefined ? {} : { signedAt }),
      });

    it('moves the Units of one client_transfer_id once when both processes get it at the same moment', async () => {
      const body = { instrument_id: textStandard, quantity: unitsPerTransfer, client_transfer_id: 'both-processes' };
      const now = Math.floor(Date.now() / 1000);
      const replies = await Promise.all([transfer(0, body, now), transfer(1, body, now - 1)]);
      expect(replies.map((r) => r.status).sort(), JSON.stringify(replies.map((r) => r.body))).to.deep.equal([200, 201]);
      expect(replies[0]!.body.data).to.deep.equal(replies[1]!.body.data);
      const stored = (await db('issuance_transfers')
        .where('client_transfer_id', 'both-processes')
        .count({ n: '*' })
        .first()) as { n: number | string };
      expect(Number(stored.n)).to.equal(1);
    });

    it('lets through exactly the transfers the issuance account can pay for, whichever process takes them', async () => {
      const replies = await Promise.all(
        Array.from({ length: transfersCount }, (_, i) =>
          transfer(i % 2, {
            instrument_id: textStandard,
            quantity: unitsPerTransfer,
            client_transfer_id: `burst-${i}`,
          }),
        ),
      );
      const statuses = replies.map((r) => (r.status === 201 ? 'moved' : `${r.status} ${r.body.errors?.code}`));
      const remaining = issuedUnits - unitsPerTransfer; // the first test's transfer
      const moved = Math.floor(remaining / unitsPerTransfer);
      expect(statuses.filter((s) => s === 'moved')).to.have.length(moved);
      expect(statuses.filter((s) => s !== 'moved')).to.deep.equal(
        Array.from({ length: transfersCount - moved }, () => '422 insufficient_issuance_balance'),
      );
      const [account] = (await clients[1]!.get('/v1/issuance-accounts', { sign: supplier })).body.data;
      expect(account).to.deep.include({
        total_issued: issuedUnits,
        total_transferred: (moved + 1) * unitsPerTransfer,
        available_balance: issuedUnits - (moved + 1) * unitsPerTransfer,
      });
      const trading = (await clients[0]!.get(`/v1/trading-accounts`, { sign: supplier })).body.data.find(
        (a: { instrument_id: string }) => a.instrument_id === textStandard,
      );
      expect(trading.total_balance).to.equal(String((moved + 1) * unitsPerTransfer));
      expect(await auditLedger(db)).to.deep.equal([]);
    });
  });
}
