import { hostname } from 'node:os';
import type { EventTransport } from '../db/event-transport.js';
import type { LeaseKeeper } from '../consumption/capacity/leases.js';
import type { RoutingState } from '../consumption/inference/routing.js';
import type { Clock } from '../lib/clock.js';
import { toIso } from '../lib/clock.js';

/**
 * What only a running `mkt serve` knows, as JSON for its metrics listener's `/status` (read by `mkt admin status`,
 * src/cli/admin-status.ts, from each process): the endpoints routing passes over while they cool down (kept in memory,
 * consumption/inference/routing.ts), how late other processes' events reach this one (db/event-lag.ts), and the
 * inference slots this process holds. The database's side of the status (books, trades, leases, audits) is read by the
 * command itself.
 */
export interface ProcessStatus {
  /** The process's row of inference_processes (null before its leases started). */
  process_id: string | null;
  host: string;
  pid: number;
  /**
   * Every supplier this process has routed to or cooled down, by user id: `cooling_down` while any of its endpoints
   * is (cool-downs are by endpoint: its other endpoints keep serving).
   */
  suppliers: SupplierState[];
  /** The endpoints this process passes over while they cool down. */
  cooling_endpoints: { endpoint_id: string; supplier_user_id: string; cooling_until: string }[];
  event_lag: { last_ms: number; max_ms: number; heard: number; late: number };
  slots_held: number;
}

export interface SupplierState {
  supplier_user_id: string;
  state: 'ok' | 'cooling_down';
  /** Until when it is passed over while others remain (ISO 8601), when cooling down. */
  cooling_until: string | null;
}

/** What the status is read from; Services carries all but the transport, which the composition root holds. */
interface ProcessStatusDeps {
  routingState: RoutingState;
  leases: LeaseKeeper;
  clock: Clock;
  transport: Pick<EventTransport, 'lag'>;
}

/** The endpoints cooling down now, by endpoint id. */
function coolingEndpoints({ cooling }: RoutingState, nowMs: number): ProcessStatus['cooling_endpoints'] {
  return [...cooling.entries()]
    .filter(([, c]) => c.untilMs > nowMs)
    .map(([id, c]) => ({
      endpoint_id: id,
      supplier_user_id: c.supplierUserId,
      cooling_until: toIso(Math.round(c.untilMs * 1000)),
    }))
    .sort((a, b) => a.endpoint_id.localeCompare(b.endpoint_id));
}

function supplierStates(state: RoutingState, nowMs: number): SupplierState[] {
  const coolingUntilMs = new Map<string, number>();
  for (const c of state.cooling.values())
    if (c.untilMs > nowMs)
      coolingUntilMs.set(c.supplierUserId, Math.max(c.untilMs, coolingUntilMs.get(c.supplierUserId) ?? 0));
  const ids = [...new Set([...[...state.adapters.values()].map((a) => a.userId), ...coolingUntilMs.keys()])].sort();
  return ids.map((id) => {
    const untilMs = coolingUntilMs.get(id) ?? 0;
    return untilMs > nowMs
      ? { supplier_user_id: id, state: 'cooling_down', cooling_until: toIso(Math.round(untilMs * 1000)) }
      : { supplier_user_id: id, state: 'ok', cooling_until: null };
  });
}

export function processStatus(deps: ProcessStatusDeps): ProcessStatus {
  const lag = deps.transport.lag();
  return {
    process_id: deps.leases.me?.id ?? null,
    host: hostname(),
    pid: process.pid,
    suppliers: supplierStates(deps.routingState, deps.clock.nowUs() / 1000),
    cooling_endpoints: coolingEndpoints(deps.routingState, deps.clock.nowUs() / 1000),
    event_lag: { last_ms: lag.lastMs, max_ms: lag.maxMs, heard: lag.heard, late: lag.late },
    slots_held: deps.leases.held.size,
  };
}
