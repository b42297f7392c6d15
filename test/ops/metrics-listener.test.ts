import { expect } from 'chai';
import { createTestUser } from '../support/fixtures.js';
import { hostNames } from '../../src/app/config.js';
import { marketOf, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { RawClient, socketUrl } from '../streams/support.js';
import { fetchText, pythonFamilies, sampleOf, scrape, waitFor } from './support.js';

/**
 * The metrics listener over real HTTP (issue 24 §1): every instrument of lib/metrics.ts and prom-client's defaults on
 * `/metrics`, read by Python's reference parser; `/livez`, `/readyz` and a 404 for anything else; `/metrics` never on
 * the public hosts; and the infrastructure instruments moved by a known workload.
 */
describeEachDatabase(
  'ops: the metrics listener',
  (env) => {
    const metricsUrl = () => {
      const url = env().service.metricsUrl;
      if (url === undefined) throw new Error('the test service has no metrics listener');
      return url;
    };
    /** Family names as the exposition format's parsers name them (a counter's family drops `_total`). */
    const registeredFamilies = async () =>
      (await env().service.services.metrics.registry.getMetricsAsJSON()).map((m) =>
        String(m.type) === 'counter' ? m.name.replace(/_total$/, '') : m.name,
      );

    it('serves every instrument of lib/metrics.ts and the default process metrics, in the registry content type', async () => {
      const { metrics } = env().service.services;
      const scraped = await fetchText(`${metricsUrl()}/metrics`);
      expect(scraped.status).to.equal(200);
      expect(scraped.contentType).to.equal(metrics.registry.contentType);
      const instruments = Object.entries(metrics)
        .filter(([key]) => !['registry', 'scrapeSources', 'bookSource'].includes(key))
        .map(([, instrument]) => (instrument as { name: string }).name);
      expect(instruments).to.have.length.greaterThan(20);
      for (const name of instruments) expect(scraped.text, name).to.contain(`# TYPE ${name} `);
      for (const name of [
        'process_cpu_user_seconds_total',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
      ])
        expect(scraped.text, name).to.contain(`# TYPE ${name} `);
    });

    it("is read whole by Python's prometheus_client parser, every family found", async () => {
      const families = await pythonFamilies(await scrape(metricsUrl()));
      expect(families).to.include.members(await registeredFamilies());
      expect(families).to.include.members(['mkt_orders', 'mkt_db_statement_seconds', 'process_cpu_user_seconds']);
    });

    it('answers /livez 200, and 404 for any other path or method', async () => {
      const livez = await fetchText(`${metricsUrl()}/livez`);
      expect(livez.status).to.equal(200);
      expect((await fetchText(`${metricsUrl()}/nothing`)).status).to.equal(404);
      expect((await fetch(`${metricsUrl()}/metrics`, { method: 'POST' })).status).to.equal(404);
    });

    it('answers /readyz 200 with each check named when the process is healthy', async () => {
      const readyz = await fetchText(`${metricsUrl()}/readyz`);
      expect(readyz.status, readyz.text).to.equal(200);
      expect(readyz.contentType).to.equal('application/json');
      const body = JSON.parse(readyz.text) as { status: string; checks: Record<string, { ok: boolean }> };
      expect(body.status).to.equal('ready');
      expect(Object.keys(body.checks)).to.have.members(['database', 'migrations', 'listen', 'background']);
      for (const check of Object.values(body.checks)) expect(check.ok).to.equal(true);
    });

    it('is never served on the public hosts: /metrics, /livez and /readyz there are 404', async () => {
      for (const host of hostNames) {
        const url = env().service.urls[host];
        if (url === undefined) throw new Error(`no ${host} host`);
        for (const path of ['/metrics', '/livez', '/readyz'])
          expect((await fetch(`${url}${path}`)).status, `${host} ${path}`).to.equal(404);
      }
    });

    it('times the prepared statements by name: a signed request grows its lookup’s count', async () => {
      const user = await createTestUser(env().service.services);
      const name = 'mkt_signing_key_by_fingerprint';
      const before = sampleOf(await scrape(metricsUrl()), 'mkt_db_statement_seconds_count', { statement: name });
      const reply = await env().trading.get('/v1/orders', { sign: user.signingKey });
      expect(reply.status).to.equal(200);
      const after = await scrape(metricsUrl());
      expect(sampleOf(after, 'mkt_db_statement_seconds_count', { statement: name })).to.be.greaterThan(before);
      expect(sampleOf(after, 'mkt_db_statement_seconds_sum', { statement: name })).to.be.greaterThan(0);
    });

    it("reports the pool's connections by state at scrape", async () => {
      const text = await scrape(metricsUrl());
      for (const state of ['used', 'free', 'pending'])
        expect(text).to.match(new RegExp(`^mkt_db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
      const { database } = env();
      // SQLite's pool holds its one connection; PostgreSQL's holds those it has opened (the readiness probe's at least).
      const total = ['used', 'free'].reduce(
        (sum, state) => sum + sampleOf(text, 'mkt_db_pool_connections', { state }),
        0,
      );
      if (database === 'sqlite') expect(total).to.equal(1);
      else expect(total).to.be.at.least(1);
    });

    describe('stream instruments', () => {
      let market: MarketRef;
      const open: RawClient[] = [];
      before(async () => {
        market = await marketOf(env().service.services, 'text-standard');
      });
      after(() => open.splice(0).forEach((client) => client.close()));

      const streamSamples = async () => {
        const text = await scrape(metricsUrl());
        return {
          connections: sampleOf(text, 'mkt_stream_connections'),
          ticker: sampleOf(text, 'mkt_stream_subscriptions', { stream: 'market.ticker' }),
          trades: sampleOf(text, 'mkt_stream_subscriptions', { stream: 'market.trades' }),
          closedNormally: sampleOf(text, 'mkt_stream_closed_total', { code: '1000' }),
          closedOther: sampleOf(text, 'mkt_stream_closed_total', { code: 'other' }),
        };
      };

      it('move by exactly a known socket workload: connect 2, subscribe 3, close 1 with code 1000 (a code of no meaning counts as other)', async () => {
        const before = await streamSamples();
        const [first, second] = await Promise.all([
          RawClient.open(socketUrl(env().service.urls.trading!)),
          RawClient.open(socketUrl(env().service.urls.trading!)),
        ]);
        open.push(first, second);
        await first.join();
        await second.join();
        await first.streams('subscribe', [
          { name: 'market.ticker', market: market.marketId },
          { name: 'market.trades', market: market.marketId },
        ]);
        await second.streams('subscribe', [{ name: 'market.trades', market: market.marketId }]);
        // The sessions count themselves before they answer: the acks above were sent after.
        expect(await streamSamples()).to.deep.equal({
          ...before,
          connections: before.connections + 2,
          ticker: before.ticker + 1,
          trades: before.trades + 2,
        });
        first.ws.close(1000, 'done');
        await first.closed;
        const expected = {
          ...before,
          connections: before.connections + 1,
          trades: before.trades + 1,
          closedNormally: before.closedNormally + 1,
        };
        await waitFor(
          'the server to count the close',
          async () => (await streamSamples()).closedNormally > before.closedNormally,
        );
        expect(await streamSamples()).to.deep.equal(expected);
        // A code of the private range that means nothing to mkt adds no series of its own.
        second.ws.close(4321, 'mine');
        await second.closed;
        await waitFor('the server to count the second close', async () => (await streamSamples()).closedOther > 0);
        expect(await streamSamples()).to.deep.equal({
          ...expected,
          connections: before.connections,
          trades: before.trades,
          closedOther: before.closedOther + 1,
        });
      });
    });
  },
  { env: { MKT_METRICS_PORT: '0' } },
);
