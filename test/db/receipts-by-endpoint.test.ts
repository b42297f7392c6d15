import { expect } from 'chai';
import { migrateLatest, openDatabase } from '../../src/db/knex.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';

/** Names of the indexes on `inference_requests`, from the database's own catalogue. */
async function receiptIndexes(db: ReturnType<typeof openDatabase>, kind: string): Promise<string[]> {
  if (kind === 'sqlite') {
    const rows: { name: string }[] = await db.raw("PRAGMA index_list('inference_requests')");
    return rows.map((row) => row.name);
  }
  const result: { rows: { indexname: string }[] } = await db.raw(
    "SELECT indexname FROM pg_indexes WHERE tablename = 'inference_requests'",
  );
  return result.rows.map((row) => row.indexname);
}

/** Suppliers' scorecards read the latest receipts of one endpoint × instrument (migration 0030). */
describe('receipts by the endpoint that answered them', () => {
  for (const kind of databaseKinds) {
    it(`are indexed by endpoint, instrument and time on ${kind}`, async () => {
      const db = openDatabase(await freshDatabaseUrl(kind));
      try {
        await migrateLatest(db);
        expect(await receiptIndexes(db, kind)).to.include('inference_requests_by_endpoint');
      } finally {
        await db.destroy();
      }
    });
  }
});
