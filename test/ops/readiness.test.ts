import { expect } from 'chai';
import pg from 'pg';
import { postgresSettingsOf } from '../../src/db/knex-client.js';
import { describeEachDatabase } from '../support/service.js';
import { fetchText, waitFor } from './support.js';

interface ReadyBody {
  status: 'ready' | 'not_ready';
  checks: Record<string, { ok: boolean; detail?: string; required: boolean }>;
}

/**
 * `/readyz` over real HTTP (issue 24 §1): 200 only while the database answers, its migrations are current, the LISTEN
 * connection is up (PostgreSQL) and the background runs; else 503 naming the failing check. The suite ends by stopping
 * the background, which it cannot start again.
 */
describeEachDatabase(
  'ops: readiness',
  (env) => {
    const readyz = async (): Promise<{ status: number; body: ReadyBody }> => {
      const url = env().service.metricsUrl;
      if (url === undefined) throw new Error('the test service has no metrics listener');
      const answered = await fetchText(`${url}/readyz`);
      return { status: answered.status, body: JSON.parse(answered.text) as ReadyBody };
    };
    const failing = (body: ReadyBody) =>
      Object.entries(body.checks)
        .filter(([, check]) => !check.ok)
        .map(([name]) => name);

    it('is ready once started', async () => {
      const answered = await readyz();
      expect(answered.status).to.equal(200);
      expect(failing(answered.body)).to.deep.equal([]);
    });

    it('is not ready while a migration of this code is missing from the database, and ready again once it is back', async () => {
      const { db } = env().service.services;
      const row = (await db('knex_migrations').where('name', '0025_ledger_audit_runs').first()) as
        Record<string, unknown> | undefined;
      if (row === undefined) throw new Error('migration 0025 is not recorded');
      await db('knex_migrations').where('name', '0025_ledger_audit_runs').delete();
      try {
        const answered = await readyz();
        expect(answered.status).to.equal(503);
        expect(answered.body.status).to.equal('not_ready');
        expect(failing(answered.body)).to.deep.equal(['migrations']);
        expect(answered.body.checks.migrations!.detail).to.contain('0025_ledger_audit_runs');
      } finally {
        await db('knex_migrations').insert(row);
      }
      expect((await readyz()).status).to.equal(200);
    });

    it('on PostgreSQL, is not ready while the LISTEN connection is down, and ready again once it listens', async function () {
      if (env().database !== 'postgres') this.skip();
      const { db } = env().service.services;
      const name = postgresSettingsOf(db).database!;
      // From another database of the cluster (a database cannot shut its own door): no new connection to this one
      // until allowed again, so the listener, cut below, stays down however slow this test is.
      const admin = new pg.Client({ ...postgresSettingsOf(db), database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
        await db.raw(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mkt events' AND datname = ?`,
          [name],
        );
        await waitFor('/readyz to answer 503', async () => (await readyz()).status === 503);
        const answered = await readyz();
        expect(answered.body.status).to.equal('not_ready');
        expect(answered.body.checks.listen).to.include({ ok: false, required: true });
        expect(answered.body.checks.listen!.detail).to.contain('LISTEN');
      } finally {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await waitFor('/readyz to answer 200 again', async () => (await readyz()).status === 200);
    });

    it('is not ready once the background jobs are stopped', async () => {
      await env().service.background.stop();
      const answered = await readyz();
      expect(answered.status).to.equal(503);
      expect(failing(answered.body)).to.deep.equal(['background']);
      expect(answered.body.checks.background!.detail).to.contain('stopped');
    });
  },
  { env: { MKT_METRICS_PORT: '0' } },
);
