import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { textRefusal } from '../lib/text.js';
import { safeDecodeURIComponent } from '../lib/uri.js';
import { findSession, sessionCookieName } from '../core/accounts.js';
import type { WebDeps } from './deps.js';
import { csrfTokenFor, csrfTokenValid } from './csrf.js';
import { refusalOf } from './failures.js';
import { logUnavailable, unavailableFailure } from '../db/unavailable.js';
import { html } from './html.js';
import { layout, notice, stylesheetHash } from './layout.js';
import {
  saveAutoBuyMaxPrice,
  saveAutoTopUp,
  saveSelfTradePrevention,
  setAccountMode,
  showAccount,
} from './pages/account.js';
import { showBalances } from './pages/balances.js';
import { saveAutoReload, showAutoReload } from './pages/auto-reload.js';
import { revokeDevice, showDevices } from './pages/devices.js';
import { cancelOrder, showOpenOrders, showOrderHistory } from './pages/orders.js';
import { showTrades } from './pages/trades.js';
import { showUsage } from './pages/usage.js';
import { approveDevice, denyDevice, showDevice } from './pages/device.js';
import {
  addPayoutDestination,
  cancelPayoutWithdrawal,
  removePayoutDestination,
  withdrawFunds,
} from './pages/withdraw.js';
import { addFunds, showFunds } from './pages/funds.js';
import { showHome } from './pages/home.js';
import { placeMarketOrder, showMarket, showMarkets } from './pages/markets.js';
import {
  deleteEndpoint,
  registerEndpoint,
  setEndpointStatus,
  showEndpoints,
  startQualification,
} from './pages/endpoints.js';
import { showQualification } from './pages/qualification.js';
import { showScorecard } from './pages/scorecard.js';
import { showSupply } from './pages/supply.js';
import {
  createApiKey,
  createSigningKey,
  deleteApiKey,
  deleteSigningKey,
  saveApiKeyLimits,
  showApiKeyLimits,
  showApiKeys,
  showSigningKeys,
} from './pages/keys.js';
import {
  logIn,
  logOut,
  resendVerification,
  showLogIn,
  showLogOut,
  showSignUp,
  signUp,
  verifyEmail,
} from './pages/sign-in.js';
import { acceptTerms, showTerms } from './pages/terms.js';
import {
  firstValues,
  withQuery,
  type MemberRequest,
  type PageRequest,
  type PageResult,
  type Viewer,
} from './request.js';

/**
 * The dashboard: server-rendered pages on the platform host, beside the API (DESIGN.md §6). Plain
 * HTML forms, no JavaScript. The path of a request, in order: route → session → form → CSRF (POST)
 * → sign-in required? → account active (POST)? → page. Paths not listed here go on to the API router.
 */
type Access =
  | { access: 'public'; handle(request: PageRequest): Promise<PageResult> }
  | {
      access: 'member';
      handle(request: MemberRequest): Promise<PageResult>;
      /** Allowed to an inactive account (POST only). */ whenInactive?: boolean;
    };

type Route = {
  method: 'GET' | 'POST';
  path: string;
  /** The page runs the platform host's own script and opens the trading host's streams (the market page). */
  live?: boolean;
} & Access;

