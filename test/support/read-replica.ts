import { expect } from 'chai';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { loadConfig, type HostName } from '../../src/app/config.js';
import { startService, type RunningService } from '../../src/app/main.js';
import { replicaReadiness, type ReplicaReadiness } from '../../src/db/read-replica.js';
import { createLogger } from '../../src/lib/logger.js';
import { auditLedger } from '../../src/ledger/audit.js';
import type { ReplicatedDatabase } from './databases.js';
import { HostClient } from './http.js';

/** DATABASE_READ_URL's tests (test/db/read-replica.test.ts): a service on a replica, the standby's replay, a relay. */

export interface Running {
  service: RunningService;
  trading: HostClient;
  consumption: HostClient;
  platform: HostClient;
  stop(): Promise<void>;
}

export async function startOn(databaseUrl: string, readUrl: string): Promise<Running> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATABASE_READ_URL: readUrl,
    MKT_CONSUMPTION_PORT: '0',
    MKT_MESSAGES_PORT: '0',
    MKT_TRADING_PORT: '0',
    MKT_PLATFORM_PORT: '0',
    MKT_SIMULATED_SUPPLIER: 'off',
    MKT_METRICS_PORT: '0',
  });
  const service = await startService(config, { logger: createLogger('silent'), graceMs: 2_000 });
  const client = (host: HostName) => new HostClient(host, service.urls[host] ?? '');
  return {
    service,
    trading: client('trading'),
    consumption: client('consumption'),
    platform: client('platform'),
    stop: async () => {
      const failures = await auditLedger(service.services.db);
      await service.stop();
      expect(failures).to.deep.equal([]);
    },
  };
}

/** Stops (or restarts) the standby's replay, as an operator would, to hold the replica at a known point. */
async function setReplay(database: ReplicatedDatabase, paused: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: database.standby.url('postgres') });
  await client.connect();
  try {
    await client.query(paused ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()');
  } finally {
    await client.end();
  }
}

/**
 * A commit on the primary now: the replica measures its lag from the last commit it replayed, so one replayed just
 * before the pause keeps the paused replica well inside its lag bound however long the machine took before.
 */
async function commitOnPrimary(database: ReplicatedDatabase): Promise<void> {
  const client = new pg.Client({ connectionString: database.cluster.url('postgres') });
  await client.connect();
  try {
    await client.query('SELECT txid_current()');
  } finally {
    await client.end();
  }
}

/** Runs `body` with the standby's replay paused, and always resumes it. */
export async function whileReplayPaused(database: ReplicatedDatabase, body: () => Promise<void>): Promise<void> {
  await commitOnPrimary(database);
  await database.standby.caughtUp();
  await setReplay(database, true);
  try {
    await body();
  } finally {
    await setReplay(database, false);
  }
}

/** Waits for a condition, however slow the machine: never a sleep that hopes. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, msMax = 60_000): Promise<T> {
  const deadline = Date.now() + msMax;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Relay {
  port: number;
  open(): Promise<void>;
  cut(): Promise<void>;
}

export function relayTo(targetPort: number): Relay {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const relay: Relay = {
    port: 0,
    open: () =>
      new Promise((resolve, reject) => {
        const listening = createServer((inbound) => {
          const outbound = connect(targetPort, '127.0.0.1');
          for (const socket of [inbound, outbound]) {
            sockets.add(socket);
            socket.once('close', () => sockets.delete(socket));
            socket.on('error', () => socket.destroy());
          }
          inbound.pipe(outbound).pipe(inbound);
          inbound.once('close', () => outbound.destroy());
          outbound.once('close', () => inbound.destroy());
        });
        listening.once('error', reject);
        listening.listen(relay.port, '127.0.0.1', () => {
          relay.port = (listening.address() as { port: number }).port;
          server = listening;
          resolve();
        });
      }),
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
  };
  return relay;
}

export const portOf = (url: string): number => Number(new URL(url).port);
export const withPort = (url: string, port: number): string => {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
};

export const readinessOf = (running: Running): Promise<ReplicaReadiness> =>
  replicaReadiness(running.service.services.readReplica, Date.now());

/** `GET /readyz` on the service's metrics listener: its status and its replica check. */
export async function readyzOf(running: Running): Promise<{ status: number; replica: Record<string, unknown> }> {
  const response = await fetch(`${running.service.metricsUrl ?? ''}/readyz`);
  const body = (await response.json()) as { checks: Record<string, Record<string, unknown>> };
  return { status: response.status, replica: body.checks.replica ?? {} };
}
