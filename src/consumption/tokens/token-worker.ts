import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { assert } from '../../lib/assert.js';
import type { TokenAnswer, TokenJob } from './token-job.js';
import { textTokens } from './tokens.js';

/**
 * A thread of the token pool (token-pool.ts): counts the tokens of the texts it is sent and
 * answers their sum. It runs at a lower scheduling priority than the event loop's thread (Linux
 * lets one thread's priority be set through its thread id), so on a busy machine the requests of
 * the other APIs get the CPU first and counting takes what is left.
 */

/** Nice 10: below the event loop (0), above nothing that matters. */
const workerNiceness = 10;

try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  if (Number.isSafeInteger(threadId) && threadId > 0) setPriority(threadId, workerNiceness);
} catch {
  // Not Linux, or not allowed: the pool still keeps counting off the event loop.
}

const port = parentPort;
assert(port !== null, 'token-worker.ts runs as a worker thread of the token pool');

port.on('message', ({ id, texts }: TokenJob) => {
  let answer: TokenAnswer;
  try {
    let tokens = 0;
    for (const text of texts) tokens += textTokens(text);
    answer = { id, tokens };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
