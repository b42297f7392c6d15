import type Koa from 'koa';
import { findSession, sessionCookieName } from '../core/accounts.js';
import { readerFor, type ReadReplica } from '../db/read-replica.js';
import { recordFenceOrFallBack } from './read-routing.js';
import type { Services } from './services.js';

/**
 * DATABASE_READ_URL for the dashboard (src/web/dashboard.ts): its list pages read from the replica as the API's
 * read-only operations do, and every form post leaves its user's read fence — the signed-in user's, or after a sign-up
 * or log-in the new session's — so that the pages that follow show what the post did, and the replica is only asked
 * about a session it has replayed. Without a replica, the dashboard as it is.
 */

/** The dashboard's list pages: activity the user reads, never a page a form's decision depends on. */
const replicaPages: ReadonlySet<string> = new Set(['/usage', '/orders', '/orders/history', '/trades']);

const apiPath = /^\/(v1|api)\//;

interface PageRouting {
  services: Services;
  onPrimary: Koa.Middleware;
  onReplica: Koa.Middleware;
}

/** The dashboard made by `page` twice, over the primary and over the replica, and which serves each request. */
export function routePageReads(services: Services, page: (deps: Services) => Koa.Middleware): Koa.Middleware {
  const onPrimary = page(services);
  const replica = services.readReplica;
  if (replica === undefined) return onPrimary;
  const routing: PageRouting = { services, onPrimary, onReplica: page({ ...services, db: replica.replica }) };
  return (ctx, next) => servePage(routing, ctx, next);
}

async function servePage(routing: PageRouting, ctx: Koa.Context, next: Koa.Next): Promise<void> {
  const { services, onPrimary } = routing;
  const replica = services.readReplica;
  const reading = (ctx.method === 'GET' || ctx.method === 'HEAD') && replicaPages.has(ctx.path);
  // The API's operations behind the dashboard on the platform host are routed and fenced by read-routing.ts.
  const posting = ctx.method === 'POST' && !apiPath.test(ctx.path);
  if (replica === undefined || (!reading && !posting)) {
    await onPrimary(ctx, next);
    return;
  }
  const userId = await sessionUser(services, ctx.cookies.get(sessionCookieName));
  const nowMs = services.clock.nowUs() / 1000;
  if (reading) {
    await (
      await pageFor(routing, replica, userId, nowMs)
    )(ctx, next);
    return;
  }
  try {
    await onPrimary(ctx, next);
  } finally {
    const writer = userId ?? (await sessionUser(services, sessionSetBy(ctx)));
    if (writer !== undefined) await recordFenceOrFallBack(replica, writer, nowMs, services.logger);
  }
}

/**
 * The replica's pages when `readerFor` allows. No live session on the primary: the page sends the visitor to log in,
 * and a replica behind a log-out must not show the session's pages meanwhile.
 */
async function pageFor(
  routing: PageRouting,
  replica: ReadReplica,
  userId: string | undefined,
  nowMs: number,
): Promise<Koa.Middleware> {
  if (userId === undefined) return routing.onPrimary;
  return (await readerFor(replica, userId, nowMs)) === replica.replica ? routing.onReplica : routing.onPrimary;
}

async function sessionUser(services: Services, rawSessionId: string | undefined): Promise<string | undefined> {
  if (rawSessionId === undefined || rawSessionId === '') return undefined;
  return (await findSession(services, rawSessionId))?.user.id;
}

/** The session cookie a sign-up or log-in just set, from the response's Set-Cookie lines. */
function sessionSetBy(ctx: Koa.Context): string | undefined {
  const lines: unknown = ctx.response.headers['set-cookie'];
  if (!Array.isArray(lines)) return undefined;
  const prefix = `${sessionCookieName}=`;
  for (const line of lines)
    if (typeof line === 'string' && line.startsWith(prefix)) return line.slice(prefix.length).split(';')[0];
  return undefined;
}
