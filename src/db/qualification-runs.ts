import type { Db } from './knex.js';
import type { Knex } from 'knex';
import { poolSql, sqlIn, statement } from './sql.js';

/** Qualification runs (migration 0029), each statement prepared once. */

export type QualificationRunStatus = 'running' | 'completed' | 'failed';

export interface QualificationRunRow {
  id: string;
  endpoint_id: string;
  user_id: string;
  status: QualificationRunStatus;
  failure: string | null;
  /** JSON: one report per instrument (consumption/qualification/types.ts QualificationReport); null while running. */
  reports: string | null;
  lease_until_us: number;
  started_at_us: number;
  finished_at_us: number | null;
}

const columns = 'id, endpoint_id, user_id, status, failure, reports, lease_until_us, started_at_us, finished_at_us';

const insert = statement(
  'qualification_run_insert',
  `INSERT INTO qualification_runs (${columns}) VALUES (?, ?, ?, 'running', NULL, NULL, ?, ?, NULL)`,
);
const renew = statement(
  'qualification_run_renew',
  "UPDATE qualification_runs SET lease_until_us = ? WHERE id = ? AND status = 'running'",
);
const finish = statement(
  'qualification_run_finish',
  "UPDATE qualification_runs SET status = ?, failure = ?, reports = ?, finished_at_us = ? WHERE id = ? AND status = 'running'",
);
const abandon = statement(
  'qualification_run_abandon',
  "UPDATE qualification_runs SET status = 'failed', failure = ?, finished_at_us = ? WHERE endpoint_id = ? AND status = 'running' AND lease_until_us < ?",
);
const live = statement(
  'qualification_run_live',
  `SELECT ${columns} FROM qualification_runs WHERE endpoint_id = ? AND status = 'running' AND lease_until_us >= ? LIMIT 1`,
);
const byId = statement(
  'qualification_run_by_id',
  `SELECT ${columns} FROM qualification_runs WHERE endpoint_id = ? AND id = ?`,
);
const ofEndpoint = statement(
  'qualification_runs_of_endpoint',
  `SELECT ${columns} FROM qualification_runs WHERE endpoint_id = ? ORDER BY started_at_us DESC, id DESC LIMIT ?`,
);

export async function insertQualificationRun(
  db: Db,
  run: { id: string; endpointId: string; userId: string; leaseUntilUs: number; startedAtUs: number },
): Promise<void> {
  await poolSql(db).run(insert, [run.id, run.endpointId, run.userId, run.leaseUntilUs, run.startedAtUs]);
}

/** Extends a running run's lease; false when it is no longer running (a later start found it abandoned). */
export async function renewQualificationRun(db: Db, id: string, leaseUntilUs: number): Promise<boolean> {
  return (await poolSql(db).run(renew, [leaseUntilUs, id])) === 1;
}

/** Ends a running run, once; false when it had already ended. */
export async function finishQualificationRun(
  db: Db | Knex.Transaction,
  id: string,
  end: { status: 'completed' | 'failed'; failure: string | null; reports: string | null; finishedAtUs: number },
): Promise<boolean> {
  const sql = await sqlIn(db);
  return (await sql.run(finish, [end.status, end.failure, end.reports, end.finishedAtUs, id])) === 1;
}

/** Marks failed the endpoint's runs whose process stopped renewing their lease; how many there were. */
export function abandonQualificationRuns(db: Db, endpointId: string, nowUs: number, failure: string): Promise<number> {
  return poolSql(db).run(abandon, [failure, nowUs, endpointId, nowUs]);
}

/** The endpoint's run in progress (its lease held), if any. */
export function liveQualificationRun(
  db: Db,
  endpointId: string,
  nowUs: number,
): Promise<QualificationRunRow | undefined> {
  return poolSql(db).get<QualificationRunRow>(live, [endpointId, nowUs]);
}

export function qualificationRunById(db: Db, endpointId: string, id: string): Promise<QualificationRunRow | undefined> {
  return poolSql(db).get<QualificationRunRow>(byId, [endpointId, id]);
}

/** The endpoint's latest runs, newest first. */
export function qualificationRunsOfEndpoint(db: Db, endpointId: string, limit: number): Promise<QualificationRunRow[]> {
  return poolSql(db).all<QualificationRunRow>(ofEndpoint, [endpointId, limit]);
}
