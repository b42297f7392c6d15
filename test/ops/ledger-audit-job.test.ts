import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { startService } from '../../src/app/main.js';
import { lastAuditRun } from '../../src/db/audit-runs.js';
import { openDatabase } from '../../src/db/knex.js';
import { createLogger } from '../../src/lib/logger.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { createTestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser } from '../support/trading-fixtures.js';
import { sampleOf, scrape, waitFor } from './support.js';

/**
 * The periodic ledger audit (MKT_AUDIT_INTERVAL_S) over real HTTP and a real database: its record, its gauge on
 * `/metrics`, and its error line when a balance stops matching its journal.
 */
describeEachDatabase(
  'ops: the periodic ledger audit',
  (env) => {
    const auditGauge = async () => {
      const url = env().service.metricsUrl;
      if (url === undefined) throw new Error('the test service has no metrics listener');
      return sampleOf(await scrape(url), 'mkt_ledger_audit_ok');
    };

    it('audits a healthy ledger: a row that says ok, and the gauge at 1', async () => {
      const { db } = env().service.services;
      await waitFor('an audit to be recorded', async () => (await lastAuditRun(db))?.ok === true);
      await waitFor('the gauge to read 1', async () => (await auditGauge()) === 1);
      expect(await lastAuditRun(db)).to.include({ ok: true, failures: 0, detail: null });
    });

    it('finds a balance changed behind the journal: the gauge at 0, a row with ok false, an error line naming the check', async () => {
      const { services } = env().service;
      const user = await createTestUser(env().service.services);
      const account = { id: (await fundUser(services, user.userId, '10.00')).id };
      const startedAtUs = services.clock.nowUs();
      await services.db('ledger_accounts').where(account).increment('available', 1);
      try {
        await waitFor('an audit after the change to fail', async () => {
          const run = await lastAuditRun(services.db);
          return run !== undefined && run.ranAtUs > startedAtUs && !run.ok;
        });
        const run = await lastAuditRun(services.db);
        expect(run!.failures).to.be.at.least(1);
        expect(run!.detail).to.contain('balance_differs_from_journal');
        expect(await auditGauge()).to.equal(0);
        const line = env().log!.lines.find((l) => l.level === 50 && String(l.msg).startsWith('ledger audit failed'));
        expect(line, 'the error line').to.not.equal(undefined);
        expect(line!.checks).to.include('balance_differs_from_journal');
      } finally {
        await services.db('ledger_accounts').where(account).decrement('available', 1);
      }
      // Put right, the next audit says so.
      await waitFor('the gauge to read 1 again', async () => (await auditGauge()) === 1);
    });
  },
  { env: { MKT_METRICS_PORT: '0', MKT_AUDIT_INTERVAL_S: '1' }, captureLog: true },
);

describe('ops: MKT_AUDIT_INTERVAL_S=0', () => {
  for (const database of databaseKinds) {
    it(`runs no audit, and the gauge says none is known [${database}]`, async function () {
      this.timeout(60_000);
      const databaseUrl = await freshDatabaseUrl(database);
      const config = loadConfig({
        DATABASE_URL: databaseUrl,
        MKT_CONSUMPTION_PORT: '0',
        MKT_MESSAGES_PORT: '0',
        MKT_TRADING_PORT: '0',
        MKT_PLATFORM_PORT: '0',
        MKT_METRICS_PORT: '0',
        MKT_SIMULATED_SUPPLIER: 'off',
        MKT_AUDIT_INTERVAL_S: '0',
      });
      const service = await startService(config, { logger: createLogger('silent'), graceMs: 1_000 });
      try {
        expect(sampleOf(await scrape(service.metricsUrl!), 'mkt_ledger_audit_ok')).to.be.NaN;
      } finally {
        // Stopping awaits an audit in flight: with any interval but 0, the one started with the service is recorded.
        await service.stop();
      }
      const db = openDatabase(databaseUrl);
      try {
        expect(await lastAuditRun(db)).to.equal(undefined);
      } finally {
        await db.destroy();
      }
    });
  }
});
