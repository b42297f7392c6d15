import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  startThrowawayPostgres,
  stopClusterAt,
  type ClusterWhereabouts,
  type ThrowawayPostgres,
  type ThrowawayStandby,
} from '../../scripts/throwaway-postgres.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** MKT_TEST_DATABASES=sqlite (or postgres) narrows the matrix for a quick local run; CI runs both. */
export const databaseKinds: DatabaseKind[] = (process.env.MKT_TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is DatabaseKind => s === 'sqlite' || s === 'postgres');

/**
 * The run's directory (hooks.ts's global setup, inherited by mocha's workers). While there is one, a process keeps its
 * clusters from file to file and notes them there, and the run's teardown stops them: an initdb, a start and a stop
 * per test file cost seconds of a busy machine each. Without one (mocha run without the setup), each file's clusters
 * stop with it.
 */
const runDirectory = (): string | undefined => process.env.MKT_TEST_RUN_DIR;

/** Starts a cluster and, in a run, notes where it lives for the run's teardown. */
async function startNoted(options: { standby?: boolean }): Promise<ThrowawayPostgres> {
  const cluster = await startThrowawayPostgres(options);
  const run = runDirectory();
  if (run !== undefined)
    writeFileSync(
      join(run, `cluster-${process.pid}-${options.standby ? 'replicated' : 'plain'}.json`),
      JSON.stringify(cluster.whereabouts),
    );
  return cluster;
}

let postgres: Promise<ThrowawayPostgres> | undefined;
/**
 * A second cluster with a streaming standby, started on first use by the replica suites only: the standby replays
 * what its primary writes, so the other suites' databases stay on the plain cluster and cost it nothing.
 */
let replicated: Promise<ThrowawayPostgres> | undefined;
const sqliteDirectories: string[] = [];

/** A fresh, empty database of this kind; the PostgreSQL cluster starts on first use and is shared. */
export async function freshDatabaseUrl(kind: DatabaseKind): Promise<string> {
  const name = `mkt_test_${randomBytes(6).toString('hex')}`;
  if (kind === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'mkt-sqlite-'));
    sqliteDirectories.push(directory);
    return `sqlite:${join(directory, `${name}.sqlite`)}`;
  }
  postgres ??= startNoted({});
  return (await postgres).createDatabase(name);
}

export interface ReplicatedDatabase {
  /** DATABASE_URL: the database on the primary. */
  primaryUrl: string;
  /** DATABASE_READ_URL: the same database on the streaming standby. */
  replicaUrl: string;
  /** The primary's cluster (another database on it: `postgres`, for a superuser session). */
  cluster: ThrowawayPostgres;
  standby: ThrowawayStandby;
}

/** A fresh, empty PostgreSQL database on a primary with a streaming standby, and its name on the standby. */
export async function freshReplicatedDatabase(): Promise<ReplicatedDatabase> {
  const name = `mkt_test_${randomBytes(6).toString('hex')}`;
  replicated ??= startNoted({ standby: true });
  const cluster = await replicated;
  const { standby } = cluster;
  if (!standby) throw new Error('the replicated throwaway cluster started without its standby');
  const primaryUrl = await cluster.createDatabase(name);
  // The database exists on the standby once the standby has replayed its creation.
  await standby.caughtUp();
  return { primaryUrl, replicaUrl: standby.url(name), cluster, standby };
}

/** At the end of a test file: its SQLite files go, and its clusters too unless the run keeps them. */
export async function removeTestDatabases(): Promise<void> {
  for (const directory of sqliteDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
  if (runDirectory() !== undefined) return;
  for (const started of [postgres, replicated]) if (started) await (await started).stop();
  postgres = undefined;
  replicated = undefined;
}

/** The run's directory, made before mocha starts its workers (hooks.ts). */
export function startTestRun(): void {
  process.env.MKT_TEST_RUN_DIR = mkdtempSync(join(tmpdir(), 'mkt-test-run-'));
}

/** At the end of the run: every cluster a process of the run noted is stopped and removed, and the run's directory. */
export function endTestRun(): void {
  const run = runDirectory();
  if (run === undefined) return;
  for (const name of readdirSync(run))
    if (name.startsWith('cluster-'))
      stopClusterAt(JSON.parse(readFileSync(join(run, name), 'utf8')) as ClusterWhereabouts);
  rmSync(run, { recursive: true, force: true });
  delete process.env.MKT_TEST_RUN_DIR;
  postgres = undefined;
  replicated = undefined;
}
