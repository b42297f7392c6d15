import { Worker } from 'node:worker_threads';
import type { EventHub, StreamEvent } from '../core/events.js';
import type { StreamDeps } from './deps.js';
import type { StreamLimits } from './limits.js';
import { sessionDepsOf } from './local-deps.js';
import { subjectOf } from './router.js';
import type { SessionDeps } from './session-deps.js';
import { userSubject } from './subscriptions.js';
import type { Answer, Call, FromWorker, MetricChange, ToWorker } from './worker-messages.js';

/**
 * The main thread's side of the streams worker (worker.ts): starts it on its port, sends it each committed event
 * that one of its sessions wants (once, whatever the number of subscribers: the fan-out is the worker's), and makes
 * the reads its sessions ask for here, on this thread's database and clock.
 *
 * Why the reads stay here rather than on a connection of the worker's own: they are few (one per subscribe or
 * authenticate, one per credential check for all sockets), not per event; here they share the caches, the clock and
 * the revocation feed the HTTP requests use, and an in-memory SQLite database works as well as a file.
 */
export interface StreamsWorker {
  /** The listener's origin (`http://host:port`; the socket is at `ws://host:port/trading_socket/websocket`). */
  url: string;
  /** The worker's thread now (it is started again if it ends unasked): for diagnostics, and tests that end it. */
  thread(): Worker;
  /** Closes every socket of the worker (1001), then the thread. */
  close(): Promise<void>;
}

interface WorkerOptions {
  host: string;
  port: number;
  limits: StreamLimits;
}

/** How long after an unexpected end the worker is started again (and again, while that fails). */
const restartDelayMs = 1_000;

/** How long the worker has to close its sockets (socket-host.ts cuts them after 500 ms) before its thread is ended. */
const workerCloseMs = 5_000;

/** The subjects the worker's sessions want, each with what ends this thread's note of it (events.want). */
type Wanted = Map<string, () => void>;

/** Whether the worker's sessions want `event`: a subject of theirs, or a control event that ends sessions. */
function wantedByWorker(event: StreamEvent, wanted: Wanted): boolean {
  if (event.stream === 'control') return event.event !== 'accounts_changed';
  if (wanted.has(subjectOf(event))) return true;
  return (
    event.stream === 'user.trades' && event.restingPartially && wanted.has(userSubject('user.orders', event.userId))
  );
}

/** Sends the events the worker wants, those of one turn as one message, in the order this thread heard them. */
function forwardEvents(events: EventHub, wanted: Wanted, post: (message: ToWorker) => void): () => void {
  let queued: StreamEvent[] = [];
  const flush = () => {
    const batch = queued;
    queued = [];
    post({ kind: 'events', events: batch });
  };
  return events.listen((event) => {
    if (!wantedByWorker(event, wanted)) return;
    if (queued.push(event) === 1) process.nextTick(flush);
  });
}

async function answer(local: SessionDeps, call: Call): Promise<Answer> {
  try {
    switch (call.method) {
      case 'marketExists':
        return { method: call.method, value: await local.marketExists(call.marketId) };
      case 'bookSnapshot':
        return { method: call.method, value: await local.bookSnapshot(call.marketId) };
      case 'authenticate':
        return { method: call.method, value: await local.authenticate(call.payload, call.current) };
      case 'credentialEndings':
        return { method: call.method, value: await local.credentialEndings(call.users) };
    }
  } catch (failure) {
    const code = typeof failure === 'object' && failure !== null && 'code' in failure ? failure.code : undefined;
    return {
      method: 'failed',
      message: failure instanceof Error ? failure.message : String(failure),
      code: typeof code === 'string' ? code : undefined,
    };
  }
}

function countMetric(metrics: StreamDeps['metrics'], change: MetricChange): void {
  if (change.metric === 'connections') metrics.streamConnections.inc(change.delta);
  else if (change.metric === 'subscriptions') metrics.streamSubscriptions.inc({ stream: change.stream }, change.delta);
  else metrics.streamClosed.inc({ code: change.code });
}

