import { spawn } from 'node:child_process';

/** A server a benchmark runs in a child process of its own, so its CPU is measured apart. */
export interface ChildServer {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/**
 * Runs `script` with `args` in a child process, which is to print "<name> <url>" once it listens
 * (see runChild); resolves with that URL.
 */
export async function spawnChild(script: string, name: string, args: string[]): Promise<ChildServer> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  const printed = new RegExp(`^${name} (http:\\/\\/\\S+)\\r?\\n`, 'm');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${name} child did not start: ${stdout}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = printed.exec(stdout);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} child exited ${code}: ${stdout}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    close: async () => {
      child.stdin!.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The child's side: announce the URL, and stop when the parent closes stdin or sends SIGTERM. */
export function runChild(name: string, served: { url: string; close(): Promise<void> }): void {
  process.stdout.write(`${name} ${served.url}\n`);
  const stop = () => void served.close().then(() => process.exit(0));
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
}
