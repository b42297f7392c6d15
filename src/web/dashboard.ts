import type Koa from 'koa';
import type { Services } from '../services.js';

/** The dashboard: server-rendered pages on the platform host (issue 3). */
export function dashboard(_services: Services): Koa.Middleware {
  return async (_ctx, next) => next();
}
