import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mkt, mktJson } from '../support/processes.js';
import { startProbeUpstream } from '../support/probe-upstream.js';

const textPrime = instrumentSeeds.find((s) => s.modelName === 'text-prime')!.instrumentId;

/** `mkt admin supplier add` registers an endpoint the operator vouches for; qualify|suspend|restore override it. */
for (const database of databaseKinds) {
  describe(`mkt admin: suppliers' endpoints and overrides [${database}]`, function () {
    this.timeout(180_000);
    let env: Record<string, string>;
    before(async () => {
      env = { DATABASE_URL: await freshDatabaseUrl(database), MKT_LOG_LEVEL: 'info' };
      await mktJson(['admin', 'user', 'create', '--email', 'vic@example.com'], env);
      await mktJson(['admin', 'user', 'create', '--email', 'quinn@example.com'], env);
    });

    /** A command that must succeed: its one JSON object, and what it logged. */
    const run = async (args: string[]) => {
      const result = await mkt(['admin', ...args], env);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
      const out: Record<string, any> = JSON.parse(result.stdout);
      return { out, log: result.stderr };
    };
    const qualificationOf = (out: Record<string, any>) =>
      out.endpoint.instruments.map((i: Record<string, unknown>) => [i.qualification, i.basis, i.reason]);

    it('add vouches for the endpoint (an override, with its reason); --qualify measures it instead', async () => {
      const { out } = await run([
        'supplier',
        'add',
        '--email',
        'vic@example.com',
        '--instruments',
        'text-prime',
        '--simulated',
      ]);
      expect(out.endpoints).to.have.length(1);
      expect(out.endpoints[0]).to.deep.include({ simulated: true, status: 'active', registered_by: 'operator' });
      expect(out.endpoints[0].instruments).to.deep.include.members([
        {
          ...out.endpoints[0].instruments[0],
          instrument_id: textPrime,
          qualification: 'qualified',
          basis: 'override',
          reason: 'registered by the operator (mkt admin supplier add)',
        },
      ]);

      const pending = await run([
        'supplier',
        'add',
        '--email',
        'quinn@example.com',
        '--instruments',
        'text-prime',
        '--base-url',
        'http://127.0.0.1:11434/v1',
        '--model',
        'qwen3',
        '--qualify',
      ]);
      // Nothing listens there: the run ends failed, with the reason, and the endpoint is not qualified (measured, not
      // vouched for).
      expect(pending.out.qualification).to.deep.include({ status: 'failed' });
      expect(pending.out.qualification.failure).to.be.a('string').and.not.equal('');
      expect(qualificationOf(pending.out.qualification)).to.deep.equal([['not_qualified', 'run', null]]);
    });

    it('add --qualify qualifies an endpoint whose upstream passes the probes, on its measured score', async () => {
      const upstream = await startProbeUpstream({ behaviour: 'good' });
      try {
        await mktJson(['admin', 'user', 'create', '--email', 'gail@example.com'], env);
        const { out } = await run([
          'supplier',
          'add',
          '--email',
          'gail@example.com',
          '--instruments',
          'text-prime',
          '--base-url',
          upstream.url,
          '--model',
          'good-model',
          '--qualify',
        ]);
        expect(out.qualification).to.deep.include({ status: 'completed', failure: null });
        const [instrument] = out.qualification.endpoint.instruments;
        expect(instrument).to.deep.include({ qualification: 'qualified', basis: 'run' });
        expect(instrument.quality_score).to.be.a('number').and.at.least(70);
        expect(upstream.requests).to.be.greaterThan(0);
      } finally {
        await upstream.close();
      }
    });

    it('suspends, restores and qualifies with a reason, recorded and logged; refuses what does not apply', async () => {
      const { out: listed } = await run(['supplier', 'list']);
      const suppliers: Record<string, any>[] = listed.suppliers;
      const vic = suppliers.find((s) => s.email === 'vic@example.com')!;
      const quinn = suppliers.find((s) => s.email === 'quinn@example.com')!;
      const endpointOf = (s: Record<string, any>) => String(s.endpoints[0].endpoint_id);
      const override = (verb: string, email: string, endpoint: string, reason: string) => [
        'supplier',
        verb,
        '--email',
        email,
        '--endpoint',
        endpoint,
        '--instrument',
        'TEXT-PRIME',
        '--reason',
        reason,
      ];

      const suspended = await run(override('suspend', 'vic@example.com', endpointOf(vic), 'slow answers reported'));
      expect(suspended.out.override).to.equal('suspended');
      expect(qualificationOf(suspended.out)).to.deep.equal([['suspended', 'override', 'slow answers reported']]);
      expect(suspended.log).to.contain('slow answers reported');

      const again = await mkt(['admin', ...override('suspend', 'vic@example.com', endpointOf(vic), 'twice')], env);
      expect(again.code).to.equal(1);
      expect(JSON.parse(again.stderr.trim().split('\n').at(-1)!).error.code).to.equal('conflict');

      const restored = await run(override('restore', 'vic@example.com', endpointOf(vic), 'upstream fixed'));
      expect(qualificationOf(restored.out)).to.deep.equal([['qualified', 'override', 'upstream fixed']]);

      const qualified = await run(override('qualify', 'quinn@example.com', endpointOf(quinn), 'measured by hand'));
      expect(qualificationOf(qualified.out)).to.deep.equal([['qualified', 'override', 'measured by hand']]);

      const foreign = await mkt(['admin', ...override('qualify', 'vic@example.com', endpointOf(quinn), 'x')], env);
      expect(foreign.code).to.equal(1);
      expect(JSON.parse(foreign.stderr.trim().split('\n').at(-1)!).error.code).to.equal('not_found');

      const missing = await mkt(
        ['admin', 'supplier', 'suspend', '--email', 'vic@example.com', '--endpoint', endpointOf(vic)],
        env,
      );
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.match(/--instrument is required/);
    });
  });
}
