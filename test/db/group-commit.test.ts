import { expect } from 'chai';
import Database from 'better-sqlite3';
import { inTransaction } from '../../src/db/group-commit.js';
import { sqliteFilenameOf } from '../../src/db/knex-client.js';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { poolSql, sqlOf, statement } from '../../src/db/sql.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';

const insertThrottle = statement(
  'test_group_commit_throttle_insert',
  'INSERT INTO throttles (scope, key, failures, window_ends_at_us, blocked_until_us, expires_at_us) VALUES (?, ?, 0, 0, 0, 0)',
);
const throttleKeys = statement('test_group_commit_throttle_keys', 'SELECT key FROM throttles ORDER BY key');

/**
 * SQLite's group commit (src/db/group-commit.ts) with another process writing to the same file. A transaction that
 * reads before it writes holds a snapshot, and its first write after another connection's commit fails at once with
 * SQLITE_BUSY_SNAPSHOT (no busy wait): the batch takes the write lock first, so the other process waits instead.
 */
(databaseKinds.includes('sqlite') ? describe : describe.skip)('the SQLite group commit beside another process', () => {
  let db: Db;
  let other: Database.Database;
  before(async () => {
    db = openDatabase(await freshDatabaseUrl('sqlite'));
    await migrateLatest(db);
    const filename = sqliteFilenameOf(db);
    if (filename === undefined) throw new Error('a SQLite database on a file');
    other = new Database(filename);
    other.pragma('busy_timeout = 0');
  });
  after(async () => {
    other.close();
    await db.destroy();
  });

  it('lets work that reads first still write when another connection wrote meanwhile: the other one waits', async () => {
    let otherWrite = '';
    const written = await inTransaction(db, async (trx) => {
      const sql = await sqlOf(trx);
      await sql.all(throttleKeys);
      // Another process's write between this work's read and its write.
      try {
        other
          .prepare(
            "INSERT INTO throttles (scope, key, failures, window_ends_at_us, blocked_until_us, expires_at_us) VALUES ('test', 'other', 0, 0, 0, 0)",
          )
          .run();
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? String(error);
      }
      return sql.run(insertThrottle, ['test', 'batch']);
    });
    expect(written).to.equal(1);
    expect(otherWrite).to.equal('SQLITE_BUSY');
    const keys = (await poolSql(db).all<{ key: string }>(throttleKeys)).map((r) => r.key);
    expect(keys).to.deep.equal(['batch']);
  });
});
