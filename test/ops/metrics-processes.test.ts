import { expect } from 'chai';
import { createServer, type Server } from 'node:net';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mkt, mktServe, type ServeProcess } from '../support/processes.js';
import { fetchText, sampleOf, scrape } from './support.js';

/**
 * `mkt serve` and its metrics listener as operators run it: the URL printed beside the hosts', a port of its own per
 * process (two on one machine and one database), and a start that stops with the setting named when the port is taken.
 */
describe('ops: the metrics listener of mkt serve', function () {
  this.timeout(90_000);

  for (const database of databaseKinds) {
    it(`prints its URL, and two processes each serve their own [${database}]`, async () => {
      const env = { DATABASE_URL: await freshDatabaseUrl(database) };
      const servers: ServeProcess[] = [];
      try {
        servers.push(await mktServe(env, ['--only', 'trading']));
        servers.push(await mktServe(env, ['--only', 'trading']));
        const urls = servers.map((s) => s.metricsUrl);
        for (const url of urls) expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(new Set(urls).size).to.equal(2);
        for (const server of servers) {
          expect((await fetchText(`${server.metricsUrl}/livez`)).status).to.equal(200);
          expect((await fetchText(`${server.metricsUrl}/readyz`)).status).to.equal(200);
          const text = await scrape(server.metricsUrl!);
          expect(text).to.contain('# TYPE mkt_stream_connections gauge');
          expect(sampleOf(text, 'process_cpu_user_seconds_total')).to.be.greaterThan(0);
        }
      } finally {
        for (const server of servers) server.child.kill('SIGTERM');
        for (const server of servers) expect(await server.exited).to.equal(0);
      }
    });

    it(`stops its start, naming MKT_METRICS_PORT, when the port is taken [${database}]`, async () => {
      const holder: Server = createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      try {
        const address = holder.address();
        if (address === null || typeof address === 'string') throw new Error('the holder is not on TCP');
        const result = await mkt(['serve', '--only', 'trading'], {
          DATABASE_URL: await freshDatabaseUrl(database),
          MKT_TRADING_PORT: '0',
          MKT_METRICS_PORT: String(address.port),
          MKT_SIMULATED_SUPPLIER: 'off',
          MKT_LOG_LEVEL: 'warn',
        });
        expect(result.code).to.equal(1);
        expect(result.stderr).to.contain(`127.0.0.1:${address.port}: it is in use`).and.to.contain('MKT_METRICS_PORT');
        expect(result.stderr).not.to.contain('mkt is serving');
      } finally {
        await new Promise<void>((resolve) => holder.close(() => resolve()));
      }
    });
  }
});
