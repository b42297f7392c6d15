import { Worker } from 'node:worker_threads';
import { ApiError } from '../../lib/errors.js';
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

const workerUrl = new URL('./token-worker.js', import.meta.url);

/** Jobs of every pool of this process: what tests observe of counting (whether a prompt was counted, and while what). */
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
  const slots: Slot[] = [];
  const queue: Waiting[] = [];
  let queuedChars = 0;
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl), running: null };
    slot.worker.unref();
    slot.worker.on('message', (answer: TokenAnswer) => {
      const done = slot.running;
      slot.running = null;
      slot.worker.unref();
      stats.finished += 1;
      slot.idleTimer = setTimeout(() => retire(slot), options.idleMs).unref();
      if (done && done.job.id === answer.id) {
        if (answer.tokens !== undefined) done.resolve(answer.tokens);
        else done.reject(new Error(`token counting failed: ${answer.error}`));
      }
      dispatch();
    });
    // A worker that dies (out of memory, a bug) fails its job; the next job gets a fresh worker.
    slot.worker.on('error', (error) => {
      forget(slot);
      fail(slot, error);
    });
    slot.worker.on('exit', () => {
      forget(slot);
      fail(slot, new Error('the token worker exited'));
      if (!closed) dispatch();
    });
    slots.push(slot);
    return slot;
  }

  function forget(slot: Slot): boolean {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    return at >= 0;
  }

  /** Stops an idle worker; out of `slots` first, so no job is given to a worker being stopped. */
  function retire(slot: Slot): void {
    if (slot.running === null && forget(slot)) void slot.worker.terminate();
  }

  function fail(slot: Slot, error: Error): void {
    if (!slot.running) return;
    slot.running.reject(error);
    slot.running = null;
    stats.finished += 1;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const idle = slots.find((s) => s.running === null) ?? (slots.length < options.workers ? spawn() : undefined);
      if (!idle) return;
      const waiting = queue.shift()!;
      queuedChars -= waiting.chars;
      idle.running = waiting;
      clearTimeout(idle.idleTimer);
      stats.started += 1;
      idle.worker.ref();
      idle.worker.postMessage(waiting.job);
    }
  }

  return {
    count(texts) {
      if (closed) return Promise.reject(new Error('the token pool is closed'));
      const chars = texts.reduce((sum, text) => sum + text.length, 0);
      if (queuedChars + chars > options.queuedCharsMax && queue.length > 0) {
        return Promise.reject(
          new ApiError(
            503,
            'service_unavailable',
            'Too many large prompts are waiting to be counted; retry in a few seconds.',
            { headers: { 'retry-after': '2' } },
          ),
        );
      }
      return new Promise<number>((resolve, reject) => {
        queue.push({ job: { id: nextId++, texts }, chars, resolve, reject });
        queuedChars += chars;
        dispatch();
      });
    },

    async close() {
      closed = true;
      for (const slot of slots) clearTimeout(slot.idleTimer);
      for (const waiting of queue.splice(0)) waiting.reject(new Error('the token pool is closed'));
      queuedChars = 0;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
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