const routes: Route[] = [
  { method: 'GET', path: '/', access: 'public', handle: showHome },
  { method: 'GET', path: '/signup', access: 'public', handle: showSignUp },
  { method: 'POST', path: '/signup', access: 'public', handle: signUp },
  { method: 'GET', path: '/login', access: 'public', handle: showLogIn },
  { method: 'POST', path: '/login', access: 'public', handle: logIn },
  { method: 'GET', path: '/logout', access: 'public', handle: showLogOut },
  { method: 'POST', path: '/logout', access: 'member', handle: logOut, whenInactive: true },
  { method: 'GET', path: '/verify-email', access: 'public', handle: verifyEmail },
  { method: 'POST', path: '/verify-email/resend', access: 'member', handle: resendVerification },
  { method: 'GET', path: '/terms', access: 'public', handle: showTerms },
  { method: 'POST', path: '/terms', access: 'member', handle: acceptTerms },
  { method: 'GET', path: '/device', access: 'member', handle: showDevice },
  { method: 'POST', path: '/device/approve', access: 'member', handle: approveDevice },
  { method: 'POST', path: '/device/deny', access: 'member', handle: denyDevice },
  { method: 'GET', path: '/keys', access: 'member', handle: showApiKeys },
  { method: 'POST', path: '/keys', access: 'member', handle: createApiKey },
  { method: 'GET', path: '/keys/:id', access: 'member', handle: showApiKeyLimits },
  { method: 'POST', path: '/keys/:id', access: 'member', handle: saveApiKeyLimits },
  { method: 'POST', path: '/keys/:id/delete', access: 'member', handle: deleteApiKey },
  { method: 'GET', path: '/signing-keys', access: 'member', handle: showSigningKeys },
  { method: 'POST', path: '/signing-keys', access: 'member', handle: createSigningKey },
  { method: 'POST', path: '/signing-keys/:id/delete', access: 'member', handle: deleteSigningKey },
  // The settings service checks the account preconditions itself and the page explains a refusal.
  { method: 'GET', path: '/account', access: 'member', handle: showAccount },
  { method: 'POST', path: '/account/mode', access: 'member', handle: setAccountMode, whenInactive: true },
  { method: 'POST', path: '/account/auto-buy', access: 'member', handle: saveAutoBuyMaxPrice, whenInactive: true },
  { method: 'POST', path: '/account/trading', access: 'member', handle: saveSelfTradePrevention, whenInactive: true },
  { method: 'POST', path: '/account/auto-top-up', access: 'member', handle: saveAutoTopUp, whenInactive: true },
  { method: 'GET', path: '/balances', access: 'member', handle: showBalances },
  // Activity: reads from src/db; a cancel goes through WebDeps.trading (the order pipeline).
  { method: 'GET', path: '/usage', access: 'member', handle: showUsage },
  { method: 'GET', path: '/orders', access: 'member', handle: showOpenOrders },
  { method: 'GET', path: '/orders/history', access: 'member', handle: showOrderHistory },
  { method: 'POST', path: '/orders/:id/cancel', access: 'member', handle: cancelOrder },
  { method: 'GET', path: '/trades', access: 'member', handle: showTrades },
  // The market page: market data through WebDeps.marketData, the ticket's order through WebDeps.trading.
  { method: 'GET', path: '/markets', access: 'public', handle: showMarkets },
  { method: 'GET', path: '/markets/:id', access: 'public', handle: showMarket, live: true },
  { method: 'POST', path: '/markets/:id/orders', access: 'member', handle: placeMarketOrder, live: true },
  { method: 'GET', path: '/devices', access: 'member', handle: showDevices },
  { method: 'POST', path: '/devices/:id/revoke', access: 'member', handle: revokeDevice },
  { method: 'GET', path: '/auto-reload', access: 'member', handle: showAutoReload },
  { method: 'POST', path: '/auto-reload', access: 'member', handle: saveAutoReload },
  { method: 'GET', path: '/funds', access: 'member', handle: showFunds },
  { method: 'POST', path: '/funds', access: 'member', handle: addFunds },
  { method: 'POST', path: '/funds/withdraw', access: 'member', handle: withdrawFunds },
  { method: 'POST', path: '/funds/destinations', access: 'member', handle: addPayoutDestination },
  { method: 'POST', path: '/funds/destinations/:id/remove', access: 'member', handle: removePayoutDestination },
  { method: 'POST', path: '/funds/withdrawals/:id/cancel', access: 'member', handle: cancelPayoutWithdrawal },
  // A supplier's pages: the trading surface's suppliers' services through WebDeps.supply (src/core/supply-port.ts).
  { method: 'GET', path: '/supply', access: 'member', handle: showSupply },
  { method: 'GET', path: '/endpoints', access: 'member', handle: showEndpoints },
  { method: 'POST', path: '/endpoints', access: 'member', handle: registerEndpoint },
  { method: 'POST', path: '/endpoints/:id/status', access: 'member', handle: setEndpointStatus },
  { method: 'POST', path: '/endpoints/:id/delete', access: 'member', handle: deleteEndpoint },
  { method: 'POST', path: '/endpoints/:id/qualify', access: 'member', handle: startQualification },
  {
    method: 'GET',
    path: '/endpoints/:endpoint/qualifications/:qualification',
    access: 'member',
    handle: showQualification,
  },
  { method: 'GET', path: '/scorecard', access: 'member', handle: showScorecard },
];

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

