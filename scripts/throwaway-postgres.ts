import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A disposable PostgreSQL cluster for tests and benchmarks: initdb in a temp dir, a free port on
 * 127.0.0.1, fsync off, removed on stop. As root it runs the server as the `postgres` user, since
 * initdb refuses root. With `{ standby: true }` it also runs a real streaming standby of it
 * (`pg_basebackup -R`, hot standby on a port of its own): every database created on the primary
 * replicates to it under the same name (DATABASE_READ_URL's tests).
 */
const binDirectory = process.env.MKT_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  /** postgres://… of a database, on this cluster. */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** The streaming standby, when started with `{ standby: true }`. */
  standby?: ThrowawayStandby;
  /**
   * Stops the primary as an operator's restart does (`fast`: its sessions aborted) and starts it again on the same
   * port, once `whileDown` (a test's checks of the outage) has resolved.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /** Where the cluster lives, for `stopClusterAt` in another process (the test run's teardown). */
  whereabouts: ClusterWhereabouts;
}

export interface ClusterWhereabouts {
  /** The temp directory holding everything of the cluster, removed by a stop. */
  root: string;
  /** The primary's data directory, and the standby's when there is one. */
  dataDirectories: string[];
  asPostgres: boolean;
}

export interface ThrowawayStandby {
  /** postgres://… of a database on the standby: the replica of the primary's database of that name. */
  url(database: string): string;
  /** Resolves once the standby has replayed the primary's WAL up to what is committed now. */
  caughtUp(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function runAsOwner(command: string, args: string[], asPostgres: boolean): void {
  if (asPostgres) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

/** The settings of a throwaway server: fast and forgetful (fsync off), replication allowed for a standby. */
function serverArgs(dataDirectory: string, socketDirectory: string, port: number): string[] {
  const settings = [
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=300', // a test file's services' pools and the mkt serve processes it starts, or a benchmark's
    'wal_level=replica',
    'max_wal_senders=4',
    'hot_standby=on',
  ];
  return [
    '-D',
    dataDirectory,
    '-p',
    String(port),
    '-k',
    socketDirectory,
    '-h',
    '127.0.0.1',
    ...settings.flatMap((setting) => ['-c', setting]),
  ];
}

interface RunningServer {
  child: ChildProcess;
  dataDirectory: string;
}

async function startServer(
  dataDirectory: string,
  socketDirectory: string,
  port: number,
  asPostgres: boolean,
): Promise<RunningServer> {
  const args = serverArgs(dataDirectory, socketDirectory, port);
  const postgresBinary = join(binDirectory, 'postgres');
  const child: ChildProcess = asPostgres
    ? spawn('runuser', ['-u', 'postgres', '--', postgresBinary, ...args], { stdio: 'ignore' })
    : spawn(postgresBinary, args, { stdio: 'ignore' });
  // Generous: a machine whose cores are busy with other work starts the cluster far slower.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const client = new pg.Client({ connectionString: `postgres://mkt@127.0.0.1:${port}/postgres` });
    try {
      await client.connect();
      await client.end();
      return { child, dataDirectory };
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`throwaway PostgreSQL did not start: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * `immediate` drops everything at once (the end of a test run); `fast` is an operator's restart: sessions aborted, the
 * commits they were told of kept (with synchronous_commit off, an immediate stop loses the last ones).
 */
async function stopServer(
  { child, dataDirectory }: RunningServer,
  asPostgres: boolean,
  mode: 'immediate' | 'fast' = 'immediate',
): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  // SIGINT is PostgreSQL's "fast" shutdown: abort sessions, stop at once.
  if (asPostgres)
    execFileSync(
      'runuser',
      ['-u', 'postgres', '--', join(binDirectory, 'pg_ctl'), '-D', dataDirectory, '-m', mode, 'stop'],
      { stdio: 'ignore' },
    );
  else child.kill('SIGINT');
  await exited;
}

/** A temp directory the server's user owns (initdb and the server refuse root). */
function ownedTempDirectory(asPostgres: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'mkt-pg-'));
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  return root;
}

/**
 * Stops a cluster started by another process (`pg_ctl stop -m immediate` on each of its servers still running) and
 * removes its directory.
 */
export function stopClusterAt({ root, dataDirectories, asPostgres }: ClusterWhereabouts): void {
  for (const dataDirectory of dataDirectories) {
    if (!existsSync(join(dataDirectory, 'postmaster.pid'))) continue;
    try {
      runAsOwner(join(binDirectory, 'pg_ctl'), ['-D', dataDirectory, '-m', 'immediate', 'stop'], asPostgres);
    } catch {
      // Stopped meanwhile, or never started: nothing of it is left to stop.
    }
  }
  rmSync(root, { recursive: true, force: true });
}

async function queryOne(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(text);
    return String(rows[0]?.value);
  } finally {
    await client.end();
  }
}

/** `pg_basebackup -R` of the running primary into a directory of its own, started as a hot standby. */
async function startStandby(
  root: string,
  primaryPort: number,
  asPostgres: boolean,
): Promise<RunningServer & { port: number }> {
  const dataDirectory = join(root, 'standby');
  runAsOwner(
    join(binDirectory, 'pg_basebackup'),
    ['-D', dataDirectory, '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'mkt', '-R', '-X', 'stream', '--no-sync'],
    asPostgres,
  );
  const port = await freePort();
  return { ...(await startServer(dataDirectory, root, port, asPostgres)), port };
}

/** Waits until the standby at `standbyUrl` has replayed past the primary's current WAL position. */
async function caughtUp(primaryUrl: string, standbyUrl: string): Promise<void> {
  const target = await queryOne(primaryUrl, 'SELECT pg_current_wal_insert_lsn()::text AS value');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const behind = await queryOne(standbyUrl, `SELECT pg_last_wal_replay_lsn() < '${target}'::pg_lsn AS value`);
    if (behind === 'false') return;
    if (Date.now() > deadline) throw new Error(`the standby did not replay past ${target} within a minute`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startThrowawayPostgres(options: { standby?: boolean } = {}): Promise<ThrowawayPostgres> {
  if (!existsSync(join(binDirectory, 'initdb'))) {
    throw new Error(
      `PostgreSQL server binaries not found in ${binDirectory}; install postgresql-15 (apt-get install -y postgresql) or set MKT_PG_BIN.`,
    );
  }
  const asPostgres = process.getuid?.() === 0;
  const root = ownedTempDirectory(asPostgres);
  const dataDirectory = join(root, 'data');
  // initdb's pg_hba.conf trusts local replication connections too, which pg_basebackup and the standby use.
  runAsOwner(
    join(binDirectory, 'initdb'),
    ['-D', dataDirectory, '-U', 'mkt', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    asPostgres,
  );
  const port = await freePort();
  let primary = await startServer(dataDirectory, root, port, asPostgres);
  const url = (database: string) => `postgres://mkt@127.0.0.1:${port}/${database}`;
  const standbyServer = options.standby ? await startStandby(root, port, asPostgres) : undefined;
  const standbyUrl = (database: string) => `postgres://mkt@127.0.0.1:${standbyServer?.port}/${database}`;

  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    whereabouts: {
      root,
      dataDirectories: standbyServer ? [dataDirectory, standbyServer.dataDirectory] : [dataDirectory],
      asPostgres,
    },
    standby: standbyServer && {
      url: standbyUrl,
      caughtUp: () => caughtUp(url('postgres'), standbyUrl('postgres')),
    },
    async restart(whileDown) {
      await stopServer(primary, asPostgres, 'fast');
      await whileDown?.();
      primary = await startServer(dataDirectory, root, port, asPostgres);
    },
    async stop() {
      if (standbyServer) await stopServer(standbyServer, asPostgres);
      await stopServer(primary, asPostgres);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
