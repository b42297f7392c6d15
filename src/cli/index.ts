import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';
import { runUser, userProgram } from './user/program.js';

// The service's commands (serve, migrate, admin) load the database drivers and the whole service;
// the user's commands talk to the service over HTTP only, so they are imported on demand.

const usage = `mkt — a real-time spot market for AI inference

Operator commands (on the service's machine, DATABASE_URL):
  mkt serve [--only consumption,messages,trading,platform]
  mkt migrate
  mkt admin user create --email E [--password P] [--verified] [--accept-terms] [--mode auto|advanced]
  mkt admin api-key create --email E --name N
  mkt admin signing-key create --email E --label L
  mkt admin deposit --email E --usd 100.00      a real deposit: counts toward concurrency tiers
  mkt admin deposit list [--status pending|credited|rejected] [--limit N] [--next CURSOR]
  mkt admin deposit approve ID                  credits a pending deposit (MKT_PAYMENTS=manual)
  mkt admin deposit reject ID [--reason TEXT]   refuses a pending deposit; nothing is credited
  mkt admin bonus --email E --usd 5.00          spendable, never counts toward tiers or withdrawals
  mkt admin withdrawal list [--status pending|paid|rejected|cancelled] [--limit N] [--next CURSOR]
  mkt admin withdrawal approve ID --reference R pays a pending withdrawal out (MKT_PAYMENTS=manual)
  mkt admin withdrawal reject ID --reason TEXT  refuses a pending withdrawal; the hold returns
  mkt admin supplier add --email E --instruments text-standard,text-prime
                         (--base-url URL --model M [--api-key K] | --simulated) [--qualify]
                                                its endpoint is qualified on the operator's word (an override),
                                                or with --qualify measured by a qualification run, waited for
  mkt admin supplier list
  mkt admin supplier disable --email E
  mkt admin supplier qualify|suspend|restore --email E --endpoint ID --instrument X --reason R
                                                overrides an endpoint's qualification for an instrument
  mkt admin audit                               checks every ledger invariant; exit 1 if any fails
  mkt admin status [--metrics URL]... [--json]  books, last trades, slots, suppliers, last audit, event lag;
                                                --metrics: each mkt serve's metrics listener (default
                                                http://127.0.0.1:9464), asked for its /status

Environment: DATABASE_URL (default sqlite:./data/mkt.sqlite, or postgres://…), MKT_HOST,
MKT_CONSUMPTION_PORT, MKT_MESSAGES_PORT, MKT_TRADING_PORT, MKT_PLATFORM_PORT, MKT_LOG_LEVEL,
MKT_STREAMS_PORT (off by default: the stream socket's own port, served from a worker thread),
MKT_PAYMENTS (sandbox or manual), MKT_SANDBOX_DAILY_LIMIT_USD, MKT_DEPOSIT_MIN_USD, MKT_DEPOSIT_MAX_USD.
`;

const userUsage = `
User commands (anywhere, over HTTP: MKT_PLATFORM_URL, MKT_TRADING_URL, MKT_CONSUMPTION_URL;
credentials in $XDG_CONFIG_HOME/mkt/, default ~/.config/mkt/; \`mkt help COMMAND\` for one):
`;

async function serve(args: string[]): Promise<void> {
  const { loadConfig, parseHostList } = await import('../app/config.js');
  const { startService } = await import('../app/main.js');
  const { values } = parseArgs({ args, options: { only: { type: 'string' } } });
  const config = loadConfig(process.env, values.only === undefined ? undefined : parseHostList(values.only));
  const service = await startService(config);
  const lines = Object.entries(service.urls).map(([name, url]) => `  ${name.padEnd(12)} ${url}`);
  if (service.urls.platform) lines.push(`  ${'docs'.padEnd(12)} ${service.urls.platform}/docs`);
  if (service.streamsUrl) lines.push(`  ${'streams'.padEnd(12)} ${service.streamsUrl}`);
  if (service.metricsUrl) lines.push(`  ${'metrics'.padEnd(12)} ${service.metricsUrl}/metrics`);
  process.stderr.write(
    `mkt is serving (database ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}):\n${lines.join('\n')}\n`,
  );
  let signals = 0;
  const shutdown = (signal: string) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    service.services.logger.info({ signal }, 'shutting down: finishing requests in flight');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        service.services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function migrate(): Promise<void> {
  const { loadConfig } = await import('../app/config.js');
  const { migrateLatest, openDatabase } = await import('../db/knex.js');
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateLatest(db);
    process.stdout.write(JSON.stringify({ applied }) + '\n');
  } finally {
    await db.destroy();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'migrate':
      return migrate();
    case 'admin':
      return (await import('./admin.js')).runAdmin(rest);
    case undefined:
    case '--help':
    case '-h':
      process.stdout.write(
        usage +
          userUsage +
          userProgram()
            .helpInformation()
            .replace(/^Usage: .*\n\n/, ''),
      );
      return;
    case 'help':
      if (rest.length === 0) return main([]);
      return runUser(argv);
    default:
      return runUser(argv);
  }
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  const { ApiError } = await import('../lib/errors.js');
  const { Failure } = await import('../lib/failure.js');
  if (
    error instanceof UsageError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    process.stderr.write(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  const body =
    error instanceof ApiError || error instanceof Failure
      ? { error: { code: String(error.code), detail: error.detail } }
      : { error: { code: 'internal_error', detail: String(error instanceof Error ? error.message : error) } };
  process.stderr.write(JSON.stringify(body) + '\n');
  process.exit(1);
});
