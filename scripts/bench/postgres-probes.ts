import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { processCpuMs } from './cpu.js';

/**
 * What bench-scale watches on the PostgreSQL server while the processes work: the CPU of the server's processes (from
 * /proc: the postmaster and every child, backends that come and go included), lock waits sampled from
 * pg_stat_activity and pg_locks, and the NOTIFY rate as a LISTEN client on mkt's events channel hears it.
 */
export interface PostgresWatch {
  stop(): Promise<PostgresFigures>;
}

export interface PostgresFigures {
  cpuMs: number;
  elapsedMs: number;
  samples: number;
  /** Backends waiting on a lock (pg_stat_activity.wait_event_type = 'Lock'): mean and max over the samples. */
  lockWaitingMean: number;
  lockWaitingMax: number;
  /** Locks not granted (pg_locks). */
  ungrantedMean: number;
  ungrantedMax: number;
  /** Samples with at least one backend waiting on a lock. */
  samplesWithLockWaits: number;
  notifications: number;
  /** Ungranted locks by pg_locks.locktype (transactionid: a row another transaction holds; advisory; relation…). */
  ungrantedByType: Map<string, number>;
  /** Busy cores of the whole machine over the watch (/proc/stat), this benchmark's and everyone else's. */
  machineBusyCores: number;
}

/** Busy and total jiffies of the whole machine (/proc/stat's first line): user..steal, idle and iowait apart. */
function machineJiffies(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** mkt's events channel (src/db/event-transport.ts). */
const eventsChannel = 'mkt_events';
const sampleEveryMs = 250;

async function postmasterPid(client: pg.Client): Promise<number> {
  const row = (await client.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'data_directory'"))
    .rows[0];
  if (row === undefined) throw new Error('PostgreSQL did not say where its data directory is');
  return Number(readFileSync(join(row.setting, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The postmaster and its children, by pid: its backends, the WAL writer, the checkpointer… */
function serverPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.split(') ')[1]?.split(' ')[1]);
      if (parent === postmaster) pids.push(Number(entry));
    } catch {
      // exited between the listing and the read
    }
  }
  return pids;
}

interface CpuTally {
  /** Per pid: CPU when first seen (0 for a process born during the watch) and when last seen. */
  first: Map<number, number>;
  last: Map<number, number>;
}

function tallyCpu(tally: CpuTally, pids: number[], atStart: boolean): void {
  for (const pid of pids) {
    let cpu: number;
    try {
      cpu = processCpuMs(pid);
    } catch {
      continue;
    }
    if (!tally.first.has(pid)) tally.first.set(pid, atStart ? cpu : 0);
    tally.last.set(pid, cpu);
  }
}

const cpuOf = (tally: CpuTally): number =>
  [...tally.last].reduce((sum, [pid, cpu]) => sum + cpu - (tally.first.get(pid) ?? 0), 0);

/**
 * A counter of the CPU (ms) of every process of the cluster `url` is on, read from /proc: what the backends that run
 * throughout (pools) and the cluster's own processes used. A backend that ends between two reads takes its CPU along.
 */
export async function postgresCpuCounter(url: string): Promise<() => number> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench CPU counter' });
  await client.connect();
  const postmaster = await postmasterPid(client);
  await client.end();
  return () =>
    serverPids(postmaster).reduce((sum, pid) => {
      try {
        return sum + processCpuMs(pid);
      } catch {
        return sum; // ended since listed
      }
    }, 0);
}

export async function watchPostgres(url: string): Promise<PostgresWatch> {
  const sampler = new pg.Client({ connectionString: url, application_name: 'bench-scale sampler' });
  const listener = new pg.Client({ connectionString: url, application_name: 'bench-scale listener' });
  await sampler.connect();
  await listener.connect();
  let notifications = 0;
  listener.on('notification', () => void (notifications += 1));
  await listener.query(`LISTEN ${eventsChannel}`);
  const postmaster = await postmasterPid(sampler);
  const tally: CpuTally = { first: new Map(), last: new Map() };
  tallyCpu(tally, serverPids(postmaster), true);
  const waiting: number[] = [];
  const ungrantedByType = new Map<string, number>();
  const machineAtStart = machineJiffies();
  const ungranted: number[] = [];
  const started = performance.now();
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      tallyCpu(tally, serverPids(postmaster), false);
      const row = (
        await sampler.query<{ waiting: string; ungranted: string }>(
          `SELECT (SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock') AS waiting,
                  (SELECT count(*) FROM pg_locks WHERE NOT granted) AS ungranted`,
        )
      ).rows[0];
      waiting.push(Number(row?.waiting ?? 0));
      ungranted.push(Number(row?.ungranted ?? 0));
      const types = await sampler.query<{ locktype: string; n: string }>(
        'SELECT locktype, count(*) AS n FROM pg_locks WHERE NOT granted GROUP BY locktype',
      );
      for (const t of types.rows) ungrantedByType.set(t.locktype, (ungrantedByType.get(t.locktype) ?? 0) + Number(t.n));
    });
  }, sampleEveryMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      tallyCpu(tally, serverPids(postmaster), false);
      const elapsedMs = performance.now() - started;
      const machine = machineJiffies();
      const machineBusyCores =
        ((machine.busy - machineAtStart.busy) / Math.max(1, machine.total - machineAtStart.total)) * cpus().length;
      await Promise.all([sampler.end(), listener.end()]);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
      return {
        cpuMs: cpuOf(tally),
        elapsedMs,
        samples: waiting.length,
        lockWaitingMean: mean(waiting),
        lockWaitingMax: Math.max(0, ...waiting),
        ungrantedMean: mean(ungranted),
        ungrantedMax: Math.max(0, ...ungranted),
        samplesWithLockWaits: waiting.filter((n) => n > 0).length,
        notifications,
        ungrantedByType,
        machineBusyCores,
      };
    },
  };
}
