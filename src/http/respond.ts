import { ApiError } from '../lib/errors.js';
import type { ApiResponse } from './types.js';

export const ok = <Body>(body: Body, headers?: Record<string, string | number>): ApiResponse<Body> => ({
  status: 200,
  body,
  headers,
});
export const created = <Body>(body: Body, headers?: Record<string, string | number>): ApiResponse<Body> => ({
  status: 201,
  body,
  headers,
});
export const noContent = (): ApiResponse<undefined> => ({ status: 204 });

/** The handler of an operation whose issue has not landed: 501 in the error envelope, after authentication. */
const notImplemented = (what: string) => async (): Promise<never> => {
  throw new ApiError(501, 'not_implemented', `${what} is not implemented yet on this server.`);
};
