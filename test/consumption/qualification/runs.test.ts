import { expect } from 'chai';
import { generateProbes } from '../../../src/consumption/qualification/probes.js';
import { probeRandom } from '../../../src/consumption/qualification/probe-random.js';
import { sandboxLimitDefaults } from '../../../src/consumption/qualification/sandbox.js';
import type { Suite } from '../../../src/consumption/qualification/types.js';
import { startProbeUpstream, type ProbeUpstream, type ProbeUpstreamOptions } from '../../support/probe-upstream.js';
import { guaranteeOf, qualify } from './support.js';

/**
 * Qualification runs over real HTTP against upstreams we script: a capable one passes each suite; a slow one fails
 * the guarantee it breaks; a broken one fails the run with a reason, within the run's limits.
 */
describe('qualification runs: a good upstream qualifies, a slow or broken one does not', function () {
  this.timeout(180_000);
  const started: ProbeUpstream[] = [];
  const upstream = async (options: ProbeUpstreamOptions): Promise<ProbeUpstream> => {
    const server = await startProbeUpstream(options);
    started.push(server);
    return server;
  };
  after(async () => {
    await Promise.all(started.map((server) => server.close()));
  });

  for (const modelName of ['text-standard', 'code-standard', 'agent-standard']) {
    it(`qualifies a capable upstream for ${modelName}: every probe passes, every guarantee holds`, async () => {
      const good = await upstream({ behaviour: 'good' });
      const report = await qualify(good.url, modelName, { limits: { perTemplate: 2 } });
      expect(report.failure).to.equal(null);
      expect(report.probes.filter((probe) => !probe.passed)).to.deep.equal([]);
      expect(report.quality_score).to.equal(100);
      expect(report.guarantees.map((g) => [g.guarantee, g.passed])).to.deep.equal([
        ['time_to_first_token', true],
        ['token_throughput', true],
        ['context_window', true],
        ['max_output_length', true],
      ]);
      expect(guaranteeOf(report, 'context_window')?.detail).to.equal('answered; the pass phrase was found');
      expect(guaranteeOf(report, 'max_output_length')?.measured).to.be.at.least(4_096);
      expect(report).to.include({ status: 'completed', qualified: true, min_performance_benchmark: 60 });
    });
  }

  it('fails the time to first token of a slow upstream (text-max: 800 ms), and nothing else', async () => {
    const slow = await upstream({ behaviour: 'good', timeToFirstTokenMs: 2_000 });
    const report = await qualify(slow.url, 'text-max', { limits: { perTemplate: 1 } });
    expect(report).to.include({ status: 'completed', quality_score: 100, qualified: false });
    const firstToken = guaranteeOf(report, 'time_to_first_token');
    expect(firstToken).to.include({ bound: 800, passed: false });
    expect(firstToken?.measured).to.be.at.least(2_000);
    expect(report.guarantees.filter((g) => !g.passed).map((g) => g.guarantee)).to.deep.equal(['time_to_first_token']);
  });

  it('fails the output rate of a slow upstream (text-max: 80 tokens/s), and does not ask it for 16,384 tokens', async () => {
    const slow = await upstream({ behaviour: 'good', tokensPerSecond: 30 });
    const report = await qualify(slow.url, 'text-max', { limits: { perTemplate: 1 } });
    expect(report).to.include({ status: 'completed', qualified: false });
    const throughput = guaranteeOf(report, 'token_throughput');
    expect(throughput).to.include({ bound: 80, passed: false });
    expect(throughput?.measured).to.be.within(10, 40);
    expect(guaranteeOf(report, 'max_output_length')).to.include({
      passed: false,
      measured: null,
      detail: 'not asked: the output rate is below its bound',
    });
  });

  const broken: { behaviour: ProbeUpstreamOptions['behaviour']; reason: RegExp }[] = [
    { behaviour: 'hang', reason: /^probe text\.exact_words#1: timeout: no whole answer within 1500 ms/ },
    { behaviour: 'reset', reason: /^probe text\.exact_words#1: unavailable: .*(ECONNRESET|socket hang up)/ },
    { behaviour: 'garbage', reason: /^probe text\.exact_words#1: bad_response: .*invalid JSON: <html>/ },
  ];
  for (const { behaviour, reason } of broken) {
    it(`fails the run of an upstream that ${behaviour === 'hang' ? 'hangs' : behaviour === 'reset' ? 'resets' : 'answers garbage'}, with the reason, within its limit`, async () => {
      const server = await upstream({ behaviour });
      const startedMs = performance.now();
      const report = await qualify(server.url, 'text-standard', { limits: { probeTimeoutMs: 1_500 } });
      expect(performance.now() - startedMs).to.be.below(10_000);
      expect(report).to.include({ status: 'failed', quality_score: null, qualified: false });
      expect(report.failure).to.match(reason);
      expect(server.requests).to.equal(1);
    });
  }

  it('ends a run at its own limit whatever the upstream does', async () => {
    const server = await upstream({ behaviour: 'hang' });
    const report = await qualify(server.url, 'text-standard', { limits: { runTimeoutMs: 1_000 } });
    expect(report.failure).to.equal('probe text.exact_words#1: the run was stopped or ran past its 1000 ms');
  });

  it("asks different questions every run, and the same ones again from a report's seed", () => {
    const prompts = (suite: Suite, seed: number): string[] =>
      generateProbes(suite, probeRandom(seed), { perTemplate: 2, sandbox: sandboxLimitDefaults }).map((probe) =>
        JSON.stringify(probe.request),
      );
    for (const suite of ['text', 'code', 'agent'] as const) {
      const first = prompts(suite, 1);
      const second = prompts(suite, 2);
      expect(
        first.filter((prompt) => second.includes(prompt)),
        suite,
      ).to.deep.equal([]);
      expect(prompts(suite, 1), suite).to.deep.equal(first);
    }
  });

  it('records a fresh seed per run, and a replayed run asks what the first asked', async () => {
    const good = await upstream({ behaviour: 'good' });
    const first = await qualify(good.url, 'agent-standard', { limits: { perTemplate: 1 } });
    const second = await qualify(good.url, 'agent-standard', { limits: { perTemplate: 1 } });
    expect(first.seed).to.not.equal(second.seed);
    const replay = await qualify(good.url, 'agent-standard', { seed: first.seed, limits: { perTemplate: 1 } });
    expect(replay.probes.map((p) => p.detail)).to.deep.equal(first.probes.map((p) => p.detail));
    expect(second.probes.map((p) => p.detail)).to.not.deep.equal(first.probes.map((p) => p.detail));
  });
});
