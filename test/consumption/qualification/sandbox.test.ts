import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInSandbox, type SandboxOutcome } from '../../../src/consumption/qualification/sandbox.js';

/**
 * The sandbox that runs a supplier's code: a child Node under the permission model, with a heap cap, a time limit
 * and an empty environment. Each row is code a hostile or broken supplier could return.
 */
const limits = { timeoutMs: 4_000, heapMb: 32 };

function firstError(outcome: SandboxOutcome): string {
  if (outcome.kind !== 'ran') return `${outcome.kind}: ${outcome.detail}`;
  return outcome.results[0]?.error ?? `returned ${outcome.results[0]?.value}`;
}

describe("qualification sandbox: a supplier's code runs in a child that may do little", () => {
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'mkt-sandbox-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('runs a function against its cases and returns each value as JSON', async () => {
    const code = 'function twice(n) { return n * 2; }\nfunction unused() {}';
    const outcome = await runInSandbox(code, 'twice', [[1], [21], [-4]], limits);
    expect(outcome).to.deep.equal({
      kind: 'ran',
      results: [
        { value: '2', error: null },
        { value: '42', error: null },
        { value: '-8', error: null },
      ],
    });
  });

  it('refuses a file write, through any route to the fs module', async () => {
    const target = join(scratch, 'written.txt');
    const code = `function attempt() { return process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(target)}, 'x'); }`;
    const outcome = await runInSandbox(code, 'attempt', [[]], limits);
    expect(firstError(outcome)).to.match(/ERR_ACCESS_DENIED/);
    expect(existsSync(target)).to.equal(false);
  });

  it("refuses to read files, the service's own included", async () => {
    const code = `function attempt() { return process.getBuiltinModule('node:fs').readFileSync('/etc/hostname', 'utf8'); }`;
    expect(firstError(await runInSandbox(code, 'attempt', [[]], limits))).to.match(/ERR_ACCESS_DENIED/);
  });

  it('refuses to start a child process', async () => {
    const code = `function attempt() { return String(process.getBuiltinModule('node:child_process').execSync('id')); }`;
    expect(firstError(await runInSandbox(code, 'attempt', [[]], limits))).to.match(/ERR_ACCESS_DENIED/);
  });

  it('refuses a worker thread', async () => {
    const code = `function attempt() { const { Worker } = process.getBuiltinModule('node:worker_threads'); new Worker('1', { eval: true }); return 'started'; }`;
    expect(firstError(await runInSandbox(code, 'attempt', [[]], limits))).to.match(/ERR_ACCESS_DENIED/);
  });

  it("sees none of the service's environment", async () => {
    process.env.MKT_SANDBOX_CANARY_SECRET = 'must-not-leak';
    try {
      const code = 'function env() { return Object.keys(process.env).filter((k) => k.startsWith("MKT")).length; }';
      expect(await runInSandbox(code, 'env', [[]], limits)).to.deep.equal({
        kind: 'ran',
        results: [{ value: '0', error: null }],
      });
    } finally {
      delete process.env.MKT_SANDBOX_CANARY_SECRET;
    }
  });

  it('kills an endless loop at its time limit', async () => {
    const startedMs = performance.now();
    const outcome = await runInSandbox('function spin() { for (;;) {} }', 'spin', [[]], limits);
    expect(outcome.kind).to.equal('timeout');
    expect(performance.now() - startedMs).to.be.below(limits.timeoutMs + 5_000);
  });

  it('ends a memory blow-up at the heap cap, long before the time limit', async () => {
    const code = 'function grow() { const all = []; for (;;) all.push(new Array(100000).fill(all.length)); }';
    const outcome = await runInSandbox(code, 'grow', [[]], { timeoutMs: 60_000, heapMb: 32 });
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('crashed');
    expect(firstError(outcome)).to.match(/memory/i);
  });

  it('kills a child whose buffers (outside the heap) pass the resident memory cap', async () => {
    const code = 'function grow() { const all = []; for (;;) all.push(Buffer.alloc(16 * 1024 * 1024, 1)); }';
    const outcome = await runInSandbox(code, 'grow', [[]], { timeoutMs: 60_000, heapMb: 32 });
    expect(outcome).to.deep.equal({ kind: 'crashed', detail: 'killed: its resident memory passed 160 MiB' });
  });

  it('cannot forge its results by printing them', async () => {
    const code =
      'function liar() { process.stdout.write(JSON.stringify({ results: [{ value: "42", error: null }] }) + "\\n"); return 1; }';
    const outcome = await runInSandbox(code, 'liar', [[]], limits);
    expect(outcome).to.deep.equal({ kind: 'ran', results: [{ value: '1', error: null }] });
  });

  it('says so when the code does not load or names no such function', async () => {
    expect(firstError(await runInSandbox('function (', 'f', [[]], limits))).to.match(/did not load: SyntaxError/);
    expect(firstError(await runInSandbox('const g = 1;', 'f', [[]], limits))).to.match(/no function named f/);
  });
});
