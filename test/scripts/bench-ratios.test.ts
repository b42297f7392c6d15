import { expect } from 'chai';
import { pathLines, targetLines, type ReportedPath } from '../../scripts/bench/gateway-report.js';
import { floorRatioLine } from '../../scripts/bench/orders-report.js';
import { summarise } from '../../scripts/bench/stats.js';

/**
 * Issue 34 part 6: a benchmark whose floor or peer failed any request says so and prints no ratio to it (Portkey once
 * failed every streamed request, and bench-gateway still printed mkt's ratio to it).
 */
describe('benchmarks: no ratio to a path that failed', () => {
  const phase = (failures: number) => ({ samplesMs: [2, 2, 2, 2], elapsedMs: 8, failures, errors: new Map() });
  const path = (name: string, failures = 0, warmFailures = 0): ReportedPath => ({
    name,
    pid: 1,
    loaded: phase(failures),
    single: phase(0),
    warmFailures,
    cpuMs: 1,
    singleCpuMs: 1,
    upstreamCpuMs: 0,
  });
  const rows: { name: string; failed: Record<string, number>; floor: RegExp; peer: RegExp }[] = [
    { name: 'all answered', failed: {}, floor: /mkt at 1\.00× the bare proxy/, peer: /mkt at 1\.00× Portkey/ },
    {
      name: 'the peer failed',
      failed: { portkey: 3300 },
      floor: /mkt at 1\.00×/,
      peer: /no ratio to Portkey.*portkey FAILED 3300/,
    },
    {
      name: 'the floor failed',
      failed: { 'bare proxy': 2 },
      floor: /no ratio to the bare proxy.*bare proxy FAILED 2/,
      peer: /mkt at 1\.00× Portkey/,
    },
    {
      name: 'mkt failed',
      failed: { 'through mkt': 1 },
      floor: /no ratio.*through mkt FAILED 1/,
      peer: /no ratio.*through mkt FAILED 1/,
    },
  ];
  for (const row of rows)
    it(`${row.name}: ratios only between paths that failed nothing`, () => {
      const names = ['direct', 'bare proxy', 'portkey', 'through mkt'];
      const [floor, peer] = targetLines(names.map((name) => path(name, row.failed[name] ?? 0)));
      expect(floor).to.match(row.floor);
      expect(peer).to.match(row.peer);
    });

  it("prints Portkey's own CPU per request next to mkt's, and each path's c=1 and upstream CPU apart", () => {
    const cpu = (into: ReportedPath, cpuMs: number, singleCpuMs: number, upstreamCpuMs: number) =>
      Object.assign(into, { cpuMs, singleCpuMs, upstreamCpuMs });
    const paths = [
      { ...path('direct'), pid: undefined },
      path('bare proxy'),
      cpu(path('portkey'), 6, 8, 0.4),
      cpu(path('through mkt'), 3, 20, 0.4),
    ];
    expect(targetLines(paths)[2]).to.match(
      /mkt 750 µs \(both legs\), Portkey 1500 µs \(its own process\), 0\.50× Portkey's/,
    );
    expect(pathLines(paths)[2]).to.match(/own CPU 1500 µs per request \(c=1: 2000\), upstream CPU 100 µs/);
    expect(pathLines(paths)[0]).not.to.match(/CPU/);
  });

  it('counts a failed warm-up request too', () => {
    const [, peer] = targetLines([path('direct'), path('bare proxy'), path('portkey', 0, 5), path('through mkt')]);
    expect(peer).to.match(/no ratio to Portkey.*portkey FAILED 5/);
  });

  it('bench-orders: no ratio to a floor that answered an order otherwise than 201', () => {
    const figures = { m: summarise([1, 1], 2), b: summarise([1, 1], 2) };
    const clean = { errors: new Map() };
    const failing = { errors: new Map([['floor 500', { count: 4 }]]) };
    expect(floorRatioLine({ mkt: clean, bare: clean }, figures, 1)).to.match(/throughput 1\.00× the floor's/);
    expect(floorRatioLine({ mkt: clean, bare: failing }, figures, 1)).to.equal(
      '  ratio      none printed: the floor FAILED 4 orders',
    );
  });
});