/** The worker's thread as this thread holds it: the subjects it wants, and the messages it sends. */
class WorkerHost {
  readonly worker = new Worker(new URL('./worker.js', import.meta.url));
  private readonly wanted: Wanted = new Map();
  private readonly local: SessionDeps;
  private readonly stopForwarding: () => void;
  private closing = false;
  private listening = false;
  /** Resolved by `listening`, rejected by `failed` or an exit before it. */
  readonly started: Promise<string>;
  readonly exited: Promise<void>;

  /** `lost` hears of a thread that ended unasked after it listened. */
  constructor(
    private readonly deps: StreamDeps,
    private readonly lost: () => void,
  ) {
    this.local = sessionDepsOf(deps);
    this.stopForwarding = forwardEvents(deps.events, this.wanted, (message) => this.post(message));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.started = new Promise((resolve, reject) => {
      this.worker.on('message', (message: FromWorker) => {
        if (message.kind === 'listening') {
          this.listening = true;
          resolve(message.url);
        } else if (message.kind === 'failed') reject(new Error(message.message));
        else this.heard(message);
      });
      this.worker.once('error', reject);
      void this.exited.then(() => reject(new Error('the streams worker exited before it listened')));
    });
    this.worker.on('error', (error) => deps.logger.error({ err: error }, 'the streams worker failed'));
    void this.exited.then(() => this.ended());
  }

  post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private heard(message: FromWorker): void {
    switch (message.kind) {
      case 'want':
        if (!this.wanted.has(message.subject)) this.wanted.set(message.subject, this.deps.events.want(message.subject));
        return;
      case 'unwant':
        this.wanted.get(message.subject)?.();
        this.wanted.delete(message.subject);
        return;
      case 'call':
        void answer(this.local, message.call).then((answered) =>
          this.post({ kind: 'answer', id: message.id, answer: answered }),
        );
        return;
      case 'metric':
        return countMetric(this.deps.metrics, message.change);
      case 'closed':
        void this.worker.terminate();
    }
  }

  /** Whatever ended the thread, this thread stops sending it events and wanting its subjects. */
  private ended(): void {
    this.stopForwarding();
    for (const release of this.wanted.values()) release();
    this.wanted.clear();
    if (this.closing || !this.listening) return;
    this.deps.logger.error('the streams worker stopped: its sockets are closed; it starts again in a second');
    this.lost();
  }

  /** Asks the worker to close its sockets (1001, each cut after closeGraceMs); a worker that does not is ended. */
  async close(): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      this.post({ kind: 'close' });
    }
    const cut = setTimeout(() => void this.worker.terminate(), workerCloseMs);
    await this.exited;
    clearTimeout(cut);
  }
}

/** One worker thread listening, or the sentence naming MKT_STREAMS_PORT that says why not. */
async function launch(
  deps: StreamDeps,
  options: WorkerOptions,
  lost: () => void,
): Promise<WorkerHost & { url: string }> {
  const host = new WorkerHost(deps, lost);
  host.post({ kind: 'start', settings: { ...options, logLevel: deps.logger.level } });
  try {
    return Object.assign(host, { url: await host.started });
  } catch (error) {
    await host.worker.terminate();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`MKT_STREAMS_PORT ${options.port}: the streams listener could not start (${reason})`);
  }
}

/**
 * Starts the streams worker on `options.port` (0: a free one) and resolves once it listens; a port it cannot take
 * stops the start with a sentence naming it. A thread that ends unasked (a bug that threw in it) is started again on
 * the same port, so that clients reconnect where they were; the thread that matches orders never stops for it.
 */
export async function startStreamsWorker(deps: StreamDeps, options: WorkerOptions): Promise<StreamsWorker> {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  const restart = (): void => {
    retry = setTimeout(() => {
      starting = startAgain();
    }, restartDelayMs);
  };
  const startAgain = async (): Promise<void> => {
    try {
      const host = await launch(deps, again, restart);
      if (stopped) return void (await host.close());
      current = host;
      deps.logger.warn({ url }, 'the streams worker listens again');
    } catch (error) {
      deps.logger.error({ err: error }, 'the streams worker did not start again; it tries again in a second');
      if (!stopped) restart();
    }
  };
  let current = await launch(deps, options, restart);
  const { url } = current;
  const again = { ...options, port: Number(new URL(url).port) };
  return {
    url,
    thread: () => current.worker,
    close: async () => {
      stopped = true;
      clearTimeout(retry);
      await starting;
      await current.close();
    },
  };
}
