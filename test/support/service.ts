import type { HostName } from '../../src/app/config.js';
import { loadConfig } from '../../src/app/config.js';
import { startService, type RunningService } from '../../src/app/main.js';
import { createLogger, traceFields } from '../../src/lib/logger.js';
import { pino } from 'pino';
import { databaseKinds, freshDatabaseUrl, type DatabaseKind } from './databases.js';
import { HostClient } from './http.js';
import { auditLedger } from '../../src/ledger/audit.js';
import type { Clock } from '../../src/lib/clock.js';

export interface TestEnvironment {
  database: DatabaseKind;
  service: RunningService;
  consumption: HostClient;
  messages: HostClient;
  trading: HostClient;
  platform: HostClient;
  /** The server's log lines (parsed JSON), when started with `captureLog`. */
  log?: CapturedLog;
}

export interface CapturedLog {
  lines: Record<string, unknown>[];
}

interface StartOptions {
  /** Keep the server's info-level log lines in memory (e.g. to read a mailed verification link). */
  captureLog?: boolean;
  /** The service's clock instead of the system's (e.g. a TestClock that a test moves forward). */
  clock?: Clock;
}

/**
 * The system clock plus an offset a test can move forward, so that waiting costs no real time; frozen, it stands
 * still, so that nothing that refills or expires with time moves between two requests however slow the machine.
 */
export class TestClock implements Clock {
  private offsetUs = 0;
  private frozenAtUs: number | null = null;
  nowUs(): number {
    return this.frozenAtUs ?? Date.now() * 1000 + this.offsetUs;
  }
  advance(ms: number): void {
    if (this.frozenAtUs !== null) this.frozenAtUs += ms * 1000;
    else this.offsetUs += ms * 1000;
  }
  freeze(): void {
    this.frozenAtUs = this.nowUs();
  }
  /** Time runs again from where it stood (never backwards). */
  thaw(): void {
    if (this.frozenAtUs === null) return;
    this.offsetUs = this.frozenAtUs - Date.now() * 1000;
    this.frozenAtUs = null;
  }
}

/** A pino logger writing parsed lines into memory instead of stdout. */
function capturingLogger(): { logger: ReturnType<typeof createLogger>; log: CapturedLog } {
  const log: CapturedLog = { lines: [] };
  const destination = { write: (line: string) => void log.lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { logger: pino({ level: 'info', base: { service: 'mkt' }, mixin: traceFields }, destination), log };
}

/** Starts mkt on a fresh database of this kind, every host on a free port. */
async function startTestService(
  database: DatabaseKind,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestEnvironment> {
  const databaseUrl = await freshDatabaseUrl(database);
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    MKT_CONSUMPTION_PORT: '0',
    MKT_MESSAGES_PORT: '0',
    MKT_TRADING_PORT: '0',
    MKT_PLATFORM_PORT: '0',
    // No listener unless a test asks (test/ops: '0'): the default metrics' monitors stay off in-process services.
    MKT_METRICS_PORT: 'off',
    MKT_SIMULATED_SUPPLIER: 'off',
    // Each suite audits the ledger itself when it ends; the periodic audit runs where a test asks (test/ops).
    MKT_AUDIT_INTERVAL_S: '0',
    // No canary reaches a test's upstream, and no endpoint is suspended behind a test's back, unless it asks.
    MKT_CANARY_INTERVAL_S: '0',
    MKT_WATCH_INTERVAL_S: '0',
    // The stream socket in a worker thread of its own where the run asks (test/streams/support.ts streamOrigin).
    MKT_STREAMS_PORT: process.env.MKT_TEST_STREAMS_PORT ?? 'off',
    ...env,
  });
  const captured = options.captureLog ? capturingLogger() : undefined;
  const service = await startService(config, {
    logger: captured?.logger ?? createLogger(process.env.MKT_TEST_LOG_LEVEL ?? 'silent'),
    graceMs: 2_000,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const client = (host: HostName) => new HostClient(host, service.urls[host]!);
  return {
    database,
    service,
    consumption: client('consumption'),
    messages: client('messages'),
    trading: client('trading'),
    platform: client('platform'),
    ...(captured ? { log: captured.log } : {}),
  };
}

/**
 * Declares the same suite once per database (SQLite and PostgreSQL), each against its own fresh
 * service. `env()` gives the running environment inside hooks and tests.
 */
export function describeEachDatabase(
  title: string,
  body: (env: () => TestEnvironment) => void,
  options: {
    env?: Record<string, string>;
    /** A fresh clock for each database's service, e.g. () => new TestClock(). */ clock?: () => Clock;
  } & Omit<StartOptions, 'clock'> = {},
): void {
  for (const database of databaseKinds) {
    describe(`${title} [${database}]`, function () {
      this.timeout(30_000);
      let environment: TestEnvironment | undefined;
      before(async function () {
        this.timeout(60_000);
        environment = await startTestService(database, options.env, {
          captureLog: options.captureLog,
          clock: options.clock?.(),
        });
      });
      after(async function () {
        // Whatever a suite did, the ledger must still prove itself (DESIGN.md §5).
        const failures = environment ? await auditLedger(environment.service.services.db) : [];
        await environment?.service.stop();
        if (failures.length > 0)
          throw new Error(`ledger audit failed after "${title}": ${JSON.stringify(failures.slice(0, 5))}`);
      });
      body(() => {
        if (!environment) throw new Error('test service is not running');
        return environment;
      });
    });
  }
}
