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
