import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

/**
 * The subscribers of bench-streams, in a process of their own (forked with IPC), so that the
 * process sending orders and timing their acknowledgements is not slowed by a thousand sockets:
 * `count` WebSockets, each joining `ws:trading` and subscribing to one market's `market.book` and
 * `market.trades`. Every `book_update` (by sequence) and `new_trade` (by trade_id) is stamped on
 * arrival with the machine-wide monotonic clock (process.hrtime, CLOCK_MONOTONIC), which the parent
 * also stamps acknowledgements with. Frames are read with indexOf and a regular expression, not
 * JSON.parse, to keep the client's cost per frame low; every other frame is parsed.
 *
 * The server allows `connectionsPerAddressMax` sockets per remote address (src/streams/limits.ts,
 * 50): subscriber i connects from 127.0.0.(firstAddress + floor(i / perAddress)), which Linux
 * routes over loopback like 127.0.0.1.
 */
export type ToSubscribers =
  | {
      type: 'connect';
      url: string;
      count: number;
      vsn: '1.0.0' | '2.0.0';
      marketId: string;
      firstAddress: number;
      perAddress: number;
      parallel: number;
    }
  | { type: 'drain'; finalSequence: number; trades: number; timeoutMs: number }
  | { type: 'collect'; book: [number, number][]; trades: [string, number][]; samplesFile: string }
  | { type: 'close' };

export type FromSubscribers =
  | { type: 'connected'; opened: number; failed: string[]; snapshotMin: number; snapshotMax: number; ms: number }
  | { type: 'drained'; complete: boolean; waitedMs: number }
  | { type: 'collected'; stats: SubscriberStats };

export interface SubscriberStats {
  subscribers: number;
  /** Per subscriber, events expected (book updates after its snapshot + trades) and received. */
  expectedPerSubscriber: number;
  receivedMin: number;
  receivedMax: number;
  /** Expected events some subscriber never got, summed over subscribers, and how many subscribers missed any. */
  missed: number;
  subscribersMissing: number;
  /** Book updates whose sequence was not one more than the last (or the snapshot's). */
  gaps: number;
  /** Frames of events the parent did not expect (e.g. a trade of an order it did not acknowledge). */
  unexpected: number;
  closed: { code: number; reason: string; count: number }[];
  /** Samples written to samplesFile: Float64 milliseconds, book updates first (bookSamples of them), then trades. */
  bookSamples: number;
  tradeSamples: number;
  clientCpuMs: number;
  clientElapsedMs: number;
  framesReceived: number;
}

const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

interface Subscriber {
  index: number;
  ws: WebSocket;
  snapshot: number;
  last: number;
  received: number;
}

const sequencePattern = /"sequence":(\d+)/;
const tradeIdPattern = /"trade_id":"([^"]+)"/;

