import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { newDeploymentSecret } from '../lib/ids.js';
import { kindOf, type Db } from './knex.js';
import { poolSql, statement } from './sql.js';
import { sqliteFilenameOf } from './knex-client.js';
import { oneRow } from './rows.js';

/**
 * Secrets every process of a deployment must share when no setting gives them (migration 0019's
 * `deployment_secrets`): the ticket key (src/db/tickets.ts) and the key that seals suppliers' upstream keys
 * (src/core/upstream-keys.ts).
 */

const insertSecret = statement(
  'deployment_secret_insert',
  'INSERT INTO deployment_secrets (name, secret, created_at_us) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
);
const secretOf = statement('deployment_secret_of', 'SELECT secret FROM deployment_secrets WHERE name = ?');

/**
 * The deployment's secret named `name`: the one stored, or `candidate` if none was (the first
 * process to ask writes it; every later one, on any machine, reads the same).
 */
async function sharedDeploymentSecret(db: Db, name: string, candidate: string, nowUs: number): Promise<string> {
  const sql = poolSql(db);
  await sql.run(insertSecret, [name, candidate, nowUs]);
  return oneRow(await sql.get<{ secret: string }>(secretOf, [name]), 'the deployment secret just written').secret;
}

interface DeploymentSecret {
  /** The setting's value, when set: it wins. */
  configured: string | undefined;
  /** Its row of `deployment_secrets` on PostgreSQL. */
  name: string;
  /** Its file beside the SQLite database. */
  fileName: string;
}

/**
 * A secret every process of the deployment shares:
 * - `configured` when set;
 * - on SQLite (the embedded default: one process), a file beside the database file, made on first start with mode
 *   0600, so it survives a restart;
 * - on PostgreSQL, a row of `deployment_secrets`: the first process writes the one it made, and every process, on any
 *   machine, reads that same row.
 * A database in memory (tests) has its secret in memory: each call makes a new one, so callers load it once.
 */
export async function deploymentSecretOf(db: Db, secret: DeploymentSecret, nowUs: number): Promise<string> {
  if (secret.configured !== undefined) return secret.configured;
  if (kindOf(db) === 'postgres') return sharedDeploymentSecret(db, secret.name, newDeploymentSecret(), nowUs);
  const filename = sqliteFilenameOf(db);
  if (filename === undefined || filename === ':memory:') return newDeploymentSecret();
  const path = join(dirname(filename), secret.fileName);
  try {
    await writeFile(path, newDeploymentSecret() + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return (await readFile(path, 'utf8')).trim();
}

/** The file beside the SQLite database that holds the secret sealing its suppliers' upstream keys. */
const upstreamKeySecretFileName = 'upstream-key-secret';

/**
 * The secret suppliers' upstream keys are sealed with (MKT_UPSTREAM_KEY_SECRET), with the ticket key's fallbacks.
 * Losing it loses the keys: keep the file beside the SQLite database with its backups, or set the setting.
 */
export function upstreamKeySecretOf(db: Db, configured: string | undefined, nowUs: number): Promise<string> {
  return deploymentSecretOf(db, { configured, name: 'upstream_key', fileName: upstreamKeySecretFileName }, nowUs);
}
