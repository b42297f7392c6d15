import { fork } from 'node:child_process';
import { createServer, connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The floor of a stream fan-out on this machine, for bench-streams to print beside its figures from
 * the same run: `sockets` loopback TCP connections and, per batch, one write of the same ready-made
 * frame of `frameBytes` to every socket, `batches` times, `gapMs` apart. No protocol, no JSON, no
 * database: what one write per socket per batch costs here (mostly the kernel's). Its readers live
 * in a process of their own and only read; the writer's CPU (user + system) is the figure.
 *
 *   node dist/scripts/bench/stream-floor.js <sockets> <batches> <gapMs> <frameBytes>
 */
export interface FloorResult {
  sockets: number;
  writes: number;
  cpuUserMs: number;
  cpuSystemMs: number;
}

type Role = { role: 'writer' } | { role: 'reader'; port: number };
const script = fileURLToPath(import.meta.url);
const readersPerAddress = 200;

/** Runs the floor in processes of its own and answers with the writer's CPU. */
export function measureFanoutFloor(sockets: number, batches: number, gapMs: number, frameBytes: number) {
  const child = fork(script, [String(sockets), String(batches), String(gapMs), String(frameBytes), 'writer']);
  return new Promise<FloorResult>((resolve, reject) => {
    child.once('message', (result: FloorResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the fan-out floor exited ${code} before answering`)));
  });
}

function read(count: number, port: number): void {
  let open = 0;
  for (let i = 0; i < count; i += 1) {
    const localAddress = `127.0.0.${2 + Math.floor(i / readersPerAddress)}`;
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      open += 1;
      if (open === count) process.send?.('open');
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
  }
  process.on('message', () => process.exit(0));
}

async function write(count: number, batches: number, gapMs: number, frameBytes: number): Promise<void> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const reader = fork(script, [
    String(count),
    String(batches),
    String(gapMs),
    String(frameBytes),
    'reader',
    String(port),
  ]);
  await new Promise((resolve) => reader.once('message', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  // A text frame of frameBytes in all (a 4-byte head: 16-bit length), the same bytes for every socket.
  const frame = Buffer.alloc(frameBytes, 0x61);
  frame.set([0x81, 126], 0);
  frame.writeUInt16BE(frameBytes - 4, 2);
  const before = process.cpuUsage();
  for (let batch = 0; batch < batches; batch += 1) {
    for (const socket of sockets) socket.write(frame);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  const used = process.cpuUsage(before);
  const result: FloorResult = {
    sockets: sockets.length,
    writes: sockets.length * batches,
    cpuUserMs: used.user / 1000,
    cpuSystemMs: used.system / 1000,
  };
  reader.send('done');
  for (const socket of sockets) socket.destroy();
  server.close();
  process.send?.(result, () => process.exit(0));
}

function roleOf(args: string[]): Role | undefined {
  if (args[4] === 'writer') return { role: 'writer' };
  if (args[4] === 'reader') return { role: 'reader', port: Number(args[5]) };
  return undefined;
}

const role = roleOf(process.argv.slice(2));
if (role !== undefined) {
  const [count, batches, gapMs, frameBytes] = process.argv.slice(2, 6).map(Number);
  if (role.role === 'reader') read(count ?? 0, role.port);
  else await write(count ?? 0, batches ?? 0, gapMs ?? 0, frameBytes ?? 0);
}
