import pg from 'pg';

/**
 * Benchmarks measure a deployment that has been running, where autovacuum's ANALYZE keeps the planner's statistics
 * within about 10 % of each table's size. A benchmark's tables grow from empty to tens of thousands of rows in seconds,
 * far faster than autovacuum's default nap of a minute: the plans of the prepared statements, made while the tables
 * looked empty, would then read whole tables (a hashed sequential scan of orders on every batch, measured: 2–3 ms each
 * by the end of a run) until the first ANALYZE. A nap of a second keeps the statistics as current as a deployment's.
 */
export async function keepStatisticsCurrent(clusterUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query("ALTER SYSTEM SET autovacuum_naptime = '1s'");
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}
