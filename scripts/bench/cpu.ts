import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used, from /proc: the robust figure on a shared machine. */
const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond; // utime and stime: fields 14 and 15 of stat(5)
}
