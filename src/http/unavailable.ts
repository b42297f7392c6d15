import { logUnavailable, unavailableFailure } from '../db/unavailable.js';
import type { Logger } from '../lib/logger.js';

/**
 * An error of an unavailable database as the edge answers it: the `service_unavailable` failure (503 with
 * `Retry-After` in the core's table), logged as a warning that names the driver's cause: an outage an operator
 * expects, not a bug. Any other error is given back as it came.
 */
export function unavailableOr(error: unknown, logger: Logger, requestId: string | undefined): unknown {
  const failure = unavailableFailure(error);
  if (failure === undefined) return error;
  logUnavailable(logger, error, { request_id: requestId });
  return failure;
}
