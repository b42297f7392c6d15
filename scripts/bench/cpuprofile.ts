/**
 * Summarises a V8 .cpuprofile (as `node --cpu-prof` writes it): functions by self time.
 *
 *   node dist/scripts/bench/cpuprofile.js <file.cpuprofile> [top]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  selfMs: number;
  share: number;
}

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

function whereOf(frame: ProfileNode['callFrame']): string {
  if (frame.url === '') return '';
  const path = frame.url.startsWith('file://') ? relative(projectRoot, fileURLToPath(frame.url)) : frame.url;
  return `${path}:${frame.lineNumber + 1}`;
}

/** Self time per function (samples whose top frame it is), largest first; `(idle)` excluded from the shares. */
export function selfTimes(profile: Profile): { total: SelfTime[]; busyMs: number; idleMs: number } {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const sums = new Map<string, { name: string; where: string; us: number }>();
  let idleUs = 0;
  let busyUs = 0;
  // timeDeltas[i] is the time since the previous sample; it belongs to sample i.
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byNode.get(profile.samples[i]!)!;
    const deltaUs = Math.max(0, profile.timeDeltas[i] ?? 0);
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idleUs += deltaUs;
      continue;
    }
    busyUs += deltaUs;
    const where = whereOf(node.callFrame);
    const key = `${name} ${where}`;
    const entry = sums.get(key) ?? { name, where, us: 0 };
    entry.us += deltaUs;
    sums.set(key, entry);
  }
  const total = [...sums.values()]
    .map((e) => ({ name: e.name, where: e.where, selfMs: e.us / 1000, share: busyUs === 0 ? 0 : e.us / busyUs }))
    .sort((a, b) => b.selfMs - a.selfMs);
  return { total, busyMs: busyUs / 1000, idleMs: idleUs / 1000 };
}

export function summariseProfile(file: string, top = 10): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const { total, busyMs, idleMs } = selfTimes(profile);
  const lines = [
    `${file}: busy ${busyMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms; top ${top} by self time (share of busy time):`,
  ];
  for (const entry of total.slice(0, top)) {
    lines.push(
      `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.selfMs.toFixed(0).padStart(7)} ms  ${entry.name}${entry.where ? `  ${entry.where}` : ''}`,
    );
  }
  lines.push('  by package or directory:');
  const groups = new Map<string, number>();
  for (const entry of total) groups.set(groupOf(entry.where), (groups.get(groupOf(entry.where)) ?? 0) + entry.selfMs);
  for (const [group, ms] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`  ${((ms / busyMs) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${group}`);
  }
  return lines.join('\n');
}

/** `node_modules/knex`, `dist/src/trading`, `node:internal`, or `(native)` for VM frames (GC, program, builtins). */
function groupOf(where: string): string {
  if (where === '') return '(native: gc, program, builtins)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (modules) return `node_modules/${modules[1]}`;
  if (where.startsWith('node:')) return where.split('/').slice(0, 2).join('/').replace(/:\d+$/, '');
  return where.split('/').slice(0, 3).join('/').replace(/:\d+$/, '');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node dist/scripts/bench/cpuprofile.js <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summariseProfile(file, top === undefined ? 10 : Number(top)));
}
