import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { newRandomSeed } from '../../lib/seeded-random.js';
import { isRecord, itemsOf } from '../suppliers/json-reader.js';

/**
 * Runs code a supplier wrote against given cases, never in the service's process: a child Node with the permission
 * model on (no file writes, no child processes, no workers, no addons; nothing on disk readable), a heap cap and a cap
 * on its resident memory (buffers live outside the heap), a time limit (killed when it runs out), an empty environment (none of the service's settings or secrets), and only stdin
 * and stdout to talk through. Node 20's permission model does not cover the network: the runner removes `fetch` and
 * `WebSocket`, and the child knows no address or credential of ours.
 */

export interface SandboxLimits {
  /** For the whole child: start, load, every case. */
  timeoutMs: number;
  /** V8's old space, in MiB (`--max-old-space-size`): an allocation past it ends the child. */
  heapMb: number;
}

export const sandboxLimitDefaults: SandboxLimits = { timeoutMs: 10_000, heapMb: 64 };

/** What one case returned (as JSON) or threw (its code and message). */
export interface CaseResult {
  value: string | null;
  error: string | null;
}

export type SandboxOutcome = { kind: 'ran'; results: CaseResult[] } | { kind: 'timeout' | 'crashed'; detail: string };

/** Resident memory the child may use beyond its heap: Node itself (about 45 MiB) and the buffers of a few cases. */
const residentSlackMb = 128;
/** How often the child's resident memory is read (from /proc, where there is one). */
const residentCheckMs = 50;

/** Most bytes the child may print: the results of a few cases, with room for long error messages. */
const outputBytesMax = 64 * 1024;

/**
 * The child's program (CommonJS, given with -e so that no file need be readable). It reads the request from stdin,
 * silences the code's own output, and prints one line: the nonce, then the results as JSON. The code cannot forge
 * that line: it never sees the nonce, and the functions the runner writes with are taken before the code loads.
 */
const runner = `'use strict';
const write = process.stdout.write.bind(process.stdout);
const stringify = JSON.stringify;
const parse = JSON.parse;
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const { nonce, code, name, cases } = parse(Buffer.concat(chunks).toString('utf8'));
  for (const key of ['log', 'info', 'warn', 'error', 'debug']) console[key] = () => undefined;
  delete globalThis.fetch;
  delete globalThis.WebSocket;
  const describe = (error) => (error && (error.code || error.name) ? (error.code || error.name) + ': ' : '') + String(error && error.message || error);
  const results = [];
  let fn;
  try {
    fn = new Function(code + '\\n;return typeof ' + name + " === 'function' ? " + name + ' : undefined;')();
  } catch (error) {
    write(nonce + stringify({ load: describe(error) }) + '\\n');
    return;
  }
  if (typeof fn !== 'function') {
    write(nonce + stringify({ load: 'no function named ' + name }) + '\\n');
    return;
  }
  for (const args of cases) {
    try {
      const value = await fn(...args);
      results.push({ value: value === undefined ? null : stringify(value), error: null });
    } catch (error) {
      results.push({ value: null, error: describe(error) });
    }
  }
  write(nonce + stringify({ results }) + '\\n', () => process.exit(0));
});
`;

/** The permission flag of this Node: `--permission` from Node 22, `--experimental-permission` before. */
const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

export async function runInSandbox(
  code: string,
  functionName: string,
  cases: unknown[][],
  limits: SandboxLimits = sandboxLimitDefaults,
): Promise<SandboxOutcome> {
  const nonce = `#${newRandomSeed().toString(36)}${newRandomSeed().toString(36)}#`;
  const args = [permissionFlag, '--no-warnings', `--max-old-space-size=${limits.heapMb}`, '-e', runner];
  const child = spawn(process.execPath, args, { env: {}, stdio: ['pipe', 'pipe', 'pipe'] });
  const output = collectOutput(child, limits.timeoutMs);
  const watch = watchResidentMemory(child.pid, (limits.heapMb + residentSlackMb) * 1024 * 1024, () =>
    child.kill('SIGKILL'),
  );
  child.stdin.on('error', () => undefined); // a child that died early closes its stdin
  child.stdin.end(JSON.stringify({ nonce, code, name: functionName, cases }));
  const ended = await output;
  const overMemory = watch.stop();
  if (overMemory)
    return { kind: 'crashed', detail: `killed: its resident memory passed ${limits.heapMb + residentSlackMb} MiB` };
  if (ended.timedOut) return { kind: 'timeout', detail: `killed after ${limits.timeoutMs} ms` };
  return outcomeOf(ended, nonce, cases.length);
}

interface ChildEnd {
  stdout: string;
  stderr: string;
  exit: string;
  timedOut: boolean;
}

/** The child's output and how it ended; killed at the time limit or when it prints too much. */
function collectOutput(child: ReturnType<typeof spawn>, timeoutMs: number): Promise<ChildEnd> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (stdout.length > outputBytesMax) child.kill('SIGKILL');
    });
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < outputBytesMax) stderr += text;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exit: signal ?? `exit ${code}`, timedOut });
    });
  });
}

function outcomeOf(ended: ChildEnd, nonce: string, caseCount: number): SandboxOutcome {
  const line = ended.stdout.split('\n').find((text) => text.startsWith(nonce));
  const report = line === undefined ? undefined : parsedOrUndefined(line.slice(nonce.length));
  if (!isRecord(report)) {
    const reason = lastLine(ended.stderr) || 'no result';
    return { kind: 'crashed', detail: `the code ended the sandbox (${ended.exit}): ${reason}` };
  }
  if (typeof report.load === 'string') return { kind: 'crashed', detail: `the code did not load: ${report.load}` };
  const results = itemsOf(report.results).filter(isRecord).map(caseResultOf);
  if (results.length !== caseCount) return { kind: 'crashed', detail: 'the sandbox returned too few results' };
  return { kind: 'ran', results };
}

const caseResultOf = (raw: Record<string, unknown>): CaseResult => ({
  value: typeof raw.value === 'string' ? raw.value : null,
  error: typeof raw.error === 'string' ? raw.error : null,
});

/** The telling line of a crash (V8's "heap out of memory", an uncaught error), not its stack. */
function lastLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim().length > 0);
  return (lines.find((line) => /out of memory|Error/.test(line)) ?? lines[0] ?? '').trim().slice(0, 200);
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Kills the child past `capBytes` of resident memory; `stop()` says whether it did. Where there is no /proc, a no-op. */
function watchResidentMemory(pid: number | undefined, capBytes: number, kill: () => void): { stop: () => boolean } {
  let exceeded = false;
  const timer = setInterval(() => {
    const pages = residentPages(pid);
    if (pages === null || pages * 4096 <= capBytes) return;
    exceeded = true;
    kill();
  }, residentCheckMs);
  return {
    stop: () => {
      clearInterval(timer);
      return exceeded;
    },
  };
}

/** The second field of /proc/PID/statm: resident pages; null when it cannot be read (gone, or no /proc). */
function residentPages(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? pages : null;
  } catch {
    return null;
  }
}
