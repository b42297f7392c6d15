import { expect } from 'chai';
import { startLlamaServer, type LlamaServer } from '../../support/llama-server.js';
import { startProbeUpstream, type ProbeUpstream } from '../../support/probe-upstream.js';
import { guaranteeOf, qualify } from './support.js';

/**
 * A real inference server (llama.cpp through node-llama-cpp, a tiny random-weight model, installed on demand into a
 * cache outside the repository) is measured like any supplier: it answers, fast, and fails on quality, while a
 * capable upstream passes the same instrument.
 */
describe('qualification of a real model: llama.cpp with random weights fails on quality', function () {
  // A clean machine installs node-llama-cpp, gguf and numpy first (under a minute here; cached afterwards).
  this.timeout(600_000);
  let llama: LlamaServer;
  let good: ProbeUpstream;
  before(async function () {
    this.timeout(600_000);
    llama = await startLlamaServer();
    good = await startProbeUpstream({ behaviour: 'good' });
    console.log(`      (tiny llama: installed in ${llama.installMs} ms, loaded in ${llama.loadMs} ms)`);
  });
  after(async () => {
    await Promise.all([llama?.close(), good?.close()]);
  });

  for (const modelName of ['text-standard', 'code-standard', 'agent-standard']) {
    it(`does not qualify the tiny model for ${modelName}: its Quality Score is under the floor`, async () => {
      const report = await qualify(llama.url, modelName, { limits: { perTemplate: 2 } });
      expect(report.failure, 'the run completes: the model answers').to.equal(null);
      expect(report.status).to.equal('completed');
      expect(report.quality_score).to.be.below(report.min_performance_benchmark);
      expect(report.qualified).to.equal(false);
      expect(report.probes.length).to.be.above(0);
      // Fast enough: what it lacks is quality, not speed. (Its output rate is not asserted: with random weights the
      // end token may come before an answer is long enough to measure.)
      expect(guaranteeOf(report, 'time_to_first_token')?.passed).to.equal(true);
      // Its near character-level tokenizer makes a 90% prompt (by ours) far longer than its context: refused.
      expect(guaranteeOf(report, 'context_window')?.detail).to.match(/^refused: .*400/);
    });
  }

  it('qualifies the capable upstream for the same instrument', async () => {
    const report = await qualify(good.url, 'text-standard', { limits: { perTemplate: 2 } });
    expect(report).to.include({ status: 'completed', quality_score: 100, qualified: true });
  });
});
