import type { HostName } from '../../src/config.js';
import { loadConfig } from '../../src/config.js';
import { startService, type RunningService } from '../../src/main.js';
import { createLogger } from '../../src/lib/logger.js';
import { databaseKinds, freshDatabaseUrl, type DatabaseKind } from './databases.js';
import { HostClient } from './http.js';

export interface TestEnvironment {
  database: DatabaseKind;
  service: RunningService;
  consumption: HostClient;
  messages: HostClient;
  trading: HostClient;
  platform: HostClient;
}

/** Starts mkt on a fresh database of this kind, every host on a free port. */
export async function startTestService(database: DatabaseKind, env: Record<string, string> = {}): Promise<TestEnvironment> {
  const databaseUrl = await freshDatabaseUrl(database);
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    MKT_CONSUMPTION_PORT: '0',
    MKT_MESSAGES_PORT: '0',
    MKT_TRADING_PORT: '0',
    MKT_PLATFORM_PORT: '0',
    MKT_SIMULATED_SUPPLIER: 'off',
    ...env,
  });
  const service = await startService(config, { logger: createLogger(process.env.MKT_TEST_LOG_LEVEL ?? 'silent'), graceMs: 2_000 });
  const client = (host: HostName) => new HostClient(host, service.urls[host]!);
  return {
    database,
    service,
    consumption: client('consumption'),
    messages: client('messages'),
    trading: client('trading'),
    platform: client('platform'),
  };
}

/**
 * Declares the same suite once per database (SQLite and PostgreSQL), each against its own fresh
 * service. `env()` gives the running environment inside hooks and tests.
 */
export function describeEachDatabase(title: string, body: (env: () => TestEnvironment) => void, options: { env?: Record<string, string> } = {}): void {
  for (const database of databaseKinds) {
    describe(`${title} [${database}]`, function () {
      this.timeout(30_000);
      let environment: TestEnvironment | undefined;
      before(async function () {
        this.timeout(60_000);
        environment = await startTestService(database, options.env);
      });
      after(async () => {
        await environment?.service.stop();
      });
      body(() => {
        if (!environment) throw new Error('test service is not running');
        return environment;
      });
    });
  }
}
