import type { ErrorCode } from './errors.js';

/**
 * An expected failure of a service below the edge: a code from the closed set of the module that
 * raises it (each module exports its set as a union type, e.g. `IdentityFailure`), what went wrong
 * and how to fix it, and optional context and headers. It carries no HTTP status: the surface that
 * called the service maps the code in its one table beside its handlers
 * (`src/<surface>/handlers/failures.ts`), and the core's codes in `src/http/failures.ts`; the edge
 * renders the result. A code no table knows is a bug, answered as a 500.
 *
 * Where a caller inside mkt must tell failures apart (a cancel's outcome, an auto-buy's), the
 * service returns its code as a value instead, so nobody catches and matches another module's codes.
 */
export class Failure<Code extends string = string> extends Error {
  readonly code: Code;
  readonly context: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: Code,
    detail: string,
    options: { context?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'Failure';
    this.code = code;
    this.context = options.context;
    this.headers = options.headers ?? {};
  }

  get detail(): string {
    return this.message;
  }
}

/** What a client sees of one failure code: the HTTP status and the documents' ErrorCode. */
export interface FailureHttp {
  status: number;
  error: ErrorCode;
}

/** A surface's table: every code it may meet, mapped once. `Record` makes a missing code a compile error. */
export type FailureTable<Code extends string> = Readonly<Record<Code, FailureHttp>>;
