import { expect } from 'chai';
import { pino } from 'pino';
import { loadConfig, type HostName } from '../../src/app/config.js';
import { startService, type RunningService } from '../../src/app/main.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { traceFields } from '../../src/lib/logger.js';
import { createTestUser, grantTokens, type TestUser } from './fixtures.js';
import { HostClient, type Reply } from './http.js';
import { marketOf, type MarketRef } from './market-fixtures.js';
import { fundUser } from './trading-fixtures.js';

/**
 * The database outage tests (test/ops/database-outage*.test.ts): a service whose log is kept, and a workload of
 * careful clients on both hosts that write (signed orders on trading, deposits on platform) that runs while a test
 * cuts, terminates or restarts the database. A client that is answered 503 sends the same request again (the same
 * `client_order_id`, the same `Idempotency-Key`) until it has a final answer, as the documents tell clients to.
 */

export interface OutageService {
  service: RunningService;
  trading: HostClient;
  platform: HostClient;
  consumption: HostClient;
  log: Record<string, unknown>[];
  stop(): Promise<void>;
}

/** Starts mkt on `databaseUrl` (every host on a free port), its log lines kept in memory. */
export async function startOutageService(databaseUrl: string): Promise<OutageService> {
  const log: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void log.push(JSON.parse(line) as Record<string, unknown>) };
  const logger = pino({ level: 'info', base: { service: 'mkt' }, mixin: traceFields }, destination);
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    MKT_CONSUMPTION_PORT: '0',
    MKT_MESSAGES_PORT: '0',
    MKT_TRADING_PORT: '0',
    MKT_PLATFORM_PORT: '0',
    MKT_SIMULATED_SUPPLIER: 'off',
    MKT_METRICS_PORT: 'off',
  });
  const service = await startService(config, { logger, graceMs: 2_000 });
  const client = (host: HostName) => new HostClient(host, service.urls[host] ?? '');
  return {
    service,
    trading: client('trading'),
    platform: client('platform'),
    consumption: client('consumption'),
    log,
    stop: () => service.stop(),
  };
}

/** Every ledger invariant holds (`mkt admin audit`'s checks). */
export async function expectLedgerBalanced(running: OutageService): Promise<void> {
  expect(await auditLedger(running.service.services.db)).to.deep.equal([]);
}

/** Waits for a condition, however slow the machine: never a sleep that hopes. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, msMax = 90_000): Promise<T> {
  const deadline = Date.now() + msMax;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One answer the workload saw, with what it asked. */
interface Seen {
  host: 'trading' | 'platform';
  /** The client_order_id or Idempotency-Key the request carried. */
  key: string;
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  detail: string | undefined;
  mayHaveCommitted: unknown;
}

export interface WriterUser extends TestUser {
  token: string;
}

/** A trader with USD and an `account:write` token, ready to place orders and make deposits. */
export async function writerUser(running: OutageService): Promise<WriterUser> {
  const { services } = running.service;
  const user = await createTestUser(services);
  await fundUser(services, user.userId, '100.00');
  const { accessToken } = await grantTokens(services, user.userId, ['account:read', 'account:write']);
  return { ...user, token: accessToken };
}

const seenOf = (host: Seen['host'], key: string, reply: Reply): Seen => ({
  host,
  key,
  status: reply.status,
  code: reply.body?.errors?.code,
  retryAfter: reply.headers.get('retry-after'),
  detail: reply.body?.errors?.detail,
  mayHaveCommitted: reply.body?.errors?.context?.may_have_committed,
});

/** Pause between one client's requests: within the order rate limit (10/s per user and market), and kind to the box. */
const paceMs = 150;

/**
 * Two careful clients writing side by side until stopped: orders (a bid far under any ask, so it rests) and small
 * deposits. Each key ends with a final answer: the order placed (201, or 422 duplicate_client_order_id naming the order
 * a 503'd attempt placed) or the deposit made (201, or 200 for a retried key).
 */
export class Workload {
  readonly seen: Seen[] = [];
  /** client_order_id → the order id of its final answer. */
  readonly orders = new Map<string, string>();
  /** Idempotency-Key → the deposit id of its final answer. */
  readonly deposits = new Map<string, string>();
  private running = true;
  private readonly loops: Promise<void>[];
  private counter = 0;

  constructor(
    private readonly service: OutageService,
    private readonly user: WriterUser,
    private readonly market: MarketRef,
  ) {
    this.loops = [this.orderLoop(), this.depositLoop()];
  }

  static async start(service: OutageService, user: WriterUser): Promise<Workload> {
    return new Workload(service, user, await marketOf(service.service.services, 'text-standard'));
  }

