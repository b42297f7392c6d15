import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { clientAddressOf } from '../lib/client-address.js';
import { newRequestId } from '../lib/ids.js';
import type { ApiRequest, Principal } from './types.js';

/** A request's exchange as Koa holds it: the request, its response, and the ids the edge keeps on its state. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  state: { requestId: string; mktRequestId?: string };
}

/** The parts of a request the edge has read, validated and authenticated before its handler runs. */
interface CheckedParts {
  operationId: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  rawBody: Buffer;
  principal: Principal | null;
}

/**
 * A request as its handler reads it. What most handlers never read is made on first reading: the abort signal (an
 * AbortController and a `close` listener per request), the client's address, and this server's own request id on
 * hosts that do not send it.
 */
export class EdgeRequest implements ApiRequest {
  readonly operationId: string;
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly rawBody: Buffer;
  readonly headers: IncomingHttpHeaders;
  readonly principal: Principal | null;
  readonly requestId: string;
  private readonly exchange: Exchange;
  private abortSignal: AbortSignal | undefined;

  constructor(exchange: Exchange, parts: CheckedParts) {
    this.operationId = parts.operationId;
    this.params = parts.params;
    this.query = parts.query;
    this.body = parts.body;
    this.rawBody = parts.rawBody;
    this.headers = exchange.req.headers;
    this.principal = parts.principal;
    this.requestId = exchange.state.requestId;
    this.exchange = exchange;
  }

  get clientAddress(): string {
    return clientAddressOf(this.exchange.req);
  }

  get mktRequestId(): string {
    this.exchange.state.mktRequestId ??= newRequestId();
    return this.exchange.state.mktRequestId;
  }

  get signal(): AbortSignal {
    this.abortSignal ??= abortedOnClose(this.exchange);
    return this.abortSignal;
  }
}

/**
 * Aborts when the client goes away before the response is written. Watched on the response, not the request: on Node 20
 * the request's `close` fires once its body has been read, before any handler runs, so it never says the client left.
 * A client that left before this is first read (while the body was parsed or the caller authenticated) is already
 * gone: the signal starts aborted.
 */
function abortedOnClose({ req, res }: Exchange): AbortSignal {
  const abort = new AbortController();
  const clientGone = () => {
    if (!res.writableFinished) abort.abort(new ClientGone());
  };
  if (res.destroyed || req.socket.destroyed) clientGone();
  else res.once('close', clientGone);
  return abort.signal;
}

/** The reason of a request's abort signal when its client went away: the caller's own leaving, no supplier's fault. */
class ClientGone extends Error {
  override name = 'ClientGone';
  constructor() {
    super('the client closed the connection before the response was written');
  }
}
