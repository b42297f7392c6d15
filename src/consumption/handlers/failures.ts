import type { FailureTable } from '../../lib/failure.js';

/**
 * The consumption surface's one failure table: every failure code its services raise (and every core code
 * it answers differently from src/http/failures.ts), with the HTTP status and ErrorCode a client sees.
 */
export const consumptionFailures: FailureTable<never> = {};
