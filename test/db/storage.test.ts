import { expect } from 'chai';
import { migrateLatest, openDatabase } from '../../src/db/knex.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';

describe('storage', () => {
  if (databaseKinds.includes('sqlite')) {
    it('runs SQLite in WAL mode with foreign keys enforced', async () => {
      const db = openDatabase(await freshDatabaseUrl('sqlite'));
      try {
        await migrateLatest(db);
        const [{ journal_mode }] = await db.raw('PRAGMA journal_mode');
        const [{ foreign_keys }] = await db.raw('PRAGMA foreign_keys');
        expect(journal_mode).to.equal('wal');
        expect(foreign_keys).to.equal(1);
        let refused: unknown;
        await db('api_keys')
          .insert({
            id: 'api_key_x',
            user_id: 'user_missing',
            name: 'n',
            key_prefix: 'p',
            key_hash: 'h',
            active: true,
            created_at_us: 1,
            updated_at_us: 1,
          })
          .catch((error: unknown) => (refused = error));
        expect(String(refused)).to.match(/FOREIGN KEY/);
      } finally {
        await db.destroy();
      }
    });
  }

  for (const kind of databaseKinds) {
    it(`migrates a fresh ${kind} database to the nine instruments, nine markets and their aliases, and returns BIGINTs as numbers`, async () => {
      const db = openDatabase(await freshDatabaseUrl(kind));
      try {
        await migrateLatest(db);
        const [counted] = await db('instruments').count({ count: '*' });
        expect(counted?.count).to.equal(9);
        const markets = await db('markets').select('instrument_id');
        expect(new Set(markets.map((m: { instrument_id: string }) => m.instrument_id)).size).to.equal(9);
        const aliases = await db('model_aliases').select('alias');
        for (const { alias } of aliases) expect(alias).to.match(/-latest$/);
        const instrument = await db('instruments').first('tokens_per_unit', 'created_at_us');
        expect(instrument.tokens_per_unit).to.equal(1_000_000);
        expect(Number.isSafeInteger(instrument.created_at_us)).to.equal(true);
      } finally {
        await db.destroy();
      }
    });
  }
});