function run(): void {
  const subscribers: Subscriber[] = [];
  const bookArrivals = new Map<number, Float64Array>();
  const tradeArrivals = new Map<string, Float64Array>();
  const closes = new Map<string, { code: number; reason: string; count: number }>();
  let gaps = 0;
  let frames = 0;
  let count = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let cpuAtConnect = process.cpuUsage();
  let startedMs = monotonicMs();
  const reply = (message: FromSubscribers) => process.send!(message);

  const arrivalsOf = <K>(map: Map<K, Float64Array>, key: K): Float64Array => {
    let arrivals = map.get(key);
    if (!arrivals) map.set(key, (arrivals = new Float64Array(count).fill(NaN)));
    return arrivals;
  };

  function open(
    url: string,
    index: number,
    localAddress: string,
    marketId: string,
    vsn: '1.0.0' | '2.0.0',
  ): Promise<Subscriber> {
    const frame = (ref: string, topic: string, event: string, payload: unknown) =>
      vsn === '2.0.0'
        ? JSON.stringify(['1', ref, topic, event, payload])
        : JSON.stringify({ topic, event, payload, ref, join_ref: '1' });
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/trading_socket/websocket?vsn=${vsn}`, {
        localAddress,
        perMessageDeflate: false,
      });
      const subscriber: Subscriber = { index, ws, snapshot: -1, last: -1, received: 0 };
      let acked = false;
      const timer = setTimeout(() => reject(new Error(`subscriber ${index}: no snapshot within 30 s`)), 30_000);
      ws.once('error', (error) => reject(error));
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`subscriber ${index}: upgrade refused ${response.statusCode}`)),
      );
      ws.once('open', () => ws.send(frame('1', 'ws:trading', 'phx_join', {})));
      ws.on('close', (code, reason) => {
        const key = `${code} ${reason.toString()}`;
        const seen = closes.get(key) ?? { code, reason: reason.toString(), count: 0 };
        seen.count += 1;
        closes.set(key, seen);
      });
      ws.on('message', (data: Buffer) => {
        const at = monotonicMs();
        frames += 1;
        const text = data.toString();
        if (text.includes('"book_update"')) {
          const sequence = Number(sequencePattern.exec(text)![1]);
          if (sequence !== subscriber.last + 1) gaps += 1;
          subscriber.last = sequence;
          subscriber.received += 1;
          arrivalsOf(bookArrivals, sequence)[index] = at;
          return;
        }
        if (text.includes('"new_trade"')) {
          subscriber.received += 1;
          arrivalsOf(tradeArrivals, tradeIdPattern.exec(text)![1]!)[index] = at;
          return;
        }
        const value = JSON.parse(text) as unknown;
        const [ref, event, payload] = Array.isArray(value)
          ? [value[1], value[3], value[4]]
          : [(value as { ref: string }).ref, (value as { event: string }).event, (value as { payload: any }).payload];
        if (event === 'phx_reply' && ref === '1') {
          if (payload.status !== 'ok')
            return reject(new Error(`subscriber ${index}: join refused ${JSON.stringify(payload)}`));
          ws.send(
            frame('2', 'ws:trading', 'subscribe', {
              streams: [
                { name: 'market.book', market: marketId },
                { name: 'market.trades', market: marketId },
              ],
              request_id: `s${index}`,
            }),
          );
        } else if (event === 'ack') {
          if (payload.status !== 'ok')
            return reject(new Error(`subscriber ${index}: subscribe refused ${JSON.stringify(payload)}`));
          acked = true;
        } else if (event === 'book_snapshot') {
          if (!acked) return reject(new Error(`subscriber ${index}: snapshot before ack`));
          subscriber.snapshot = subscriber.last = payload.data.sequence as number;
          clearTimeout(timer);
          resolve(subscriber);
        } else if (event === 'phx_error' || (event === 'phx_reply' && payload.status !== 'ok')) {
          reject(new Error(`subscriber ${index}: ${text.slice(0, 300)}`));
        }
      });
    });
  }

  process.on('message', (message: ToSubscribers) => {
    void (async () => {
      if (message.type === 'connect') {
        const started = monotonicMs();
        count = message.count;
        const failed: string[] = [];
        for (let from = 0; from < message.count; from += message.parallel) {
          const batch = Array.from({ length: Math.min(message.parallel, message.count - from) }, (_, k) => {
            const index = from + k;
            const address = `127.0.0.${message.firstAddress + Math.floor(index / message.perAddress)}`;
            return open(message.url, index, address, message.marketId, message.vsn).then(
              (s) => void (subscribers[index] = s),
              (error: Error) => void failed.push(error.message),
            );
          });
          await Promise.all(batch);
        }
        // An idle socket is closed after 60 s without a frame (limits.ts): heartbeats, as the clients send them.
        heartbeat = setInterval(() => {
          for (const s of subscribers)
            if (s && s.ws.readyState === WebSocket.OPEN)
              s.ws.send(
                message.vsn === '2.0.0'
                  ? '[null,"h","phoenix","heartbeat",{}]'
                  : '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"h"}',
              );
        }, 20_000);
        const snapshots = subscribers.filter(Boolean).map((s) => s.snapshot);
        cpuAtConnect = process.cpuUsage();
        startedMs = monotonicMs();
        reply({
          type: 'connected',
          opened: snapshots.length,
          failed: failed.slice(0, 5).concat(failed.length > 5 ? [`… ${failed.length} in all`] : []),
          snapshotMin: Math.min(...snapshots),
          snapshotMax: Math.max(...snapshots),
          ms: monotonicMs() - started,
        });
      } else if (message.type === 'drain') {
        const started = monotonicMs();
        const done = () =>
          subscribers.every(
            (s) =>
              !s ||
              s.ws.readyState !== WebSocket.OPEN ||
              (s.last >= message.finalSequence && s.received >= message.finalSequence - s.snapshot + message.trades),
          );
        while (!done() && monotonicMs() - started < message.timeoutMs)
          await new Promise((resolve) => setTimeout(resolve, 20));
        reply({ type: 'drained', complete: done(), waitedMs: monotonicMs() - started });
      } else if (message.type === 'collect') {
        const cpu = process.cpuUsage(cpuAtConnect);
        const elapsed = monotonicMs() - startedMs;
        const live = subscribers.filter(Boolean);
        const missedBy = new Map<number, number>();
        const samples: number[] = [];
        const gather = <K>(
          expected: [K, number][],
          arrivals: Map<K, Float64Array>,
          snapshotOf: (s: Subscriber, key: K) => boolean,
        ) => {
          for (const [key, ackMs] of expected) {
            const at = arrivals.get(key);
            for (const s of live) {
              if (snapshotOf(s, key)) continue;
              const arrived = at?.[s.index];
              if (arrived === undefined || Number.isNaN(arrived))
                missedBy.set(s.index, (missedBy.get(s.index) ?? 0) + 1);
              else if (!Number.isNaN(ackMs)) samples.push(arrived - ackMs); // NaN: delivery checked, latency not attributed
            }
          }
        };
        gather(message.book, bookArrivals, (s, sequence) => sequence <= s.snapshot);
        const bookSamples = samples.length;
        gather(message.trades, tradeArrivals, () => false);
        const expectedBook = new Set(message.book.map(([sequence]) => sequence));
        const expectedTrades = new Set(message.trades.map(([id]) => id));
        let unexpected = 0;
        for (const [sequence, at] of bookArrivals)
          if (!expectedBook.has(sequence)) unexpected += at.filter((t) => !Number.isNaN(t)).length;
        for (const [id, at] of tradeArrivals)
          if (!expectedTrades.has(id)) unexpected += at.filter((t) => !Number.isNaN(t)).length;
        writeFileSync(message.samplesFile, Buffer.from(new Float64Array(samples).buffer));
        const received = live.map((s) => s.received);
        const expectedPerSubscriber = message.book.length + message.trades.length;
        reply({
          type: 'collected',
          stats: {
            subscribers: live.length,
            expectedPerSubscriber,
            receivedMin: Math.min(...received),
            receivedMax: Math.max(...received),
            missed: [...missedBy.values()].reduce((a, b) => a + b, 0),
            subscribersMissing: missedBy.size,
            gaps,
            unexpected,
            closed: [...closes.values()],
            bookSamples,
            tradeSamples: samples.length - bookSamples,
            clientCpuMs: (cpu.user + cpu.system) / 1000,
            clientElapsedMs: elapsed,
            framesReceived: frames,
          },
        });
      } else if (message.type === 'close') {
        clearInterval(heartbeat);
        for (const s of subscribers) s?.ws.close();
        setTimeout(() => process.exit(0), 500).unref();
        process.disconnect();
      }
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.send) run();
