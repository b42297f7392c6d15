import { logUnavailable, unavailableFailure, unavailableRetryAfterSeconds } from '../db/unavailable.js';
import type { Logger } from '../lib/logger.js';
import { error, type Reply } from './replies.js';

/**
 * The reply to a frame whose handling threw: while the database is unavailable (an `authenticate` cannot check its
 * credential) the AsyncAPI document's `service_unavailable` with `retry_after`, logged as a warning; anything else is a
 * bug, logged as an error and answered `internal_error`. Either way the socket stays open.
 */
export function frameFailureReply(logger: Logger, failure: unknown, event: string): Reply {
  const unavailable = unavailableFailure(failure);
  if (unavailable !== undefined) {
    logUnavailable(logger, failure, { event });
    return error('service_unavailable', unavailable.detail, { retry_after: unavailableRetryAfterSeconds });
  }
  logger.error({ err: failure, event }, 'stream frame failed');
  return error('internal_error', 'The server could not answer this frame; try again.');
}
