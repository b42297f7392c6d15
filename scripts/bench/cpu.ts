import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used, from /proc: the robust figure on a shared machine. */
const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const cpuMsOf = (statPath: string): number => {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond; // utime and stime: fields 14 and 15 of stat(5)
};

export const processCpuMs = (pid: number): number => cpuMsOf(`/proc/${pid}/stat`);

/** The CPU of a process's main thread alone (its thread id is the pid): Node's JavaScript thread, without workers. */
export const mainThreadCpuMs = (pid: number): number => cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
