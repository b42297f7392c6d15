import { expect } from 'chai';
import { refuseTransactionPooling, TransactionPoolingRefused } from '../../src/db/pool-mode-check.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { startPgBouncer, type PgBouncer, type PgBouncerOptions } from '../support/pgbouncer.js';
import { mktServe } from '../support/processes.js';

/**
 * mkt refuses a PostgreSQL connection through a pooler in transaction mode (src/db/pool-mode-check.ts), against a real
 * PgBouncer: session mode (and a direct connection) start; transaction and statement mode are refused with a message
 * that says why and what to do. PgBouncer is PostgreSQL's alone; on SQLite there is nothing to pool (the check passes
 * on a sqlite: URL without connecting).
 */
const withPostgres = databaseKinds.includes('postgres') ? describe : describe.skip;

async function probeThrough(databaseUrl: string, options: PgBouncerOptions): Promise<'started' | 'refused'> {
  const bouncer = await startPgBouncer(databaseUrl, options);
  try {
    await refuseTransactionPooling(bouncer.url);
    return 'started';
  } catch (error) {
    if (error instanceof TransactionPoolingRefused) return 'refused';
    throw error;
  } finally {
    await bouncer.stop();
  }
}

withPostgres('PgBouncer in transaction mode is refused at start (PostgreSQL)', () => {
  let databaseUrl: string;
  before(async () => {
    databaseUrl = await freshDatabaseUrl('postgres');
  });

  it('passes a direct connection and a SQLite file', async () => {
    await refuseTransactionPooling(databaseUrl);
    await refuseTransactionPooling('sqlite:/nonexistent/never-opened.sqlite');
  });

  const rows: { options: PgBouncerOptions; expected: 'started' | 'refused' }[] = [
    { options: { poolMode: 'session', poolSize: 2 }, expected: 'started' },
    { options: { poolMode: 'session', poolSize: 20 }, expected: 'started' },
    { options: { poolMode: 'transaction', poolSize: 1 }, expected: 'refused' },
    { options: { poolMode: 'transaction', poolSize: 2 }, expected: 'refused' },
    { options: { poolMode: 'transaction', poolSize: 20 }, expected: 'refused' },
    { options: { poolMode: 'statement', poolSize: 20 }, expected: 'refused' },
  ];
  for (const { options, expected } of rows)
    it(`${expected === 'started' ? 'passes' : 'refuses'} PgBouncer in ${options.poolMode} mode with a pool of ${options.poolSize}`, async () => {
      expect(await probeThrough(databaseUrl, options)).to.equal(expected);
    });

  describe('mkt serve', () => {
    let bouncer: PgBouncer | undefined;
    afterEach(async () => {
      await bouncer?.stop();
      bouncer = undefined;
    });

    it('serves through PgBouncer in session mode', async () => {
      bouncer = await startPgBouncer(await freshDatabaseUrl('postgres'), { poolMode: 'session', poolSize: 30 });
      // Started: migrated, listening (LISTEN), holding its liveness lock, all through PgBouncer.
      const served = await mktServe({ DATABASE_URL: bouncer.url, MKT_METRICS_PORT: 'off' }, ['--only', 'trading']);
      try {
        const response = await fetch(`${served.urls.trading}/v1/health`);
        expect(response.status).to.equal(200);
      } finally {
        served.child.kill('SIGTERM');
        await served.exited;
      }
    });

    it('refuses to start through PgBouncer in transaction mode, saying why and what to do', async () => {
      bouncer = await startPgBouncer(await freshDatabaseUrl('postgres'), { poolMode: 'transaction', poolSize: 30 });
      const refused = await mktServe({ DATABASE_URL: bouncer.url, MKT_METRICS_PORT: 'off' }).then(
        () => expect.fail('mkt serve started through a transaction-mode pooler'),
        (error: unknown) => String(error),
      );
      expect(refused).to.match(/mkt serve exited 1/);
      for (const phrase of [
        'transaction mode',
        'advisory locks',
        'LISTEN/NOTIFY',
        'named prepared statements',
        'pool_mode = session',
        'docs/deploy.md',
      ])
        expect(refused).to.include(phrase);
    });
  });
});
