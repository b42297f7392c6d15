import type { IncomingHttpHeaders } from 'node:http';
import type { Metrics } from '../lib/metrics.js';
import { newSpanId, newTraceId, parseTraceparent, sampledFlag, type TraceContext } from '../lib/trace-context.js';
import type { Span, Tracer } from '../lib/tracer.js';

/**
 * A request's trace (issue 24 §2): the caller's `traceparent` honoured when valid (anything malformed starts a new
 * trace, never an error), the server span's id (sent back in `traceresponse`), and the server span itself when a
 * tracer records. Without one, a request costs two ids from a pooled random page and no span object.
 */
export interface RequestTrace {
  /** The server span's trace id, span id and flags: what `traceresponse` and every log line of the request carry. */
  context: TraceContext;
  span: Span | null;
}

export function startRequestTrace(headers: IncomingHttpHeaders, tracer: Tracer): RequestTrace {
  const parent = parseTraceparent(headers.traceparent) ?? undefined;
  const span = tracer.recording ? tracer.start('HTTP', { kind: 'server', parent }) : null;
  if (span !== null) return { context: span.context, span };
  return {
    context: {
      traceId: parent?.traceId ?? newTraceId(),
      spanId: newSpanId(),
      // A trace of our own is not sampled when nothing records it; a caller's keeps its decision.
      flags: parent === undefined ? 0 : parent.flags & sampledFlag,
    },
    span: null,
  };
}

/** How a request ended, as its server span and the HTTP metrics read it. */
interface RequestEnd {
  method: string;
  path: string;
  status: number;
  /** The operationId, `page` for the platform host's pages, or `not_found`. */
  operation: string;
  /** The operation's path template (`/v1/orders/{order_id}`), when it was routed to one. */
  route: string | undefined;
}

/** The server span named and described as the HTTP semantic conventions say, then ended. */
export function endRequestSpan(span: Span, end: RequestEnd): void {
  span.setName(end.route === undefined ? end.method : `${end.method} ${end.route}`);
  span.setAttributes({
    'http.request.method': end.method,
    'url.path': end.path,
    'http.response.status_code': end.status,
    ...(end.route !== undefined && { 'http.route': end.route }),
  });
  if (end.status >= 500) span.fail(`HTTP ${end.status}`, String(end.status));
  span.end();
}

/** Methods kept as sent; any other is `_OTHER`, as the HTTP semantic conventions say, so a client cannot add labels. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);

interface Observer {
  observe(value: number): void;
}

/**
 * One host's HTTP instruments (lib/metrics.ts): the duration histogram's children by operation, method and status
 * class, made on first use and kept (their labels are bounded: the document's operations), and the active-requests
 * gauge's child, so that a request costs no label objects.
 */
export class HostRequestMetrics {
  private readonly durations = new Map<string, Map<string, Observer[]>>();
  private readonly active: { inc(): void; dec(): void };

  constructor(
    private readonly metrics: Metrics,
    private readonly host: string,
  ) {
    this.active = metrics.httpActiveRequests.labels(host);
  }

  started(): void {
    this.active.inc();
  }

  finished(operation: string, method: string, status: number, seconds: number): void {
    this.active.dec();
    const statusClass = Math.min(5, Math.max(1, Math.floor(status / 100)));
    this.observerOf(operation, knownMethods.has(method) ? method : '_OTHER', statusClass).observe(seconds);
  }

  private observerOf(operation: string, method: string, statusClass: number): Observer {
    let byMethod = this.durations.get(operation);
    if (byMethod === undefined) this.durations.set(operation, (byMethod = new Map<string, Observer[]>()));
    let byClass = byMethod.get(method);
    if (byClass === undefined) byMethod.set(method, (byClass = []));
    return (byClass[statusClass] ??= this.metrics.httpRequestDuration.labels({
      host: this.host,
      operation,
      method,
      status_class: `${statusClass}xx`,
    }));
  }
}
