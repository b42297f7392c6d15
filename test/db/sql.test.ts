import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { poolSql, sqlOf, statement } from '../../src/db/sql.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';

/**
 * The data core's statements (src/db/sql.ts). On SQLite the pool holds one connection, and a
 * statement outside a transaction runs on it at once when no transaction is open: it must never
 * land inside a transaction another caller holds open across its awaits, or that caller's
 * rollback would take it too.
 */
const insertThrottle = statement(
  'test_throttle_insert',
  'INSERT INTO throttles (scope, key, failures, window_ends_at_us, blocked_until_us, expires_at_us) VALUES (?, ?, 0, 0, 0, 0)',
);
const throttleKeys = statement('test_throttle_keys', 'SELECT key FROM throttles ORDER BY key');

for (const kind of databaseKinds) {
  describe(`data core statements [${kind}]`, () => {
    let db: Db;
    before(async () => {
      db = openDatabase(await freshDatabaseUrl(kind));
      await migrateLatest(db);
    });
    after(() => db.destroy());

    it("keeps a statement outside a transaction out of another caller's open transaction, which then rolls back alone", async () => {
      let outsideDone = false;
      let outside: Promise<number> | undefined;
      const rolledBack = db
        .transaction(async (trx) => {
          await (await sqlOf(trx)).run(insertThrottle, ['test', 'inside']);
          // Another request's statement, issued while this transaction is open across an await.
          outside = poolSql(db)
            .run(insertThrottle, ['test', 'outside'])
            .then((changed) => {
              outsideDone = true;
              return changed;
            });
          await new Promise((resolve) => setTimeout(resolve, 50));
          // On SQLite it waits for the connection; on PostgreSQL it ran on another one.
          if (kind === 'sqlite') expect(outsideDone).to.equal(false);
          throw new Error('roll back');
        })
        .catch((error: unknown) => (error as Error).message);
      expect(await rolledBack).to.equal('roll back');
      expect(await outside).to.equal(1);
      const keys = (await poolSql(db).all<{ key: string }>(throttleKeys)).map((r) => r.key);
      expect(keys).to.deep.equal(['outside']);
    });

    it('runs a statement outside a transaction at once when none is open, and reads what it wrote', async () => {
      expect(await poolSql(db).run(insertThrottle, ['test', 'later'])).to.equal(1);
      const keys = (await poolSql(db).all<{ key: string }>(throttleKeys)).map((r) => r.key);
      expect(keys).to.deep.equal(['later', 'outside']);
    });

    it('refuses a statement name given twice (PostgreSQL prepares each under its name)', () => {
      expect(() => statement('test_throttle_insert', 'SELECT 1')).to.throw(/defined twice/);
    });
  });
}
