import type { PhaseResult } from './gateway-client.js';
import { summarise } from './stats.js';

/**
 * The figures of scripts/bench-gateway.ts: each path's line, and mkt's targets against the floor (the bare proxy) and
 * the peer (Portkey), printed only between paths that failed no request.
 */

/** A path as the report reads it. */
export interface ReportedPath {
  name: string;
  /** The process whose CPU its requests cost (none for direct). */
  pid: number | undefined;
  /** Measured at the benchmark's concurrency, and at concurrency 1 (latency). */
  loaded: PhaseResult;
  single: PhaseResult;
  /** Requests of its warm-up that failed (not measured, but a failing path has no ratio: targetLines). */
  warmFailures: number;
  /** Its process's CPU in the loaded phases, and in the c=1 phases (reported apart: a c=1 request costs more). */
  cpuMs: number;
  singleCpuMs: number;
  /** The upstream's CPU in this path's loaded phases (0 when the upstream runs inline). */
  upstreamCpuMs: number;
}

type Path = ReportedPath;

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Every failed request of a path, warm-up included. */
const failedOf = (path: Path): number => path.warmFailures + path.loaded.failures + path.single.failures;

/** CPU milliseconds over `count` requests, as whole microseconds per request. */
const microsPer = (cpuMs: number, count: number): string => ((cpuMs * 1000) / count).toFixed(0);

export function pathLines(paths: Path[]): string[] {
  const [direct] = paths;
  const directSingle = summarise(direct!.single.samplesMs, direct!.single.elapsedMs);
  return paths.map((path) => {
    const s = summarise(path.loaded.samplesMs, path.loaded.elapsedMs);
    const one = summarise(path.single.samplesMs, path.single.elapsedMs);
    const own =
      path.pid === undefined
        ? ''
        : `, own CPU ${microsPer(path.cpuMs, s.count)} µs per request (c=1: ${microsPer(path.singleCpuMs, one.count)})`;
    const upstream = path.upstreamCpuMs > 0 ? `, upstream CPU ${microsPer(path.upstreamCpuMs, s.count)} µs` : '';
    const cpu = own + upstream;
    const added =
      path === direct
        ? `c=1 p50 ${one.p50.toFixed(2)} ms, p99 ${one.p99.toFixed(2)} ms`
        : `c=1 added p50 ${(one.p50 - directSingle.p50).toFixed(2)} ms, p99 ${(one.p99 - directSingle.p99).toFixed(2)} ms`;
    const failed = failedOf(path);
    return (
      `  ${path.name.padEnd(12)} ${String(s.count).padStart(6)} requests, ${s.perSecond.toFixed(0).padStart(5)} requests/s, ` +
      `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms${cpu}; ${added}${failed > 0 ? `, ${failed} FAILED` : ''}`
    );
  });
}

/**
 * Why a comparison of `paths` is not printed, when it is not: a path that failed any request measured something else
 * than what it is compared with (a 500 answered at once is no proxied completion), so its ratio would mislead.
 */
function withheld(paths: (Path | undefined)[]): string | undefined {
  if (paths.some((path) => path === undefined)) return 'a path was not measured';
  const failed = paths.filter((path): path is Path => path !== undefined && failedOf(path) > 0);
  if (failed.length === 0) return undefined;
  return failed.map((path) => `${path.name} FAILED ${failedOf(path)} requests`).join(', ');
}

export function targetLines(paths: Path[]): string[] {
  const byName = new Map(paths.map((p) => [p.name, p]));
  const rate = (name: string) => {
    const path = byName.get(name);
    return path ? summarise(path.loaded.samplesMs, path.loaded.elapsedMs).perSecond : NaN;
  };
  const addedP50 = (name: string) => {
    const path = byName.get(name);
    const direct = byName.get('direct');
    if (!path || !direct) return NaN;
    return summarise(path.single.samplesMs, 1).p50 - summarise(direct.single.samplesMs, 1).p50;
  };
  const mkt = byName.get('through mkt');
  const cpuUs = (path: Path | undefined) => (path ? (path.cpuMs * 1000) / path.loaded.samplesMs.length : NaN);
  const mktCpuUs = cpuUs(mkt);
  const floorWithheld = withheld([mkt, byName.get('bare proxy')]);
  const lines = [
    floorWithheld
      ? `  targets      no ratio to the bare proxy (the floor): ${floorWithheld}`
      : `  targets      mkt at ${(rate('through mkt') / rate('bare proxy')).toFixed(2)}× the bare proxy's throughput (≥ 0.4: ${verdict(rate('through mkt') / rate('bare proxy') >= 0.4)}); ` +
        `CPU ${mktCpuUs.toFixed(0)} µs per request over both legs (≤ 1,000: ${verdict(mktCpuUs <= 1000)})`,
  ];
  if (byName.has('portkey')) {
    const peerWithheld = withheld([mkt, byName.get('portkey')]);
    lines.push(
      peerWithheld
        ? `               no ratio to Portkey (the peer): ${peerWithheld}`
        : `               mkt at ${(rate('through mkt') / rate('portkey')).toFixed(2)}× Portkey's throughput (≥ 1.2: ${verdict(rate('through mkt') / rate('portkey') >= 1.2)}); ` +
            `c=1 added p50 ${addedP50('through mkt').toFixed(2)} ms against Portkey's ${addedP50('portkey').toFixed(2)} ms (below: ${verdict(addedP50('through mkt') < addedP50('portkey'))})`,
      `               CPU per request at the concurrency: mkt ${mktCpuUs.toFixed(0)} µs (both legs), Portkey ${cpuUs(byName.get('portkey')).toFixed(0)} µs (its own process), ` +
        `${(mktCpuUs / cpuUs(byName.get('portkey'))).toFixed(2)}× Portkey's`,
    );
  }
  return lines;
}
