import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { HostClient } from '../support/http.js';
import { giveUnits, giveUsd, marketOf, type MarketRef } from '../support/market-fixtures.js';
import { mktServe, type ServeProcess } from '../support/processes.js';
import { pollUntil, promtoolBinary, startPrometheus, targetOf, type RunningPrometheus } from '../support/prometheus.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { labelsKey, parseMetrics } from '../support/metrics.js';
import { makeSupplier } from '../support/trading-fixtures.js';
import { scrape } from './support.js';

/**
 * Issue 34 §2 from outside: a real Prometheus scrapes two mkt processes on one database (this test's service and a
 * `mkt serve` child) every second. A known workload — exactly 2 trades (and 3 accepted orders) through the child's
 * trading host, 3 inference requests through this service's consumption host — must come out of `increase()` as
 * exactly those integers, which it does only when the series existed at 0 before the workload (a series born at its
 * first increment loses that increment). Every query of docs/grafana-dashboard.json runs without a PromQL error, and
 * `promtool check metrics` passes on a real scrape of each process.
 */
interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}
interface Series {
  metric: Record<string, string>;
  values: [number, string][];
}

const vector = (prometheus: RunningPrometheus, query: string, time?: number) =>
  prometheus.api<{ result: Sample[] }>('/api/v1/query', { query, ...(time !== undefined && { time: String(time) }) });

/** The sum of an instant vector's values (0 when it is empty). */
async function summed(prometheus: RunningPrometheus, query: string): Promise<number> {
  return (await vector(prometheus, query)).result.reduce((sum, sample) => sum + Number(sample.value[1]), 0);
}

/**
 * `increase()` of `selector` on one target, exact. Prometheus extrapolates a range's increase to the window's edges
 * unless (a) the window ends on a sample: evaluated at the instant of the target's last scrape (every series of one
 * scrape shares its timestamp), nothing is added at the end; and (b) the first sample in the window is 0: a counter's
 * extrapolation towards the start stops where it would reach zero, which is that first sample itself. The window
 * starts before the first scrape, so it holds every sample, the first of them the series' 0 from before the workload.
 */
async function exactIncrease(
  prometheus: RunningPrometheus,
  selector: string,
  sinceS: number,
): Promise<{ increase: number; first: number[] }> {
  const nowS = Date.now() / 1000;
  const rangeS = Math.ceil(nowS - sinceS) + 5;
  const raw = await prometheus.api<{ result: Series[] }>('/api/v1/query', {
    query: `${selector}[${rangeS}s]`,
    time: String(nowS),
  });
  const first = raw.result.map((series) => Number(series.values[0]?.[1]));
  if (raw.result.length === 0) return { increase: NaN, first };
  const lastScrapeS = Math.max(...raw.result.flatMap((series) => series.values.map(([at]) => at)));
  const answer = await vector(prometheus, `sum(increase(${selector}[${rangeS}s]))`, lastScrapeS);
  return { increase: Number(answer.result[0]?.value[1]), first };
}

/** Both targets scraped successfully at least once, as `/api/v1/targets` tells. */
async function bothUp(prometheus: RunningPrometheus, instances: readonly string[]): Promise<boolean> {
  const { activeTargets } = await prometheus.api<{
    activeTargets: { labels: { instance?: string }; health: string }[];
  }>('/api/v1/targets', { state: 'active' });
  const up = new Set(activeTargets.filter((t) => t.health === 'up').map((t) => t.labels.instance));
  return instances.every((instance) => up.has(instance));
}

