import { Failure } from '../lib/failure.js';
import type { Logger } from '../lib/logger.js';

/**
 * Whether a thrown error says the database is unavailable (restarting, its connections cut or
 * terminated, out of connections, locked past the busy timeout) rather than that the request or the
 * code is wrong. The one place that knows the drivers' words for it: every host's error boundary
 * answers such an error `503 service_unavailable` with `Retry-After` (src/http/unavailable.ts), not a
 * 500, and logs it as a warning naming the cause.
 */
interface DatabaseUnavailable {
  /** The driver's word for it, for the operator: `ECONNREFUSED`, `57P01`, `SQLITE_BUSY`, `connection terminated`. */
  cause: string;
  /**
   * The failure came while a transaction's COMMIT was on its way (or its answer was): its changes may be durable. The
   * client's retry with the same `client_order_id` or `Idempotency-Key` answers the first result.
   */
  mayHaveCommitted: boolean;
}

/**
 * Node's socket errors on the way to the server (pg connects over TCP or a Unix socket). Not ECONNABORTED: raw-body
 * gives it to a request whose client left before sending its body.
 */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve now: class 08 (connection exceptions), 57P01–57P03
 * (terminated by an administrator, a crash of another backend, cannot connect now: starting up or shutting down),
 * and the insufficient resources of class 53 (too many connections, disk full, out of memory).
 */
const postgresStates = new Set(['57P01', '57P02', '57P03', '53000', '53100', '53200', '53300']);
const connectionExceptionClass = /^08[0-9A-Z]{3}$/;

/**
 * SQLite's result codes of a database another connection holds past the busy timeout, or a file it cannot read or
 * write (extended codes carry a suffix: `SQLITE_BUSY_SNAPSHOT`, `SQLITE_IOERR_WRITE`).
 */
const sqlitePrefixes = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_CANTOPEN'];

/** pg's and knex's messages for a connection lost or never had, which carry no code. */
const messagePatterns: readonly [RegExp, string][] = [
  [/Connection terminated/i, 'connection terminated'],
  [/Client has encountered a connection error/i, 'connection error'],
  [/timeout exceeded when trying to connect/i, 'connect timeout'],
  [/Timeout acquiring a connection/i, 'pool acquire timeout'],
  [/the database system is (starting up|shutting down|in recovery mode)/i, 'database starting or stopping'],
  [/terminating connection due to administrator command/i, 'terminated by an administrator'],
];

/** Errors whose failure came at a COMMIT (src/db/group-commit.ts marks them): a transaction that may be durable. */
const commitFailures = new WeakSet<object>();

/** Marks `error` as thrown by a transaction's COMMIT, so that its answer says the changes may have been applied. */
export function markCommitFailure(error: unknown): void {
  if (typeof error === 'object' && error !== null) commitFailures.add(error);
}

/** knex prefixes a query's error with its SQL: its transactions' COMMIT is `COMMIT;`. */
const knexCommitPrefix = /^COMMIT;? - /;

/** The unavailability `error` reports, or undefined when it reports none (a bug, a constraint, bad input). */
export function databaseUnavailability(error: unknown): DatabaseUnavailable | undefined {
  const cause = causeOf(error, 0);
  if (cause === undefined) return undefined;
  return { cause, mayHaveCommitted: committing(error) };
}

function committing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (commitFailures.has(error)) return true;
  return error instanceof Error && knexCommitPrefix.test(error.message);
}

/** How deep AggregateError's `errors` are followed (Node's connect to several addresses nests one level). */
const nestingMax = 2;

function causeOf(error: unknown, depth: number): string | undefined {
  if (typeof error !== 'object' || error === null || depth > nestingMax) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    const known = codeCause(code);
    if (known !== undefined) return known;
  }
  if (error instanceof Error) {
    const matched = messagePatterns.find(([pattern]) => pattern.test(error.message));
    if (matched !== undefined) return matched[1];
  }
  const nested: unknown[] = 'errors' in error && Array.isArray(error.errors) ? error.errors : [];
  for (const inner of nested) {
    const found = causeOf(inner, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function codeCause(code: string): string | undefined {
  if (socketCodes.has(code) || postgresStates.has(code) || connectionExceptionClass.test(code)) return code;
  if (sqlitePrefixes.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return code;
  return undefined;
}

/** The failure code every surface answers an unavailable database with (503 in the core's table, src/http/failures.ts). */
export type UnavailableFailure = 'service_unavailable';

/** How long a client should wait before retrying: a restarted or reconnected database serves again within seconds. */
export const unavailableRetryAfterSeconds = 1;

/** What the client reads: the service is briefly unavailable, and whether its request may have been applied. */
function unavailableDetail(unavailable: DatabaseUnavailable): string {
  const wait = `Retry in ${unavailableRetryAfterSeconds} second, with backoff.`;
  if (!unavailable.mayHaveCommitted)
    return `The service is briefly unavailable: its database cannot be reached right now. ${wait}`;
  return (
    'The service is briefly unavailable: its database connection dropped while this request was being committed, ' +
    `so its changes may have been applied. ${wait} Retry with the same client_order_id or Idempotency-Key: ` +
    'a retry of a request that was applied answers with its first result (an order: 422 duplicate_client_order_id ' +
    'naming it) and is not applied twice.'
  );
}

/** The failure an unavailable database is answered with, or undefined when `error` reports none. */
export function unavailableFailure(error: unknown): Failure<UnavailableFailure> | undefined {
  const unavailable = databaseUnavailability(error);
  if (unavailable === undefined) return undefined;
  return new Failure('service_unavailable', unavailableDetail(unavailable), {
    headers: { 'retry-after': String(unavailableRetryAfterSeconds) },
    context: { may_have_committed: unavailable.mayHaveCommitted },
  });
}

/**
 * The one log line of a request, frame or page refused because the database was unavailable: a warning naming the
 * driver's cause (an outage an operator expects and the service recovers from by itself), not an error.
 */
export function logUnavailable(
  logger: Logger,
  error: unknown,
  fields: Record<string, unknown>,
  message = 'database unavailable: answered service_unavailable',
): void {
  const unavailable = databaseUnavailability(error);
  logger.warn(
    {
      ...fields,
      cause: unavailable?.cause,
      may_have_committed: unavailable?.mayHaveCommitted,
      reason: error instanceof Error ? error.message : String(error),
    },
    message,
  );
}

/**
 * A background job's failure: a warning when the database was unavailable (the job's next run tries again once it is
 * back, as it always does), an error for anything else.
 */
export function logJobFailure(logger: Logger, error: unknown, fields: Record<string, unknown>, message: string): void {
  if (databaseUnavailability(error) === undefined) logger.error({ ...fields, err: error }, message);
  else logUnavailable(logger, error, fields, `database unavailable: ${message}; the next run tries again`);
}
