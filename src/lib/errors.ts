import type { components } from '../../generated/types/trading.js';

export type ErrorCode = components['schemas']['ErrorCode'];

/**
 * An error a client may see: it carries its HTTP status, a code from the documents' ErrorCode enum,
 * a detail that says how to fix the request, and optional context. Anything thrown that is not an
 * ApiError is a bug and reaches the client as a bare 500.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly context: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    detail: string,
    options: { context?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.context = options.context;
    this.headers = options.headers ?? {};
  }

  get detail(): string {
    return this.message;
  }
}

/** An instrument id that names nothing: the one wording of every service that looks one up. */
export const unknownInstrumentDetail = (id: string): string =>
  `No instrument with id ${id}. Use the instrument_id of GET /v1/instruments, not the symbol.`;

export interface ValidationIssue {
  path: string;
  message: string;
  value: unknown;
}

/**
 * A request that fails validation (422): its operation's schema, or a rule the schema cannot
 * express. The HTTP layer renders it in the operation's shape (the envelope, or the chat list).
 */
export class RequestValidationError extends Error {
  /** `context` adds facts beside the issues (a batch's `index` of the first bad item). */
  constructor(
    readonly issues: ValidationIssue[],
    readonly context: Record<string, unknown> = {},
  ) {
    super(issues.map((i) => `${i.path} ${i.message}`).join('; '));
    this.name = 'RequestValidationError';
  }
}
