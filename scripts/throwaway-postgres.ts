import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A disposable PostgreSQL cluster for tests and benchmarks: initdb in a temp dir, a free port on
 * 127.0.0.1, fsync off, removed on stop. As root it runs the server as the `postgres` user, since
 * initdb refuses root.
 */
const binDirectory = process.env.MKT_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  /** postgres://… of a database, on this cluster. */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
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

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  if (!existsSync(join(binDirectory, 'initdb'))) {
    throw new Error(
      `PostgreSQL server binaries not found in ${binDirectory}; install postgresql-15 (apt-get install -y postgresql) or set MKT_PG_BIN.`,
    );
  }
  const asPostgres = process.getuid?.() === 0;
  const root = mkdtempSync(join(tmpdir(), 'mkt-pg-'));
  const dataDirectory = join(root, 'data');
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  runAsOwner(
    join(binDirectory, 'initdb'),
    ['-D', dataDirectory, '-U', 'mkt', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    asPostgres,
  );

  const port = await freePort();
  const serverArgs = [
    '-D',
    dataDirectory,
    '-p',
    String(port),
    '-k',
    root,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300', // three mocha workers, each with its services' pools and the mkt serve processes it starts
  ];
  const postgresBinary = join(binDirectory, 'postgres');
  const child: ChildProcess = asPostgres
    ? spawn('runuser', ['-u', 'postgres', '--', postgresBinary, ...serverArgs], { stdio: 'ignore' })
    : spawn(postgresBinary, serverArgs, { stdio: 'ignore' });

  const url = (database: string) => `postgres://mkt@127.0.0.1:${port}/${database}`;
  // Generous: a machine whose cores are busy with other work starts the cluster far slower.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url('postgres') });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`throwaway PostgreSQL did not start: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

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
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // SIGINT is PostgreSQL's "fast" shutdown: abort sessions, stop at once.
        if (asPostgres)
          execFileSync(
            'runuser',
            ['-u', 'postgres', '--', join(binDirectory, 'pg_ctl'), '-D', dataDirectory, '-m', 'immediate', 'stop'],
            { stdio: 'ignore' },
          );
        else child.kill('SIGINT');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
