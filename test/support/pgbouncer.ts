import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Debian's PgBouncer (`apt-get install pgbouncer`; .ci/run installs it), in front of a test PostgreSQL. */
const pgbouncerBinary = process.env.MKT_PGBOUNCER ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** `databaseUrl` with PgBouncer's port in place of PostgreSQL's. */
  url: string;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  poolMode: 'session' | 'transaction' | 'statement';
  poolSize: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function configText(target: URL, port: number, directory: string, options: PgBouncerOptions): string {
  return [
    '[databases]',
    `* = host=${target.hostname} port=${target.port} user=${target.username}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${directory}`,
    'auth_type = any',
    `pool_mode = ${options.poolMode}`,
    `default_pool_size = ${options.poolSize}`,
    'max_client_conn = 200',
    `logfile = ${join(directory, 'pgbouncer.log')}`,
    `pidfile = ${join(directory, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
}

/** PgBouncer refuses to run as root: as root, run it as the `postgres` user (as the throwaway cluster runs). */
function spawnPgBouncer(configFile: string, directory: string): ChildProcess {
  if (process.getuid?.() !== 0) return spawn(pgbouncerBinary, [configFile], { stdio: 'ignore' });
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(directory, uid, gid);
  chownSync(configFile, uid, gid);
  return spawn('runuser', ['-u', 'postgres', '--', pgbouncerBinary, configFile], { stdio: 'ignore' });
}

async function waitUntilAccepting(url: string, child: ChildProcess, directory: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`PgBouncer did not start: ${String(error)}; see ${join(directory, 'pgbouncer.log')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A PgBouncer on a free port in front of the database of `databaseUrl`, in the given pool mode. */
export async function startPgBouncer(databaseUrl: string, options: PgBouncerOptions): Promise<PgBouncer> {
  if (!existsSync(pgbouncerBinary))
    throw new Error(`PgBouncer not found at ${pgbouncerBinary}: apt-get install -y pgbouncer (or set MKT_PGBOUNCER)`);
  const target = new URL(databaseUrl);
  const directory = mkdtempSync(join(tmpdir(), 'mkt-pgbouncer-'));
  const port = await freePort();
  const configFile = join(directory, 'pgbouncer.ini');
  writeFileSync(configFile, configText(target, port, directory, options));
  const child = spawnPgBouncer(configFile, directory);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = new URL(databaseUrl);
  url.port = String(port);
  try {
    await waitUntilAccepting(url.toString(), child, directory);
  } catch (error) {
    child.kill('SIGINT');
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url: url.toString(),
    async stop() {
      // SIGINT: PgBouncer's safe shutdown waits for clients; SIGTERM closes at once.
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
