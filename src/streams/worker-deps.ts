import type { EventHub, EventListener, StreamEvent } from '../core/events.js';
import type { Logger } from '../lib/logger.js';
import type { SessionDeps, StreamMetrics } from './session-deps.js';
import type { Answer, Call, FromWorker } from './worker-messages.js';

/**
 * A session's deps in the streams worker (worker.ts): every read is a message to the main thread, which makes it on
 * its database and clock (worker-host.ts); the events are those the main thread sends; the metrics are counted there.
 */

type Post = (message: FromWorker) => void;

/** The events the main thread sends, heard by the worker's router; what it wants is told to the main thread. */
export class PortEventHub implements EventHub {
  private readonly listeners = new Set<EventListener>();
  /** Events received and not yet delivered (they are, on the turn after the first arrived). */
  private arrived: StreamEvent[] = [];

  constructor(private readonly post: Post) {}

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  want(subject: string): () => void {
    this.post({ kind: 'want', subject });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.post({ kind: 'unwant', subject });
    };
  }

  /**
   * Events of several messages drained in one turn go to the router together, after the turn: one batch, one write
   * per subscriber (fanout.ts). Delivered message by message, a worker that fell behind wrote once per message and
   * stayed behind (bench-streams --streams worker: p50 from 0.2–0.8 s down to tens of ms on a loaded machine).
   */
  deliver(events: readonly StreamEvent[]): void {
    const waiting = this.arrived.length > 0;
    for (const event of events) this.arrived.push(event);
    if (waiting) return;
    setImmediate(() => {
      const arrived = this.arrived;
      this.arrived = [];
      for (const event of arrived) for (const listener of this.listeners) listener(event);
    });
  }
}

/** The reads asked of the main thread, each answered once by `settle` (or all failed by `failAll`). */
export class MainThreadCalls {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();

  constructor(private readonly post: Post) {}

  ask(call: Call): Promise<Answer> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ kind: 'call', id, call });
    });
  }

  /** A failure keeps the driver's code, so that frame-failure.ts still tells an unavailable database. */
  settle(id: number, answer: Answer): void {
    const waiter = this.pending.get(id);
    if (waiter === undefined) return;
    this.pending.delete(id);
    if (answer.method === 'failed') waiter.reject(Object.assign(new Error(answer.message), { code: answer.code }));
    else waiter.resolve(answer);
  }

  failAll(reason: string): void {
    for (const waiter of this.pending.values()) waiter.reject(new Error(reason));
    this.pending.clear();
  }
}

const mismatched = (call: Call, answer: Answer): never => {
  throw new Error(`the main thread answered ${call.method} with ${answer.method}`);
};

/** One read of the main thread, whose answer must be of the call's own method. */
async function asked<M extends Call['method']>(
  calls: MainThreadCalls,
  call: Extract<Call, { method: M }>,
): Promise<Extract<Answer, { method: M }>> {
  const answer = await calls.ask(call);
  return isAnswerTo(call, answer) ? answer : mismatched(call, answer);
}

const isAnswerTo = <M extends Call['method']>(
  call: Extract<Call, { method: M }>,
  answer: Answer,
): answer is Extract<Answer, { method: M }> => answer.method === call.method;

function portMetrics(post: Post): StreamMetrics {
  return {
    streamConnections: {
      inc: () => post({ kind: 'metric', change: { metric: 'connections', delta: 1 } }),
      dec: () => post({ kind: 'metric', change: { metric: 'connections', delta: -1 } }),
    },
    streamSubscriptions: {
      inc: ({ stream }) => post({ kind: 'metric', change: { metric: 'subscriptions', stream, delta: 1 } }),
      dec: ({ stream }) => post({ kind: 'metric', change: { metric: 'subscriptions', stream, delta: -1 } }),
    },
    streamClosed: { inc: ({ code }) => post({ kind: 'metric', change: { metric: 'closed', code } }) },
  };
}

export function workerSessionDeps(post: Post, events: EventHub, calls: MainThreadCalls, logger: Logger): SessionDeps {
  return {
    logger,
    events,
    metrics: portMetrics(post),
    marketExists: async (marketId) => (await asked(calls, { method: 'marketExists', marketId })).value,
    bookSnapshot: async (marketId) => (await asked(calls, { method: 'bookSnapshot', marketId })).value,
    authenticate: async (payload, current) => (await asked(calls, { method: 'authenticate', payload, current })).value,
    credentialEndings: async (users) => (await asked(calls, { method: 'credentialEndings', users: [...users] })).value,
  };
}