/** Runs `promtool check metrics` on a scrape; its exit code and what it said. */
function promtoolCheck(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(promtoolBinary, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

/** Every `expr` in the dashboard, and its variables' queries. */
function exprsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(exprsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'expr' && typeof inner === 'string' ? [inner] : exprsOf(inner),
  );
}

interface Workload {
  market: MarketRef;
  seller: TestUser;
  buyer: TestUser;
}

/** The users and supply the workload needs, written straight to the database (no metric counts them). */
async function prepare(env: TestEnvironment): Promise<Workload> {
  const { services } = env.service;
  const market = await marketOf(services, 'text-standard');
  const seller = await createTestUser(services);
  await giveUnits(services, seller.userId, market.instrumentId, 2);
  const buyer = await createTestUser(services);
  await giveUsd(services, buyer.userId, '10.00');
  const supplier = await createTestUser(services);
  await makeSupplier(services, supplier.userId, [market.instrumentId]);
  return { market, seller, buyer };
}

/** Two sells of 1 Unit and a buy of 2 that takes both (2 trades) on `trading`; 3 chat completions on `consumption`. */
async function runWorkload(workload: Workload, trading: HostClient, consumption: HostClient): Promise<void> {
  const { market, seller, buyer } = workload;
  const order = async (user: TestUser, side: string, quantity: number) => {
    const body = { market_id: market.marketId, side, type: 'limit', price: '0.5000', quantity };
    const reply = await trading.post('/v1/orders', {
      sign: user.signingKey,
      body: { ...body, should_autotransfer: true },
    });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
  };
  await order(seller, 'sell', 1);
  await order(seller, 'sell', 1);
  await order(buyer, 'buy', 2);
  for (let i = 0; i < 3; i++) {
    const body = { model: 'text-standard', messages: [{ role: 'user', content: `hello ${i}` }], max_tokens: 8 };
    const reply = await consumption.post('/r/v1/chat/completions', { bearer: buyer.apiKey, body });
    expect(reply.status, reply.text).to.equal(200);
  }
}

describeEachDatabase(
  'ops: a real Prometheus scraping two processes',
  (env) => {
    let child: ServeProcess | undefined;
    let prometheus: RunningPrometheus | undefined;
    let startedS = 0;
    const instances = () => ({ here: targetOf(env().service.metricsUrl!), there: targetOf(child!.metricsUrl!) });

    before(async function () {
      this.timeout(120_000);
      child = await mktServe({ DATABASE_URL: env().service.services.config.databaseUrl });
      startedS = Date.now() / 1000;
      const { here, there } = instances();
      prometheus = await startPrometheus([here, there]);
    });
    after(async function () {
      this.timeout(60_000);
      await prometheus?.stop();
      child?.child.kill('SIGTERM');
      await child?.exited;
    });

    it('serves every known label set at 0 before any work, in bounded combinations', async () => {
      const { db } = env().service.services;
      const markets = (await db('markets').select('id')).map((row: { id: string }) => row.id);
      const instruments = (await db('instruments').select('id')).map((row: { id: string }) => row.id);
      // The child has served nothing but scrapes.
      const samples = parseMetrics(await scrape(child!.metricsUrl!));
      const has = (name: string, labels: Record<string, string>) => samples.get(name)?.get(labelsKey(labels));
      for (const market of markets) {
        expect(has('mkt_trades_total', { market }), market).to.equal(0);
        expect(has('mkt_orders_total', { market, type: 'market', result: 'accepted' })).to.equal(0);
        expect(has('mkt_orders_total', { market, type: 'stop', result: 'stop_would_trigger' })).to.equal(0);
        // A refusal only with the types that can meet it.
        expect(has('mkt_orders_total', { market, type: 'market', result: 'stop_would_trigger' })).to.equal(undefined);
      }
      for (const instrument of instruments)
        for (const endpoint of ['chat.completions', 'responses', 'messages'])
          for (const result of ['ok', 'cancelled', 'supplier_failed', 'no_supplier', 'not_settled'])
            expect(has('gen_ai_server_request_duration_seconds_count', { instrument, endpoint, result })).to.equal(0);
      const createOrder = { host: 'trading', operation: 'createOrder', method: 'POST' };
      for (const status_class of ['2xx', '4xx', '5xx'])
        expect(has('http_server_request_duration_seconds_count', { ...createOrder, status_class })).to.equal(0);
      // An operation only with its own method, and only the status classes its document names.
      expect(
        has('http_server_request_duration_seconds_count', { ...createOrder, method: 'GET', status_class: '2xx' }),
      ).to.equal(undefined);
      expect(has('http_server_request_duration_seconds_count', { ...createOrder, status_class: '1xx' })).to.equal(
        undefined,
      );
      expect(has('mkt_deposits_usd_total', { method: 'auto_reload' })).to.equal(0);
      expect(has('mkt_stream_closed_total', { code: '4003' })).to.equal(0);
      expect(has('mkt_supplier_attempts_total', { instrument: instruments[0]!, result: 'timeout' })).to.equal(0);
    });

    it('counts a known workload exactly with increase(): 2 trades, 3 accepted orders, 3 inference requests', async function () {
      this.timeout(180_000);
      const p = prometheus!;
      const { here, there } = instances();
      const workload = await prepare(env());
      const { market } = workload;
      // Each selector takes its instance matcher: one process's, or both's.
      const trades = (of: string) => `mkt_trades_total{${of},market="${market.marketId}"}`;
      const accepted = (of: string) =>
        `mkt_orders_total{${of},market="${market.marketId}",type="limit",result="accepted"}`;
      const served = (of: string) =>
        `gen_ai_server_request_duration_seconds_count{${of},instrument="${market.instrumentId}",endpoint="chat.completions",result="ok"}`;
      const created = (of: string) =>
        `http_server_request_duration_seconds_count{${of},host="trading",operation="createOrder",method="POST",status_class="2xx"}`;
      const selectors = [trades, accepted, served, created];
      const of = (instance: string) => `instance="${instance}"`;

      // Before any work, Prometheus has scraped both processes: their known series, at 0, are its first samples.
      await pollUntil('both processes scraped', () => bothUp(p, [here, there]));

      await runWorkload(workload, new HostClient('trading', child!.urls.trading!), env().consumption);
      await pollUntil('Prometheus to have scraped the whole workload', async () => {
        const [t, o, s, c] = await Promise.all(selectors.map((selector) => summed(p, selector('instance=~".+"'))));
        return t === 2 && o === 3 && s === 3 && c === 3;
      });

      // Each process's increase, and whether every series started at 0: a series born at its first increment starts
      // at that increment, and increase() loses it.
      const increases = async (selector: (of: string) => string) => {
        const inHere = await exactIncrease(p, selector(of(here)), startedS);
        const inThere = await exactIncrease(p, selector(of(there)), startedS);
        const startsAtZero = [...inHere.first, ...inThere.first].join() === '0,0';
        return { here: inHere.increase, there: inThere.increase, startsAtZero };
      };
      expect(await increases(trades)).to.deep.equal({ here: 0, there: 2, startsAtZero: true });
      expect(await increases(accepted)).to.deep.equal({ here: 0, there: 3, startsAtZero: true });
      expect(await increases(created)).to.deep.equal({ here: 0, there: 3, startsAtZero: true });
      expect(await increases(served)).to.deep.equal({ here: 3, there: 0, startsAtZero: true });
    });

    it('answers every query of docs/grafana-dashboard.json without a PromQL error', async function () {
      this.timeout(60_000);
      const p = prometheus!;
      const dashboard: unknown = JSON.parse(
        await readFile(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
      );
      const queries = exprsOf(dashboard);
      expect(queries.length).to.be.greaterThan(20);
      for (const query of queries) {
        const promql = query.replaceAll('$instance', '.+').replaceAll('$__rate_interval', '1m');
        // api() throws with Prometheus's errorType and error when the query does not parse or evaluate.
        await vector(p, promql);
      }
      // The dashboard's one variable: label_values(process_start_time_seconds, instance), through the labels API.
      const instancesSeen = await p.api<string[]>('/api/v1/label/instance/values', {
        'match[]': 'process_start_time_seconds',
      });
      expect(instancesSeen).to.include.members(Object.values(instances()));
    });

    it('passes promtool check metrics on a real scrape of each process', async function () {
      this.timeout(60_000);
      for (const origin of [env().service.metricsUrl!, child!.metricsUrl!]) {
        const checked = await promtoolCheck(await scrape(origin));
        expect(checked, origin).to.deep.equal({ code: 0, output: '' });
      }
    });
  },
  { env: { MKT_METRICS_PORT: '0' } },
);
