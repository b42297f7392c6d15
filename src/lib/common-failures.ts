import { Failure } from './failure.js';

/**
 * The two failures every module may raise about its input: a thing that is not there (404
 * not_found) and a value no rule lets through (422 validation_error). Each is mapped once, in the
 * core's table at the edge (src/http/failures.ts); their codes are the documents' own, so the
 * command line, which prints a failure's code, shows what it always did.
 */
export type CommonFailure = 'not_found' | 'validation_error';

export const notFoundFailure = (what: string, id: string): Failure<'not_found'> =>
  new Failure('not_found', `No ${what} with id ${id}.`);

export const validationFailure = (detail: string, context?: Record<string, unknown>): Failure<'validation_error'> =>
  new Failure('validation_error', detail, { context });