/** `/keys/:id/delete` → a pattern with one named segment. */
function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/:([a-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}$`), names };
}

const compiled = routes.map(compile);

const policy = `default-src 'none'; style-src '${stylesheetHash}'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/**
 * A live page may run scripts of this host only, and connect to this host (its own snapshot, on a reconnection)
 * and to the stream socket (the trading host's, or the streams listener's); every other page runs no script at all.
 */
function contentSecurityPolicy(services: WebDeps, live: boolean): string {
  const stream = services.publicUrls.stream();
  if (!live || stream === undefined) return policy;
  const socket = new URL(stream);
  socket.protocol = socket.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${policy}; script-src 'self'; connect-src 'self' ${socket.origin}`;
}

const securityHeaders: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  // Pages show secrets (a new key, the CSRF token) and per-user state: never store them.
  'Cache-Control': 'no-store',
};

async function readViewer(ctx: Koa.Context, services: WebDeps): Promise<Viewer | undefined> {
  const rawSessionId = ctx.cookies.get(sessionCookieName);
  if (!rawSessionId) return undefined;
  const session = await findSession(services, rawSessionId);
  if (!session) return undefined;
  return { session, rawSessionId, supplier: (await services.supply.standing(session.user.id)) !== 'none' };
}

function errorPage(request: Pick<PageRequest, 'viewer' | 'csrfToken'>, status: number, title: string, detail: string) {
  const body = html`<h1>${title}</h1>${notice('error', title, detail)}<p><a href="/">Back to the home page</a></p>`;
  return {
    kind: 'page' as const,
    status,
    body: layout({ title, viewer: request.viewer, csrfToken: request.csrfToken, narrow: true }, body),
  };
}

function statusOf(error: unknown): number {
  const status = error instanceof Error ? (error as Error & { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** Text no database stores alike (a NUL, a lone surrogate) is refused before any page reads it. */
function unstorableField(request: PageRequest, fields: Record<string, string>): PageResult | null {
  for (const [name, value] of Object.entries(fields)) {
    const refusal = textRefusal(value);
    if (refusal)
      return errorPage(
        request,
        400,
        'Request refused',
        `The field ${name} ${refusal}. Type it again without control characters.`,
      );
  }
  return null;
}

function write(ctx: Koa.Context, result: PageResult): void {
  if (result.kind === 'redirect') {
    ctx.status = 303;
    ctx.redirect(result.location);
    return;
  }
  ctx.status = result.status;
  ctx.type = 'html';
  ctx.body = result.body.text;
}

/** One dashboard request, routed: who asks, the route's access rule, the form and its CSRF token, then the page. */
async function serve(
  services: WebDeps,
  parseForm: Koa.Middleware,
  ctx: Koa.Context,
  matched: CompiledRoute[],
): Promise<PageResult> {
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  const found = matched.find((m) => m.route.method === method);
  const viewer = await readViewer(ctx, services);
  // Made on first use, so a signed-out page without a form sets no cookie.
  let csrfToken: string | undefined;
  const request: PageRequest = {
    ctx,
    services,
    viewer,
    get csrfToken() {
      return (csrfToken ??= csrfTokenFor(ctx, services, viewer));
    },
    query: firstValues(ctx.query),
    form: {},
    params: {},
  };
  if (!found) {
    ctx.set('Allow', [...new Set(matched.map((m) => m.route.method))].join(', '));
    return errorPage(request, 405, 'Method not allowed', `This page answers ${ctx.get('Allow')}.`);
  }
  const { route } = found;
  const values = found.pattern.exec(ctx.path)!.slice(1);
  request.params = Object.fromEntries(found.names.map((name, i) => [name, safeDecodeURIComponent(values[i]!)]));
  const refused = unstorableField(request, { ...request.query, ...request.params });
  if (refused) return refused;

  if (route.access === 'member' && !viewer)
    return { kind: 'redirect', location: method === 'GET' ? withQuery('/login', { next: ctx.url }) : '/login' };
  if (method === 'POST') {
    await parseForm(ctx, async () => {});
    request.form = firstValues((ctx.request as { body?: unknown }).body);
    if (!csrfTokenValid(ctx, viewer, request.form.csrf_token)) {
      return errorPage(
        request,
        403,
        'This form has expired',
        'The form was not sent from this dashboard page, or your session changed since it was shown. Go back, reload the page and try again.',
      );
    }
    const refused = unstorableField(request, request.form);
    if (refused) return refused;
  }
  if (route.access === 'public') return route.handle(request);
  const member = request as MemberRequest;
  if (method === 'POST' && member.viewer.session.user.status !== 'active' && !route.whenInactive) {
    return errorPage(
      request,
      403,
      'This account is inactive',
      'An inactive account cannot make changes. Contact support to have it reactivated.',
    );
  }
  return route.handle(member);
}

/** A page that failed: a service's refusal with its own status and words, anything else as the bug it is. */
function writeFailure(services: WebDeps, ctx: Koa.Context, error: unknown): void {
  if (writeUnavailable(services, ctx, error)) return;
  // A refusal of a service, or an HTTP error of the form parser (413 and the like).
  const refusal = refusalOf(error);
  const status = refusal?.status ?? statusOf(error);
  if (status >= 500)
    services.logger.error({ err: error, path: ctx.path, request_id: ctx.state.requestId }, 'dashboard page failed');
  const detail =
    refusal !== undefined
      ? refusal.detail
      : status < 500
        ? 'The request could not be read.'
        : 'Something went wrong on our side. Try again in a moment.';
  write(
    ctx,
    errorPage({ viewer: undefined, csrfToken: '' }, status, status < 500 ? 'Request refused' : 'Server error', detail),
  );
}

/** A page the database could not serve: 503 with Retry-After and the words the APIs use, logged as a warning. */
function writeUnavailable(services: WebDeps, ctx: Koa.Context, error: unknown): boolean {
  const failure = unavailableFailure(error);
  if (failure === undefined) return false;
  logUnavailable(services.logger, error, { path: ctx.path, request_id: ctx.state.requestId });
  for (const [name, value] of Object.entries(failure.headers)) ctx.set(name, value);
  write(ctx, errorPage({ viewer: undefined, csrfToken: '' }, 503, 'Briefly unavailable', failure.detail));
  return true;
}

export function dashboard(services: WebDeps): Koa.Middleware {
  const parseForm = koaBody({ json: false, text: false, multipart: false, urlencoded: true, formLimit: '32kb' });

  return async (ctx, next) => {
    const matched = compiled.filter((c) => c.pattern.test(ctx.path));
    if (matched.length === 0) {
      await next();
      return;
    }
    ctx.set(securityHeaders);
    ctx.set(
      'Content-Security-Policy',
      contentSecurityPolicy(
        services,
        matched.some((m) => m.route.live === true),
      ),
    );
    try {
      write(ctx, await serve(services, parseForm, ctx, matched));
    } catch (error) {
      writeFailure(services, ctx, error);
    }
  };
}
