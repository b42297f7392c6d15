import { expect } from 'chai';
import { createUser } from '../../src/core/identity.js';
import { UpstreamKeyring } from '../../src/core/upstream-keys.js';
import { openDatabase, type Db } from '../../src/db/knex.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { systemClock } from '../../src/lib/clock.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mkt } from '../support/processes.js';

/**
 * Migration 0028 turns each supplier registered before it into one endpoint qualified by the operator's word, and
 * moves its plaintext upstream key out of `suppliers`; the first start seals the key with the deployment's secret.
 */
const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;
const codeMax = instrumentSeeds.find((s) => s.modelName === 'code-max')!.instrumentId;
const secret = 'migration-0028-test-secret-0123456789abcdef';
const plaintextKey = 'sk-legacy-upstream-key-0123456789';

async function migrateUpTo(db: Db, stopBefore: string): Promise<void> {
  while (true) {
    const [, pending]: [unknown, ({ file?: string; name?: string } | string)[]] = await db.migrate.list();
    const next = pending[0];
    const name = typeof next === 'string' ? next : (next?.name ?? next?.file);
    if (name === undefined || name === stopBefore) return;
    await db.migrate.up();
  }
}

for (const database of databaseKinds) {
  describe(`migration 0028: an endpoint for each earlier supplier [${database}]`, function () {
    this.timeout(90_000);
    let db: Db;
    after(async () => db?.destroy());

    it('qualifies each by override with the reason, and the first start seals its key', async () => {
      const url = await freshDatabaseUrl(database);
      db = openDatabase(url);
      await migrateUpTo(db, '0028_supplier_endpoints');
      const nowUs = systemClock.nowUs();
      const user = (email: string) => createUser(db, systemClock, { email, verified: true, acceptTerms: true });
      const upstream = await user(`upstream-${nowUs}@example.com`);
      const simulated = await user(`simulated-${nowUs}@example.com`);
      await db('suppliers').insert([
        {
          user_id: upstream.id,
          instrument_ids: JSON.stringify([textStandard, codeMax]),
          base_url: 'http://127.0.0.1:11434/v1',
          model: 'qwen3',
          upstream_api_key: plaintextKey,
          simulated: false,
          status: 'enabled',
          created_at_us: nowUs,
          updated_at_us: nowUs,
        },
        {
          user_id: simulated.id,
          instrument_ids: JSON.stringify([textStandard]),
          base_url: null,
          model: null,
          upstream_api_key: null,
          simulated: true,
          status: 'disabled',
          created_at_us: nowUs,
          updated_at_us: nowUs,
        },
      ]);

      // A real start (mkt admin composes the services as mkt serve does): migrates, then seals.
      const listed = await mkt(['admin', 'supplier', 'list'], { DATABASE_URL: url, MKT_UPSTREAM_KEY_SECRET: secret });
      expect(listed.code, listed.stderr).to.equal(0);
      expect(listed.stdout + listed.stderr).not.to.contain(plaintextKey);
      const { suppliers }: { suppliers: Record<string, unknown>[] } = JSON.parse(listed.stdout);
      expect(suppliers.map((s) => [s.email, s.status, s.api_key_set])).to.have.deep.members([
        [upstream.email, 'enabled', true],
        [simulated.email, 'disabled', false],
      ]);

      const clear: { n?: number | string } | undefined = await db('suppliers')
        .whereNotNull('upstream_api_key')
        .count({ n: '*' })
        .first();
      expect(Number(clear?.n), 'no plaintext key is left in suppliers').to.equal(0);
      const endpoints: Record<string, unknown>[] = await db('supplier_endpoints').orderBy('user_id').select('*');
      const ofUpstream = endpoints.find((e) => e.user_id === upstream.id)!;
      expect(ofUpstream).to.deep.include({
        base_url: 'http://127.0.0.1:11434/v1',
        model: 'qwen3',
        status: 'active',
        registered_by: 'operator',
      });
      const sealed = String(ofUpstream.upstream_key_ciphertext);
      expect(sealed).to.match(/^v1\./);
      const keyring = new UpstreamKeyring(() => Promise.resolve(secret));
      expect(await keyring.open(String(ofUpstream.id), sealed)).to.equal(plaintextKey);
      expect(endpoints.find((e) => e.user_id === simulated.id)).to.deep.include({
        base_url: null,
        upstream_key_ciphertext: null,
      });

      const qualifications: Record<string, unknown>[] = await db('endpoint_instruments')
        .where('endpoint_id', String(ofUpstream.id))
        .orderBy('instrument_id')
        .select('instrument_id', 'qualification', 'basis', 'reason');
      expect(qualifications).to.deep.equal(
        [textStandard, codeMax].sort().map((instrumentId) => ({
          instrument_id: instrumentId,
          qualification: 'qualified',
          basis: 'override',
          reason: 'registered by the operator before measured qualification',
        })),
      );
    });
  });
}
