import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Refuses a PostgreSQL connection that goes through a pooler in transaction (or statement) mode, such as PgBouncer
 * with `pool_mode = transaction`. There a client's server connection is its own only for one transaction: a session
 * advisory lock (the liveness lock of src/db/process-liveness.ts), a LISTEN (src/db/event-transport.ts, the API key
 * revocation feed) and a named prepared statement (src/db/sql.ts) would each be left on a server connection that
 * other clients then use, and lost to this one. mkt needs session mode (or a direct connection).
 *
 * The probe, deterministic against PgBouncer (which hands idle server connections out last-in first-out, and in
 * transaction mode does not reset them between clients):
 * 1. client A sets a session value, outside any transaction, and notes its server's backend pid;
 * 2. client B opens a transaction and holds it, reading the value and its own backend pid: its server connection is
 *    the one A just released when servers are shared between clients, and never A's in session mode or direct;
 * 3. A reads its value and pid again while B holds its transaction: in session mode A still has its own server.
 * Servers are shared when B ran on A's backend, or A's value or backend changed.
 */

export class TransactionPoolingRefused extends Error {
  override name = 'TransactionPoolingRefused';
}

interface Probe {
  token: string;
  firstPid: number;
}

interface Observation {
  /** What client B saw, inside its transaction. */
  otherPid: number;
  otherSawToken: boolean;
  /** What client A saw afterwards, while B held its transaction (undefined: A waited for a server B held). */
  laterPid?: number;
  laterSawToken?: boolean;
}

/** How long B may wait for a server connection: a session pooler whose pool A and others fill never gives one. */
const serverWaitMsMax = 10_000;

const probeSetting = 'mkt.session_probe';

/** Throws TransactionPoolingRefused when `url` reaches PostgreSQL through a transaction-mode pooler; SQLite passes. */
export async function refuseTransactionPooling(url: string): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(url)) return;
  const first = new pg.Client({ connectionString: url, application_name: 'mkt pool mode check' });
  const other = new pg.Client({ connectionString: url, application_name: 'mkt pool mode check' });
  try {
    await first.connect();
    const probe = await setProbe(first);
    await other.connect();
    const observation = await observe(first, other, probe);
    if (observation !== undefined && serversAreShared(probe, observation)) throw new TransactionPoolingRefused(refusal);
  } finally {
    await Promise.all([first.end().catch(() => undefined), other.end().catch(() => undefined)]);
  }
}

async function setProbe(client: pg.Client): Promise<Probe> {
  const token = randomBytes(12).toString('hex');
  const result = await client.query<{ pid: number }>(
    'SELECT set_config($1, $2, false) AS value, pg_backend_pid() AS pid',
    [probeSetting, token],
  );
  return { token, firstPid: Number(result.rows[0]?.pid) };
}

/** Steps 2 and 3; undefined when B got no server connection in time (a full session pool: not shared). */
async function observe(first: pg.Client, other: pg.Client, probe: Probe): Promise<Observation | undefined> {
  const began = await withinServerWait(beginAndRead(other));
  if (began === undefined) return undefined;
  if (began === statementPooling) throw new TransactionPoolingRefused(refusal);
  const observation: Observation = { otherPid: began.pid, otherSawToken: began.value === probe.token };
  // On A's backend already: A's read would wait for B's transaction (a pool of one), and the answer is known.
  if (observation.otherPid === probe.firstPid || observation.otherSawToken) {
    await other.query('ROLLBACK');
    return observation;
  }
  const later = await readProbe(first);
  await other.query('ROLLBACK');
  return { ...observation, laterPid: later.pid, laterSawToken: later.value === probe.token };
}

const statementPooling = Symbol('statement pooling');

async function beginAndRead(
  client: pg.Client,
): Promise<{ pid: number; value: string | null } | typeof statementPooling> {
  try {
    await client.query('BEGIN');
  } catch (error) {
    // PgBouncer's statement mode refuses transactions outright.
    if (/statement pooling/i.test(String(error))) return statementPooling;
    throw error;
  }
  return readProbe(client);
}

async function readProbe(client: pg.Client): Promise<{ pid: number; value: string | null }> {
  const result = await client.query<{ pid: number; value: string | null }>(
    'SELECT pg_backend_pid() AS pid, current_setting($1, true) AS value',
    [probeSetting],
  );
  const row = result.rows[0];
  return { pid: Number(row?.pid), value: row?.value ?? null };
}

async function withinServerWait<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), serverWaitMsMax);
  });
  try {
    return await Promise.race([work, waited]);
  } finally {
    clearTimeout(timer);
  }
}

function serversAreShared(probe: Probe, seen: Observation): boolean {
  if (seen.otherPid === probe.firstPid || seen.otherSawToken) return true;
  return seen.laterPid !== probe.firstPid || seen.laterSawToken !== true;
}

const refusal =
  'DATABASE_URL reaches PostgreSQL through a connection pooler in transaction mode (for example PgBouncer with ' +
  'pool_mode = transaction): a session value set on one connection was gone, or seen by another client, after its ' +
  'transaction ended. mkt keeps state on its sessions that transaction mode hands to other clients between ' +
  'transactions: session advisory locks (each process\u2019s liveness lock), LISTEN/NOTIFY (events between processes, ' +
  'API key revocations) and named prepared statements. Point DATABASE_URL at PostgreSQL directly, or at a pool in ' +
  'session mode (PgBouncer: pool_mode = session, with default_pool_size at least the connections of every mkt ' +
  'process: 10 per pool plus a few listeners). See docs/deploy.md.';
