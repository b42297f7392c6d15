import type { components } from '../../generated/types/trading.js';

type Schemas = components['schemas'];

/**
 * Events of committed transactions, as the live streams push them (issue 13): what changed in a
 * market (its trades, book, ticker, candles) and what changed for a user (orders, fills,
 * balances). Each carries its data already in the shape of the OpenAPI component the REST
 * endpoints answer with; the stream layer only frames it.
 */
export type MarketStreamName = 'market.ticker' | 'market.trades' | 'market.book' | 'market.candles';
export type UserStreamName = 'user.orders' | 'user.trades' | 'user.balances';
export type StreamName = MarketStreamName | UserStreamName;

/** A price level as an update carries it: what rests there now (quantity 0: the level is gone). */
export interface BookLevelChange {
  price: string;
  quantity: number;
  order_count: number;
}

/**
 * The levels of one market that a committed batch changed, best first on each side. Totals are
 * not carried (a change deep in the book would change every total behind it): a client adds them up.
 */
export interface BookUpdate {
  market_id: string;
  /** The market's book sequence after the change: one more than the update before, which may change nothing. */
  sequence: number;
  buy: BookLevelChange[];
  sell: BookLevelChange[];
}

/** The whole book at a sequence: what a `market.book` subscriber gets first. */
export type BookSnapshot = Schemas['OrderBook'] & { sequence: number };

export type BalanceUpdate =
  | { account_type: 'currency'; account: Schemas['CurrencyTradingAccount'] }
  | { account_type: 'trading'; account: Schemas['TradingAccount'] }
  | { account_type: 'consumption'; account: Schemas['ConsumptionAccount'] };

/** Which orders a trade matched: the one that rested on the book (maker) and the one that came in (taker). */
export interface TradeOrderIds {
  maker_order_id: string;
  taker_order_id: string;
}

export type MarketEvent =
  | { stream: 'market.ticker'; marketId: string; event: 'market_ticker'; data: Schemas['Ticker'] }
  | {
      stream: 'market.trades';
      marketId: string;
      event: 'new_trade';
      data: Schemas['MarketTrade'];
      orderIds: TradeOrderIds;
    }
  | { stream: 'market.book'; marketId: string; event: 'book_update'; data: BookUpdate }
  | {
      stream: 'market.candles';
      marketId: string;
      event: 'candle';
      data: Schemas['PriceHistory'] & { market_id: string; resolution: Schemas['PriceHistoryResolution'] };
    };

export type UserEvent =
  /** `tradingAccountId`: the user's trading account of the order's instrument, which the REST Order does not show. */
  | {
      stream: 'user.orders';
      userId: string;
      event: 'new_order' | 'order_update';
      data: Schemas['Order'];
      tradingAccountId: string;
    }
  /**
   * `restingPartially`: the fill left the user's resting order partly filled, which is also told on user.orders
   * (update_trade).
   */
  | {
      stream: 'user.trades';
      userId: string;
      event: 'new_trade';
      data: Schemas['Trade'];
      orderIds: TradeOrderIds;
      restingPartially: boolean;
    }
  | { stream: 'user.balances'; userId: string; event: 'balance_update'; data: BalanceUpdate };

/** Not pushed to anyone: a signing key was deleted, so the sessions it authenticated end at once. */
export interface SigningKeyDeleted {
  stream: 'control';
  event: 'signing_key_deleted';
  userId: string;
  fingerprint: string;
}

/** Not pushed to anyone: this process may have missed events (its listener reconnected); sessions start over. */
export interface EventsLost {
  stream: 'control';
  event: 'events_lost';
}

/**
 * Not pushed to anyone: ledger accounts changed in a committed transaction. A process with a
 * `user.balances` subscriber of the owner reads the account and pushes `balance_update`; the
 * writer reads nothing for it (it cannot know whether anyone, in any process, listens).
 */
export interface AccountsChanged {
  stream: 'control';
  event: 'accounts_changed';
  accountIds: string[];
}

export type StreamEvent = MarketEvent | UserEvent | SigningKeyDeleted | EventsLost | AccountsChanged;

/**
 * Events as payloads of at most `bytesMax` bytes each (a transport's limit), in order. An event
 * that does not fit alone is replaced by `events_lost`, which makes subscribers start over.
 */
export function encodeEvents(events: readonly StreamEvent[], bytesMax: number): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  const flush = () => {
    if (parts.length > 0) payloads.push(`[${parts.join(',')}]`);
    parts = [];
    bytes = 2;
  };
  for (const event of events) {
    let text = JSON.stringify(event);
    let size = Buffer.byteLength(text);
    if (size + 2 > bytesMax) {
      text = JSON.stringify({ stream: 'control', event: 'events_lost' } satisfies EventsLost);
      size = Buffer.byteLength(text);
    }
    if (bytes + size + 1 > bytesMax) flush();
    parts.push(text);
    bytes += size + 1;
  }
  flush();
  return payloads;
}

export const decodeEvents = (payload: string): StreamEvent[] => JSON.parse(payload) as StreamEvent[];

export type EventListener = (event: StreamEvent) => void;

/**
 * Where a process's stream sessions hear events: every event of every process, each once, in
 * commit order (on PostgreSQL through LISTEN/NOTIFY; on SQLite, one process, in memory).
 */
export interface EventHub {
  listen(listener: EventListener): () => void;
  /** A session of this process wants the subject, until the returned function is called (see LocalEventHub.want). */
  want(subject: string): () => void;
}

/** What routes an event to its subscribers: stream and market (and resolution for candles), or stream and user. */
export const marketSubject = (stream: string, marketId: string, resolution?: string): string =>
  resolution === undefined ? `${stream}|${marketId}` : `${stream}|${marketId}|${resolution}`;
export const userSubject = (stream: string, userId: string): string => `${stream}|${userId}`;

/**
 * The hub of one process. `deliver` hands events to the listeners; it is called with the events of
 * a transaction once it has committed (on SQLite by the writer, on PostgreSQL by the notification
 * listener), never before. A listener that throws is a bug in it; the others still hear the event.
 */
export class LocalEventHub implements EventHub {
  private readonly listeners = new Set<EventListener>();
  private readonly interest = new Map<string, number>();
  /** Subjects wanted, per stream (the part of the subject before its first `|`). */
  private readonly streams = new Map<string, number>();

  /**
   * Declares that a session of this process wants a subject (`marketSubject`, `userSubject`) until
   * the returned function is called: events derived on demand (tickers, candles, balances) are
   * read only while someone wants them.
   */
  want(subject: string): () => void {
    const stream = subject.split('|', 1)[0]!;
    if (!this.interest.has(subject)) this.streams.set(stream, (this.streams.get(stream) ?? 0) + 1);
    this.interest.set(subject, (this.interest.get(subject) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.interest.get(subject) ?? 1) - 1;
      if (left > 0) return void this.interest.set(subject, left);
      this.interest.delete(subject);
      const subjects = (this.streams.get(stream) ?? 1) - 1;
      if (subjects > 0) this.streams.set(stream, subjects);
      else this.streams.delete(stream);
    };
  }

  /** Whether any session of this process wants anything of `stream`. */
  wantsStream(stream: StreamName): boolean {
    return this.streams.has(stream);
  }

  /** Whether any session of this process wants anything at all: when none does, one process need not make events. */
  get wanted(): boolean {
    return this.interest.size > 0;
  }

  wants(subject: string): boolean {
    return this.interest.has(subject);
  }

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(events: readonly StreamEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // A listener's failure is its own: the event still reaches the others.
        }
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