  /** Final answers so far on a host. */
  acknowledged(host: Seen['host']): number {
    return host === 'trading' ? this.orders.size : this.deposits.size;
  }

  /** Answers of a host with this status so far. */
  count(host: Seen['host'], status: number): number {
    return this.seen.filter((s) => s.host === host && s.status === status).length;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private nextKey(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${Date.now()}-${this.counter}`;
  }

  private async orderLoop(): Promise<void> {
    while (this.running) {
      const key = this.nextKey('outage-order');
      for (;;) {
        const reply = await this.service.trading.post('/v1/orders', {
          sign: this.user.signingKey,
          body: {
            market_id: this.market.marketId,
            side: 'buy',
            type: 'limit',
            price: '0.0100',
            quantity: 1,
            time_in_force: 'gtc',
            client_order_id: key,
          },
        });
        this.seen.push(seenOf('trading', key, reply));
        await pause();
        if (reply.status === 201) this.orders.set(key, String(reply.body.data.order_id));
        else if (reply.status === 422 && reply.body?.errors?.code === 'duplicate_client_order_id')
          this.orders.set(key, String(reply.body.errors.context.order_id));
        else if (reply.status === 503) continue;
        break;
      }
    }
  }

  private async depositLoop(): Promise<void> {
    while (this.running) {
      const key = this.nextKey('outage-deposit');
      for (;;) {
        const reply = await this.service.platform.post('/v1/deposits', {
          bearer: this.user.token,
          body: { deposit: { amount_usd: '1.00' } },
          headers: { 'Idempotency-Key': key },
        });
        this.seen.push(seenOf('platform', key, reply));
        await pause();
        if (reply.status === 201 || reply.status === 200) this.deposits.set(key, String(reply.body.data.id));
        else if (reply.status === 503) continue;
        break;
      }
    }
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, paceMs));

/**
 * What every fault must leave: each answer a success, a retry's final answer, or 503 service_unavailable with
 * Retry-After and a detail that says the service is briefly unavailable; never a 500.
 */
export function expectOnlyCleanAnswers(seen: readonly Seen[]): void {
  for (const answer of seen) {
    const where = JSON.stringify(answer);
    if (answer.status === 503) {
      expect(answer.code, where).to.equal('service_unavailable');
      expect(answer.retryAfter, where).to.match(/^[1-9][0-9]*$/);
      expect(answer.detail, where).to.match(/briefly unavailable/);
      if (answer.mayHaveCommitted === true) expect(answer.detail, where).to.match(/client_order_id or Idempotency-Key/);
      continue;
    }
    const final =
      answer.host === 'trading'
        ? answer.status === 201 || (answer.status === 422 && answer.code === 'duplicate_client_order_id')
        : answer.status === 201 || answer.status === 200;
    expect(final, where).to.equal(true);
  }
}

/**
 * Nothing acknowledged is lost, and nothing is applied twice: every order and deposit answered exists, the user's
 * orders are exactly those answered, each deposit key made one deposit, and the ledger balances.
 */
export async function expectNothingLost(running: OutageService, user: WriterUser, workload: Workload): Promise<void> {
  for (const orderId of workload.orders.values()) {
    const reply = await running.trading.get(`/v1/orders/${orderId}`, { sign: user.signingKey });
    expect(reply.status, `order ${orderId}: ${reply.text}`).to.equal(200);
  }
  for (const depositId of workload.deposits.values()) {
    const reply = await running.platform.get(`/v1/deposits/${depositId}`, { bearer: user.token });
    expect(reply.status, `deposit ${depositId}: ${reply.text}`).to.equal(200);
  }
  const orderIds = new Set(await pagedIds(running.trading, '/v1/orders', { sign: user.signingKey }, 'order_id'));
  expect(orderIds).to.deep.equal(new Set(workload.orders.values()));
  const depositIds = await pagedIds(running.platform, '/v1/deposits', { bearer: user.token }, 'id');
  expect(new Set(depositIds)).to.deep.equal(new Set(workload.deposits.values()));
  await expectLedgerBalanced(running);
}

async function pagedIds(
  client: HostClient,
  path: string,
  auth: { sign?: WriterUser['signingKey']; bearer?: string },
  field: string,
): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined;
  for (;;) {
    const reply = await client.get(path, { ...auth, query: { limit: 100, ...(next ? { next } : {}) } });
    expect(reply.status, reply.text).to.equal(200);
    for (const row of reply.body.data as Record<string, unknown>[]) ids.push(String(row[field]));
    next = reply.body.paging?.next ?? undefined;
    if (!next) return ids;
  }
}
