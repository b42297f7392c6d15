import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** MKT_TEST_DATABASES=sqlite (or postgres) narrows the matrix for a quick local run; CI runs both. */
export const databaseKinds: DatabaseKind[] = (process.env.MKT_TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is DatabaseKind => s === 'sqlite' || s === 'postgres');

let postgres: Promise<ThrowawayPostgres> | undefined;
const sqliteDirectories: string[] = [];

/** A fresh, empty database of this kind; the PostgreSQL cluster starts on first use and is shared. */
export async function freshDatabaseUrl(kind: DatabaseKind): Promise<string> {
  const name = `mkt_test_${randomBytes(6).toString('hex')}`;
  if (kind === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'mkt-sqlite-'));
    sqliteDirectories.push(directory);
    return `sqlite:${join(directory, `${name}.sqlite`)}`;
  }
  postgres ??= startThrowawayPostgres();
  return (await postgres).createDatabase(name);
}

export async function removeTestDatabases(): Promise<void> {
  for (const directory of sqliteDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
  if (postgres) {
    const cluster = await postgres;
    postgres = undefined;
    await cluster.stop();
  }
}
