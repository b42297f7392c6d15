import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { ProcessStatus } from '../../src/app/process-status.js';
import { recordAuditRun } from '../../src/db/audit-runs.js';
import { insertCanaryRun } from '../../src/db/canary-runs.js';
import { toIso } from '../../src/lib/clock.js';
import { qualify } from '../../src/trading/supply/endpoints.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { mkt } from '../support/processes.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';
import { endpointsOf, setStanding } from '../support/watch-fixtures.js';

/**
 * `mkt admin status` (src/cli/admin-status.ts): a known book, trade, leased slot and audit row show up exactly, as a
 * table and with --json; the live state (suppliers cooling down, event lag, slots held) comes from each process's
 * `/status` (app/process-status.ts) on the service's metrics listener; a process that does not answer is said so
 * plainly.
 */
describeEachDatabase(
  'mkt admin status',
  (env) => {
    const services = () => env().service.services;
    let text: MarketRef;
    let code: MarketRef;
    let trader: TestUser;
    let other: TestUser;
    let supplier: TestUser;
    let statusUrl: string;
    /** A port nothing listens on: a process that does not answer. */
    let silentUrl: string;
    const audit = { ranAtUs: 1_790_000_000_000_000, ok: false, failures: 2, detail: 'balance of acct_x ≠ its journal' };

    before(async () => {
      text = await marketOf(services(), 'text-standard');
      code = await marketOf(services(), 'code-standard');
      [trader, other, supplier] = [
        await createTestUser(services()),
        await createTestUser(services()),
        await createTestUser(services()),
      ];
      for (const user of [trader, other]) {
        await giveUsd(services(), user.userId, '100.00');
        await giveUnits(services(), user.userId, text.instrumentId, 50);
      }
      const metricsUrl = env().service.metricsUrl;
      if (metricsUrl === undefined) throw new Error('the test service has no metrics listener');
      statusUrl = metricsUrl;
      const silent = createServer();
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      await new Promise((resolve) => silent.close(resolve));
    });

    const status = (args: string[]) =>
      mkt(['admin', 'status', ...args], { DATABASE_URL: services().config.databaseUrl, MKT_LOG_LEVEL: 'warn' });

    it('shows a known book, trade, lease, audit and cooling supplier exactly, as JSON and as a table', async () => {
      await placed(env(), trader, { market_id: text.marketId, side: 'buy', price: '0.4000', quantity: 10 });
      await placed(env(), trader, { market_id: text.marketId, side: 'buy', price: '0.3500', quantity: 1 });
      await placed(env(), trader, { market_id: text.marketId, side: 'sell', price: '0.6000', quantity: 5 });
      await placed(env(), other, { market_id: text.marketId, side: 'sell', price: '0.4000', quantity: 3 }); // trades 3
      const trade = await services().db('trades').where('market_id', text.marketId).first('executed_at_us');
      const nowUs = services().clock.nowUs();
      await leaseSlot(code.instrumentId, other.userId, nowUs);
      await recordAuditRun(services().db, audit);
      await makeSupplier(services(), supplier.userId, [code.instrumentId]);
      // As routing leaves a supplier that failed (consumption/inference/routing.ts): passed over for a minute.
      const coolingUntilMs = Math.floor(nowUs / 1000) + 60_000;
      const endpoint = await services().db('supplier_endpoints').where('user_id', supplier.userId).first('id');
      services().routingState.cooling.set(endpoint.id, { untilMs: coolingUntilMs, supplierUserId: supplier.userId });

      const result = await status(['--json', '--metrics', statusUrl, '--metrics', silentUrl]);
      expect(result.code, result.stderr).to.equal(0);
      const data = JSON.parse(result.stdout) as Record<string, any>;
      const lastTrade = {
        price: '0.4000',
        quantity: 3,
        taker_side: 'sell',
        executed_at: toIso(Number(trade.executed_at_us)),
      };
      for (const market of data.markets)
        expect(market).to.deep.equal(
          market.market_id === text.marketId
            ? {
                market_id: text.marketId,
                model: 'text-standard',
                best_bid: '0.4000',
                best_ask: '0.6000',
                resting_orders: 3,
                last_trade: lastTrade,
              }
            : {
                market_id: market.market_id,
                model: market.model,
                best_bid: null,
                best_ask: null,
                resting_orders: 0,
                last_trade: null,
              },
        );
      expect(data.markets.map((m: { market_id: string }) => m.market_id)).to.include(text.marketId);
      expect(data.inference_slots).to.deep.equal([
        { instrument_id: code.instrumentId, model: 'code-standard', slots_in_use: 1 },
      ]);
      expect(data.last_audit).to.deep.equal({
        ran_at: toIso(audit.ranAtUs),
        ok: false,
        failures: 2,
        detail: audit.detail,
      });
      expect(data.suppliers).to.deep.equal([
        {
          supplier_user_id: supplier.userId,
          email: supplier.email,
          status: 'enabled',
          state: 'cooling_down',
          cooling_until: toIso(coolingUntilMs * 1000),
        },
      ]);
      const answered = (await (await fetch(`${statusUrl}/status`)).json()) as ProcessStatus;
      expect(answered.process_id).to.match(/^proc_/);
      expect(answered.slots_held).to.equal(0);
      expect(answered.cooling_endpoints).to.deep.equal([
        { endpoint_id: endpoint.id, supplier_user_id: supplier.userId, cooling_until: toIso(coolingUntilMs * 1000) },
      ]);
      expect(data.processes).to.have.length(2);
      expect(data.processes[0]).to.deep.equal({
        url: `${statusUrl}/status`,
        answered: true,
        process_id: answered.process_id,
        host: answered.host,
        pid: answered.pid,
        event_lag: data.processes[0].event_lag,
        slots_held: 0,
      });
      expect(data.processes[0].event_lag).to.have.all.keys('last_ms', 'max_ms', 'heard', 'late');
      expect(data.processes[1]).to.deep.include({ url: `${silentUrl}/status`, answered: false });

      const table = await status(['--metrics', statusUrl]);
      expect(table.code, table.stderr).to.equal(0);
      const lineOf = (first: string) => table.stdout.split('\n').find((line) => cells(line)[0] === first) ?? '';
      expect(cells(lineOf(text.marketId))).to.deep.equal([
        text.marketId,
        'text-standard',
        '0.4000',
        '0.6000',
        '3',
        '3 @ 0.4000 (sell)',
        lastTrade.executed_at,
      ]);
      expect(cells(lineOf(code.instrumentId))).to.deep.equal([code.instrumentId, 'code-standard', '1']);
      expect(cells(lineOf(supplier.userId))).to.deep.equal([
        supplier.userId,
        supplier.email,
        'enabled',
        'cooling_down',
        toIso(coolingUntilMs * 1000),
      ]);
      expect(cells(lineOf('ok'))).to.deep.equal(['ok', 'NO']);
      expect(cells(lineOf('failures'))).to.deep.equal(['failures', '2']);
      expect(cells(lineOf(`${statusUrl}/status`)).slice(0, 3)).to.deep.equal([
        `${statusUrl}/status`,
        'yes',
        answered.process_id,
      ]);
      expect(table.stdout).not.to.include('No mkt serve process answered');
    });

    it('says plainly when no process answered, and shows supplier states as unknown', async () => {
      const result = await status(['--metrics', silentUrl]);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.include('No mkt serve process answered');
      expect(cells(result.stdout.split('\n').find((line) => cells(line)[0] === supplier.userId) ?? '')[3]).to.equal(
        'unknown',
      );
      const json = JSON.parse((await status(['--json', '--metrics', silentUrl])).stdout) as Record<string, any>;
      expect(json.processes).to.have.length(1);
      expect(json.processes[0]).to.include({ url: `${silentUrl}/status`, answered: false });
      expect(json.suppliers[0]).to.include({ state: 'unknown', cooling_until: null });
    });

    it('shows the endpoints per instrument as the watch left them, and the latest qualification changes', async () => {
      const agent = await marketOf(services(), 'agent-standard');
      const instrumentId = agent.instrumentId;
      const endpointIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const user = await createTestUser(services());
        await makeSupplier(services(), user.userId, [instrumentId]);
        endpointIds.push((await endpointsOf(services(), user.userId))[0]!);
      }
      const [serving, byWatch, byOperator] = endpointIds as [string, string, string];
      const nowUs = services().clock.nowUs();
      const watchReason = 'out of spec 6 of 10 answers (60%) over 1h';
      await setStanding(services(), { endpointId: byWatch, instrumentId }, 'misses', watchReason, nowUs);
      await qualify(
        services().db,
        byWatch,
        [instrumentId],
        { kind: 'suspended', reason: watchReason, by: 'watch' },
        nowUs,
      );
      await qualify(services().db, byOperator, [instrumentId], { kind: 'suspended', reason: 'maintenance' }, nowUs);
      const canaries = [
        { n: 1, agoUs: 60_000_000, result: 'passed' as const },
        { n: 2, agoUs: 120_000_000, result: 'failed' as const },
        { n: 3, agoUs: 7_200_000_000, result: 'passed' as const },
      ];
      for (const { n, agoUs, result } of canaries)
        await insertCanaryRun(services().db, {
          id: `canary_status_${n}`,
          endpoint_id: serving,
          instrument_id: instrumentId,
          probe: `agent.tool_choice#${n}`,
          result,
          quality_passed: result === 'passed',
          spec_breaches: null,
          attempt_measurements: null,
          detail: 'test',
          started_at_us: nowUs - agoUs,
          finished_at_us: nowUs - agoUs + 1_000_000,
        });

      const result = await status(['--json', '--metrics', statusUrl]);
      expect(result.code, result.stderr).to.equal(0);
      const { endpoints } = JSON.parse(result.stdout) as Record<string, any>;
      expect(
        endpoints.instruments.find((i: { instrument_id: string }) => i.instrument_id === instrumentId),
      ).to.deep.equal({
        instrument_id: instrumentId,
        model: 'agent-standard',
        qualified: 1,
        suspended_by_watch: 1,
        suspended_by_operator: 1,
        misses: 1,
        canaries_last_hour: { sent: 2, passed: 1 },
      });
      expect(endpoints.latest_events).to.have.length(5);
      expect(endpoints.latest_events.slice(0, 2)).to.deep.equal([
        {
          at: toIso(nowUs),
          endpoint_id: byOperator,
          instrument_id: instrumentId,
          event: 'suspended',
          actor: 'operator',
          qualification: 'suspended',
          reason: 'maintenance',
        },
        {
          at: toIso(nowUs),
          endpoint_id: byWatch,
          instrument_id: instrumentId,
          event: 'suspended',
          actor: 'watch',
          qualification: 'suspended',
          reason: watchReason,
        },
      ]);

      const table = await status(['--metrics', statusUrl]);
      expect(table.code, table.stderr).to.equal(0);
      expect(table.stdout).to.include('Endpoints per instrument').and.include('Latest qualification changes');
      const lineOf = (first: string) => table.stdout.split('\n').find((line) => cells(line)[0] === first) ?? '';
      expect(cells(lineOf(instrumentId))).to.deep.equal([instrumentId, 'agent-standard', '1', '1', '1', '1', '1 / 2']);
      const watchLine = table.stdout.split('\n').find((line) => line.includes(byWatch)) ?? '';
      expect(cells(watchLine)).to.deep.equal([
        toIso(nowUs),
        byWatch,
        instrumentId,
        'suspended',
        'watch',
        'suspended',
        watchReason,
      ]);
    });

    /** An inference request in progress holding one slot leased for a day, as admission writes them. */
    async function leaseSlot(instrumentId: string, userId: string, nowUs: number): Promise<void> {
      const requestId = `req_STATUS${nowUs}`;
      await services().db('inference_requests').insert({
        id: requestId,
        user_id: userId,
        api_key_id: 'key_status_test',
        model: instrumentId,
        instrument_id: instrumentId,
        endpoint: 'chat.completions',
        stream: false,
        status: 'in_progress',
        reserved_tokens: 0,
        cost_status: 'reserved',
        created_at_us: nowUs,
      });
      await services()
        .db('inference_slots')
        .insert({
          request_id: requestId,
          user_id: userId,
          acquired_at_us: nowUs,
          expires_at_us: nowUs + 86_400_000_000,
          process_id: null,
        });
    }
  },
  { env: { MKT_METRICS_PORT: '0', MKT_AUDIT_INTERVAL_S: '0' } },
);

/** A table row's cells, without cli-table3's borders. */
const cells = (line: string): string[] =>
  line
    .split('│')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '');
