import type { TraceContext } from './trace-context.js';

/**
 * Spans as mkt makes them: with explicit parents and links, never through a global context. The composition root picks
 * the tracer: `noTracer` unless an OTLP endpoint is set (then app/tracing.ts's, over the OpenTelemetry SDK, which no
 * other module imports). `noTracer` makes no span objects: callers test `recording` or get null.
 */

export type SpanKind = 'server' | 'client' | 'internal';
export type AttributeValue = string | number | boolean | string[];
export type Attributes = Record<string, AttributeValue>;

export interface SpanStart {
  kind: SpanKind;
  /** The parent span (a caller's, or one of ours); none: the span starts a trace. */
  parent: TraceContext | undefined;
  /** Spans this one serves besides its parent (a group commit serves many requests). */
  links?: readonly TraceContext[];
  attributes?: Attributes;
}

export interface Span {
  /** This span's trace id, span id and flags: what a `traceparent` naming it carries. */
  readonly context: TraceContext;
  setName(name: string): void;
  setAttributes(attributes: Attributes): void;
  /** Marks the span failed: its status ERROR, `error.type`, and the error as an exception event. */
  fail(error: unknown, type: string): void;
  end(): void;
}

export interface Tracer {
  /** False: spans are neither made nor exported, and callers skip building what only a span would read. */
  readonly recording: boolean;
  /** A started span, or null when this tracer records nothing. */
  start(name: string, start: SpanStart): Span | null;
  /** Exports what is still buffered and stops. */
  shutdown(): Promise<void>;
}

export const noTracer: Tracer = {
  recording: false,
  start: () => null,
  shutdown: () => Promise.resolve(),
};

/** Runs `step` in a child span of `parent` named `name` (ended however `step` ends); without a tracer, just `step`. */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  parent: TraceContext | undefined,
  step: () => Promise<T>,
): Promise<T> {
  if (!tracer.recording) return step();
  const span = tracer.start(name, { kind: 'internal', parent });
  try {
    return await step();
  } catch (error) {
    span?.fail(error, errorTypeOf(error));
    throw error;
  } finally {
    span?.end();
  }
}

/** `error.type` as the semantic conventions want it: a failure's code, else the error's class name. */
export function errorTypeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    if ('code' in error && typeof error.code === 'string') return error.code;
    if (error instanceof Error) return error.name;
  }
  return 'error';
}

/**
 * A span for work done for many requests at once (a group commit): the child of the first request's span, linked to
 * each other request's, so every request's trace leads to it. Null without a tracer, or when no request asked.
 */
export function startGroupSpan(
  tracer: Tracer,
  name: string,
  requests: readonly (TraceContext | undefined)[],
  attributes: Attributes,
): Span | null {
  if (!tracer.recording) return null;
  const traces = requests.filter((request) => request !== undefined);
  const [parent, ...others] = traces;
  const links = others.filter((other, i) => others.findIndex((o) => o.spanId === other.spanId) === i);
  return tracer.start(name, { kind: 'internal', parent, links, attributes });
}

/** A group span, started once the group is known (inside the work it spans). */
export interface GroupSpan {
  span: Span | null;
}

/** `then`'s two callbacks that end a group span when its work settles: failed, with the error passed on, if it threw. */
export function groupSpanEnds(group: GroupSpan): [() => void, (error: unknown) => never] {
  return [
    () => group.span?.end(),
    (error: unknown) => {
      group.span?.fail(error, errorTypeOf(error));
      group.span?.end();
      throw error;
    },
  ];
}
