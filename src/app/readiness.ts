import { pendingMigrations, pingDatabase } from '../db/health.js';
import type { Db } from '../db/knex.js';
import { replicaReadiness, type ReadReplica } from '../db/read-replica.js';
import type { Clock } from '../lib/clock.js';

/**
 * `/readyz` (app/metrics-listener.ts): whether this process should be sent traffic. Ready when every required check
 * holds — the database answers, its migrations are this code's, the events of other processes reach this one (the
 * LISTEN connection, on PostgreSQL), and the background jobs run. Checks that only inform (a read replica: reads fall
 * back to the primary when it is down) are reported beside them and never make the process unready.
 */

export interface CheckState {
  ok: boolean;
  /** Why not, or what was found, for the operator reading the body. */
  detail?: string;
}

/** A check passed in by the composition root, e.g. the read replica's probe. */
export interface ReadinessProbe {
  name: string;
  /** Whether a failure makes the process unready. */
  required: boolean;
  check: () => Promise<CheckState>;
}

/** What the checks read, filled in by app/main.ts as the process starts (the background starts after the hosts). */
export interface ReadinessSources {
  db: Db;
  transport: { listening(): boolean };
  background: { running(): boolean } | undefined;
  probes: readonly ReadinessProbe[];
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckState & { required: boolean }>;
}

/** A check that has not answered in this long has failed: a load balancer's probe does not wait for a stuck pool. */
const checkTimeoutMs = 2_000;

async function withTimeout(check: () => Promise<CheckState>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${checkTimeoutMs} ms` }), checkTimeoutMs);
  });
  try {
    return await Promise.race([
      check().catch((error: unknown) => ({
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function databaseAnswers(db: Db): Promise<CheckState> {
  await pingDatabase(db);
  return { ok: true };
}

async function migrationsCurrent(db: Db): Promise<CheckState> {
  const pending = await pendingMigrations(db);
  return pending.length === 0 ? { ok: true } : { ok: false, detail: `not applied: ${pending.join(', ')}` };
}

const eventsListening = (sources: ReadinessSources): CheckState =>
  sources.transport.listening()
    ? { ok: true }
    : { ok: false, detail: "the LISTEN connection is down: other processes' events do not reach this one" };

function backgroundRunning(sources: ReadinessSources): CheckState {
  if (sources.background === undefined) return { ok: false, detail: 'not started' };
  return sources.background.running()
    ? { ok: true }
    : { ok: false, detail: 'stopped, or its ticks have not completed lately' };
}

/** Every check, run side by side, each within `checkTimeoutMs`. */
export async function readiness(sources: ReadinessSources): Promise<Readiness> {
  const required: [string, () => Promise<CheckState>][] = [
    ['database', () => databaseAnswers(sources.db)],
    ['migrations', () => migrationsCurrent(sources.db)],
    ['listen', () => Promise.resolve(eventsListening(sources))],
    ['background', () => Promise.resolve(backgroundRunning(sources))],
  ];
  const probes = [
    ...required.map(([name, check]) => ({ name, required: true, check })),
    ...sources.probes.map(({ name, required, check }) => ({ name, required, check })),
  ];
  const results = await Promise.all(probes.map(async (probe) => ({ probe, state: await withTimeout(probe.check) })));
  const checks: Readiness['checks'] = Object.fromEntries(
    results.map(({ probe, state }) => [probe.name, { ...state, required: probe.required }]),
  );
  return { ready: results.every(({ probe, state }) => !probe.required || state.ok), checks };
}

/**
 * DATABASE_READ_URL's replica as `/readyz` reports it (db/read-replica.ts): informative only, since reads leave a replica
 * that is down or lagging for the primary. None when no replica is configured.
 */
export function replicaProbes(replica: ReadReplica | undefined, clock: Clock): ReadinessProbe[] {
  if (replica === undefined) return [];
  const check = async (): Promise<CheckState> => {
    const state = await replicaReadiness(replica, clock.nowUs() / 1000);
    if (state.state === 'none') return { ok: true, detail: 'none configured' };
    if (state.state === 'down') return { ok: false, detail: `down, reads on the primary: ${state.reason}` };
    const lag = `${state.lagBytes} bytes, ${state.lagSeconds} s behind${state.replayPaused ? ', replay paused' : ''}`;
    return state.state === 'ok'
      ? { ok: true, detail: lag }
      : { ok: false, detail: `lagging, reads on the primary: ${lag}` };
  };
  return [{ name: 'replica', required: false, check }];
}
