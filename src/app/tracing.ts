import type * as OtelApi from '@opentelemetry/api';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { noTracer, type Attributes, type Span, type SpanKind, type SpanStart, type Tracer } from '../lib/tracer.js';
import type { TraceContext } from '../lib/trace-context.js';

/**
 * Span export over OTLP/HTTP (JSON) with the OpenTelemetry SDK, when an endpoint is set (config.otlpTracesUrl). The
 * SDK is loaded here and only here, by dynamic import, so a process that exports nothing never loads it; lib/tracer.ts
 * is what the rest of mkt sees. Spans take their parents explicitly (`trace.setSpanContext(ROOT_CONTEXT, parent)`): no
 * global context manager.
 */

interface TracingOptions {
  /** Where spans go: the OTLP/HTTP traces URL (`…/v1/traces`); unset, nothing is exported or loaded. */
  url: string | undefined;
  /** How long the batch processor gathers spans before an export (OTEL_BSP_SCHEDULE_DELAY, 5000 by default). */
  scheduleDelayMs: number;
}

/** The tracer of this process: the SDK's when `url` is set, else one that makes nothing. */
export async function startTracing(options: TracingOptions): Promise<Tracer> {
  if (options.url === undefined) return noTracer;
  const [api, sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': 'mkt' }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new otlp.OTLPTraceExporter({ url: options.url }),
        scheduledDelayMillis: options.scheduleDelayMs,
      }),
    ],
  });
  return new OtelTracer(api, provider);
}

const kinds = (api: typeof OtelApi): Record<SpanKind, OtelApi.SpanKind> => ({
  server: api.SpanKind.SERVER,
  client: api.SpanKind.CLIENT,
  internal: api.SpanKind.INTERNAL,
});

/** lib/tracer.ts's Tracer over the SDK's. */
class OtelTracer implements Tracer {
  readonly recording = true;
  private readonly tracer: OtelApi.Tracer;
  private readonly kinds: Record<SpanKind, OtelApi.SpanKind>;

  constructor(
    private readonly api: typeof OtelApi,
    private readonly provider: TracerProvider,
  ) {
    this.tracer = provider.getTracer('mkt');
    this.kinds = kinds(api);
  }

  start(name: string, start: SpanStart): Span {
    const { api } = this;
    const parent =
      start.parent === undefined
        ? api.ROOT_CONTEXT
        : api.trace.setSpanContext(api.ROOT_CONTEXT, this.spanContextOf(start.parent));
    const links = start.links?.map((link) => ({ context: this.spanContextOf(link) }));
    const span = this.tracer.startSpan(
      name,
      {
        kind: this.kinds[start.kind],
        ...(links && { links }),
        ...(start.attributes && { attributes: start.attributes }),
      },
      parent,
    );
    return new OtelSpan(api, span);
  }

  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }

  private spanContextOf(context: TraceContext): OtelApi.SpanContext {
    return { traceId: context.traceId, spanId: context.spanId, traceFlags: context.flags };
  }
}

class OtelSpan implements Span {
  readonly context: TraceContext;

  constructor(
    private readonly api: typeof OtelApi,
    private readonly span: OtelApi.Span,
  ) {
    const { traceId, spanId, traceFlags } = span.spanContext();
    this.context = { traceId, spanId, flags: traceFlags };
  }

  setName(name: string): void {
    this.span.updateName(name);
  }

  setAttributes(attributes: Attributes): void {
    this.span.setAttributes(attributes);
  }

  fail(error: unknown, type: string): void {
    const message = error instanceof Error ? error.message : String(error);
    this.span.setAttribute('error.type', type);
    this.span.setStatus({ code: this.api.SpanStatusCode.ERROR, message });
    this.span.recordException(error instanceof Error ? error : message);
  }

  end(): void {
    this.span.end();
  }
}
