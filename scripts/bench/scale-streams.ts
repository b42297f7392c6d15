import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/knex.js';
import type { FromSubscribers, ToSubscribers } from './stream-subscribers.js';

/**
 * bench-scale's stream subscribers: scripts/bench/stream-subscribers.ts in one forked process per mkt process, each
 * connected to its process's trading host, and the delivery of the watched market's trades to all of them.
 */
const subscribersScript = fileURLToPath(new URL('./stream-subscribers.js', import.meta.url));
/** The server allows 50 sockets per remote address (src/streams/limits.ts): 40 per loopback address. */
const perAddress = 40;

export function ask<T extends FromSubscribers['type']>(
  child: ChildProcess,
  message: ToSubscribers,
  answer: T,
): Promise<Extract<FromSubscribers, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: FromSubscribers) => {
      if (reply.type !== answer) return;
      child.off('message', onMessage);
      resolve(reply as Extract<FromSubscribers, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`subscriber process exited ${code} before ${answer}`)));
    child.send(message);
  });
}

export async function connectSubscribers(
  tradingUrls: readonly string[],
  marketId: string,
  subscribersTotal: number,
): Promise<ChildProcess[]> {
  let firstAddress = 2;
  return Promise.all(
    tradingUrls.map(async (tradingUrl, i) => {
      const count =
        Math.floor(subscribersTotal / tradingUrls.length) + (i < subscribersTotal % tradingUrls.length ? 1 : 0);
      const child = fork(subscribersScript, [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      const from = firstAddress;
      firstAddress += Math.ceil(count / perAddress);
      const connected = await ask(
        child,
        {
          type: 'connect',
          url: tradingUrl,
          count,
          vsn: '2.0.0',
          marketId,
          firstAddress: from,
          perAddress,
          parallel: 25,
        },
        'connected',
      );
      if (connected.opened !== count)
        throw new Error(`subscribers: ${connected.opened} of ${count} opened: ${connected.failed.join('; ')}`);
      return child;
    }),
  );
}

/** Trade delivery (new_trade at each subscriber, from its taker order's 201), in ms; and events missed. */
export async function deliveries(
  db: Db,
  children: readonly ChildProcess[],
  marketId: string,
  acks: Map<string, number>,
  scratch: string,
): Promise<{ samplesMs: number[]; missed: number; trades: number }> {
  const finalSequence = Number(
    ((await db('market_books').where('market_id', marketId).first('version')) as { version: number | string }).version,
  );
  const trades = (await db('trades')
    .where('market_id', marketId)
    .whereIn('taker_order_id', [...acks.keys()])
    .select('id', 'taker_order_id')) as { id: string; taker_order_id: string }[];
  const allTrades = Number(
    ((await db('trades').where('market_id', marketId).count({ n: '*' }).first()) as { n: number | string }).n,
  );
  await Promise.all(
    children.map((c) => ask(c, { type: 'drain', finalSequence, trades: allTrades, timeoutMs: 15_000 }, 'drained')),
  );
  const samplesMs: number[] = [];
  let missed = 0;
  for (const [i, child] of children.entries()) {
    const samplesFile = `${scratch}/samples-${i}.f64`;
    const tradeAcks: [string, number][] = trades.map((t) => [t.id, acks.get(t.taker_order_id) ?? NaN]);
    const { stats } = await ask(child, { type: 'collect', book: [], trades: tradeAcks, samplesFile }, 'collected');
    missed += stats.missed;
    const bytes = readFileSync(samplesFile);
    samplesMs.push(...new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8));
  }
  return { samplesMs, missed, trades: trades.length };
}
