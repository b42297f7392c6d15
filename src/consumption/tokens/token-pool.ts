import { Worker } from 'node:worker_threads';
import { Failure } from '../../lib/failure.js';
import type { TokenAnswer, TokenJob } from './token-job.js';

/**
 * Token counting off the event loop. Counting a 5 MB prompt takes seconds of CPU; done inline it
 * stalled every host of the process (trading health waited 2.5 s behind eight such prompts). Big
 * prompts are counted by a small pool of worker threads instead, and the event loop only waits.
 *
 * Sized for a 2-core machine: two workers, at a lower priority than the event loop (token-worker.ts),
 * so counting uses the spare core and yields the other. Jobs beyond the workers wait in a queue
 * bounded by the bytes it holds; past that the caller gets 503 and retries. Workers start on the
 * first job and keep the process alive only while they work, so a pool nobody closes never holds a
 * process open; `mkt serve` closes it on stop (app/main.ts).
 */

interface TokenPoolOptions {
  workers: number;
  /** A worker idle this long is stopped: each holds the vocabulary, about 100 MB. */
  idleMs: number;
  /** Text (UTF-16 code units, ≈ bytes for the texts that are big) allowed to wait for a worker. */
  queuedCharsMax: number;
}

const tokenPoolDefaults: TokenPoolOptions = { workers: 2, idleMs: 60_000, queuedCharsMax: 64 * 1024 * 1024 };

/** The pool's handle: what callers count with. */
interface TokenPool {
  /** The tokens of the texts, summed, counted on a worker thread. */
  count(texts: string[]): Promise<number>;
  /** Terminates the workers; jobs not answered yet are rejected. */
  close(): Promise<void>;
}

interface Waiting {
  job: TokenJob;
  chars: number;
  resolve(tokens: number): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  running: Waiting | null;
  idleTimer?: NodeJS.Timeout;
}

/** What one pool holds: its workers, the jobs waiting for one, and whether it was closed. */
interface PoolState {
  readonly options: TokenPoolOptions;
  readonly slots: Slot[];
  readonly queue: Waiting[];
  queuedChars: number;
  nextId: number;
  closed: boolean;
}

const workerUrl = new URL('./token-worker.js', import.meta.url);

/**
 * Jobs of every pool of this process: what tests observe of counting (whether a prompt was counted, and while what).
 */
interface TokenPoolStats {
  /** Jobs a worker took. */
  started: number;
  /** Jobs answered or failed. */
  finished: number;
}

const stats: TokenPoolStats = { started: 0, finished: 0 };

export function tokenPoolStats(): TokenPoolStats {
  return { ...stats };
}

export function createTokenPool(options: TokenPoolOptions = tokenPoolDefaults): TokenPool {
  const pool: PoolState = { options, slots: [], queue: [], queuedChars: 0, nextId: 1, closed: false };
  return { count: (texts) => countOnPool(pool, texts), close: () => closePool(pool) };
}

function spawn(pool: PoolState): Slot {
  const slot: Slot = { worker: new Worker(workerUrl), running: null };
  slot.worker.unref();
  slot.worker.on('message', (answer: TokenAnswer) => answered(pool, slot, answer));
  // A worker that dies (out of memory, a bug) fails its job; the next job gets a fresh worker.
  slot.worker.on('error', (error) => {
    forget(pool, slot);
    fail(slot, error);
  });
  slot.worker.on('exit', () => {
    forget(pool, slot);
    fail(slot, new Error('the token worker exited'));
    if (!pool.closed) dispatch(pool);
  });
  pool.slots.push(slot);
  return slot;
}

function answered(pool: PoolState, slot: Slot, answer: TokenAnswer): void {
  const done = slot.running;
  slot.running = null;
  slot.worker.unref();
  stats.finished += 1;
  slot.idleTimer = setTimeout(() => retire(pool, slot), pool.options.idleMs).unref();
  if (done && done.job.id === answer.id) {
    if (answer.tokens !== undefined) done.resolve(answer.tokens);
    else done.reject(new Error(`token counting failed: ${answer.error}`));
  }
  dispatch(pool);
}

function forget(pool: PoolState, slot: Slot): boolean {
  const at = pool.slots.indexOf(slot);
  if (at >= 0) pool.slots.splice(at, 1);
  return at >= 0;
}

/** Stops an idle worker; out of `slots` first, so no job is given to a worker being stopped. */
function retire(pool: PoolState, slot: Slot): void {
  if (slot.running === null && forget(pool, slot)) void slot.worker.terminate();
}

function fail(slot: Slot, error: Error): void {
  if (!slot.running) return;
  slot.running.reject(error);
  slot.running = null;
  stats.finished += 1;
}

function dispatch(pool: PoolState): void {
  const { slots, queue, options } = pool;
  for (let waiting = queue[0]; waiting !== undefined; waiting = queue[0]) {
    const idle = slots.find((s) => s.running === null) ?? (slots.length < options.workers ? spawn(pool) : undefined);
    if (!idle) return;
    queue.shift();
    pool.queuedChars -= waiting.chars;
    idle.running = waiting;
    clearTimeout(idle.idleTimer);
    stats.started += 1;
    idle.worker.ref();
    idle.worker.postMessage(waiting.job);
  }
}

/** The pool's one refusal: more prompt text waits than it holds (mapped in handlers/failures.ts: 503). */
export type TokenPoolFailure = 'counting_queue_full';

/** Whether `error` is the pool's refusal, for the stream translators, which answer it mid-stream as an overload. */
export const isTokenPoolFailure = (error: unknown): error is Failure<TokenPoolFailure> =>
  error instanceof Failure && error.code === 'counting_queue_full';

function countOnPool(pool: PoolState, texts: string[]): Promise<number> {
  if (pool.closed) return Promise.reject(new Error('the token pool is closed'));
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  if (pool.queuedChars + chars > pool.options.queuedCharsMax && pool.queue.length > 0) {
    return Promise.reject(
      new Failure<TokenPoolFailure>(
        'counting_queue_full',
        'Too many large prompts are waiting to be counted; retry in a few seconds.',
        { headers: { 'retry-after': '2' } },
      ),
    );
  }
  return new Promise<number>((resolve, reject) => {
    pool.queue.push({ job: { id: pool.nextId++, texts }, chars, resolve, reject });
    pool.queuedChars += chars;
    dispatch(pool);
  });
}

async function closePool(pool: PoolState): Promise<void> {
  pool.closed = true;
  for (const slot of pool.slots) clearTimeout(slot.idleTimer);
  for (const waiting of pool.queue.splice(0)) waiting.reject(new Error('the token pool is closed'));
  pool.queuedChars = 0;
  await Promise.all(pool.slots.map((slot) => slot.worker.terminate()));
}

// ---- the process's pool ------------------------------------------------------------------------

let shared: TokenPool | undefined;
let holders = 0;

/** The pool every counter of this process shares; started on first use. */
export function sharedTokenPool(): TokenPool {
  shared ??= createTokenPool();
  return shared;
}

/**
 * A service holds the shared pool while it runs; the last holder to let go terminates its workers
 * (several services may run in one process, as in the tests). Answers the release.
 */
export function holdTokenPool(): () => Promise<void> {
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0 || !shared) return;
    const pool = shared;
    shared = undefined;
    await pool.close();
  };
}
