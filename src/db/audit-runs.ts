import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/** The periodic ledger audits' record (migration 0025), each statement prepared once. */

export interface AuditRun {
  ranAtUs: number;
  ok: boolean;
  /** How many checks failed (0 when ok). */
  failures: number;
  /** The first failures, as the audit words them; null when ok. */
  detail: string | null;
}

interface AuditRunRow {
  ran_at_us: number;
  ok: boolean | number;
  failures: number;
  detail: string | null;
}

const insert = statement(
  'ledger_audit_run_insert',
  'INSERT INTO ledger_audit_runs (ran_at_us, ok, failures, detail) VALUES (?, ?, ?, ?)',
);
const latest = statement(
  'ledger_audit_run_latest',
  'SELECT ran_at_us, ok, failures, detail FROM ledger_audit_runs ORDER BY ran_at_us DESC, id DESC LIMIT 1',
);

export async function recordAuditRun(db: Db, run: AuditRun): Promise<void> {
  await poolSql(db).run(insert, [run.ranAtUs, run.ok, run.failures, run.detail]);
}

/** The last audit any process ran, or undefined when none has. */
export async function lastAuditRun(db: Db): Promise<AuditRun | undefined> {
  const row = await poolSql(db).get<AuditRunRow>(latest);
  return row && { ranAtUs: row.ran_at_us, ok: Boolean(row.ok), failures: row.failures, detail: row.detail };
}
