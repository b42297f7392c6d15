/**
 * The lease renewal of one process (src/consumption/capacity/leases.ts): one statement renews all its live
 * requests' slots and records their delivered tokens. Time and client CPU per statement, for 10 and
 * 400 live requests (400 = the top tier's slots), on SQLite and on a throwaway PostgreSQL.
 *
 *   npm run build && node dist/scripts/bench-leases.js [--runs 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renewLeases } from '../src/db/inference-leases.js';
import { migrateLatest, openDatabase } from '../src/db/knex.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(values.runs);
const directory = mkdtempSync(join(tmpdir(), 'mkt-bench-leases-'));
const postgres = await startThrowawayPostgres();
try {
  for (const url of [`sqlite:${join(directory, 'bench.sqlite')}`, await postgres.createDatabase('bench_leases')]) {
    const db = openDatabase(url);
    await migrateLatest(db);
    for (const leases of [10, 400]) {
      await db('inference_slots').delete();
      const slots = Array.from({ length: leases }, (_, i) => ({
        request_id: `req_${i}`,
        user_id: 'user_bench',
        acquired_at_us: 0,
        expires_at_us: 0,
        process_id: 'proc_bench',
      }));
      await db.batchInsert('inference_slots', slots, 100);
      const renewals = slots.map((s, i) => ({ requestId: s.request_id, deliveredTokens: i }));
      for (let i = 0; i < 5; i += 1) await renewLeases(db, 'proc_bench', renewals, i + 1);
      const started = performance.now();
      const cpu = process.cpuUsage();
      for (let i = 0; i < runs; i += 1) {
        const renewed = await renewLeases(db, 'proc_bench', renewals, 100 + i);
        if (renewed.size !== leases) throw new Error(`renewed ${renewed.size} of ${leases}`);
      }
      const used = process.cpuUsage(cpu);
      const perStatementMs = (performance.now() - started) / runs;
      console.log(
        `${(url.split(':')[0] ?? url).padEnd(10)} ${String(leases).padStart(4)} leases: ${perStatementMs.toFixed(2)} ms a statement, ${((used.user + used.system) / 1000 / runs).toFixed(2)} ms client CPU`,
      );
    }
    await db.destroy();
  }
} finally {
  await postgres.stop();
  rmSync(directory, { recursive: true, force: true });
}
