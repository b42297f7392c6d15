import type Koa from 'koa';
import { csrfTokensEqual, newCsrfToken } from '../core/accounts.js';
import type { WebDeps } from './deps.js';
import { secureCookies, type Viewer } from './request.js';

/**
 * Every dashboard form carries a CSRF token, checked on POST. Signed in, it is the session's token
 * (the same one the platform API wants in x-csrf-token). Signed out (sign-up, log-in), it is a
 * random value also kept in an HttpOnly cookie, and the form must send it back (double submit):
 * another site can make a browser post a form, but cannot read or set the value to put in it.
 */
const anonymousCsrfCookieName = 'mkt_csrf';

export function csrfTokenFor(ctx: Koa.Context, services: WebDeps, viewer: Viewer | undefined): string {
  if (viewer) return viewer.session.csrfToken;
  const existing = ctx.cookies.get(anonymousCsrfCookieName);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = newCsrfToken();
  ctx.cookies.set(anonymousCsrfCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies(ctx, services),
    overwrite: true,
  });
  return token;
}

export function csrfTokenValid(ctx: Koa.Context, viewer: Viewer | undefined, submitted: string | undefined): boolean {
  const expected = viewer ? viewer.session.csrfToken : ctx.cookies.get(anonymousCsrfCookieName);
  return expected !== undefined && expected !== '' && csrfTokensEqual(submitted, expected);
}
