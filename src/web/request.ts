import type Koa from 'koa';
import type { ActiveSession } from '../core/accounts.js';
import type { WebDeps } from './deps.js';
import type { Html } from './html.js';

/** The signed-in user of a dashboard request. */
export interface Viewer {
  session: ActiveSession;
  /** The raw cookie value, needed only to log out. */
  rawSessionId: string;
  /** Whether the user has registered as a supplier (enabled or not): the navigation then shows its pages. */
  supplier: boolean;
}

/** What a page handler gets: the request already authenticated and, for POST, CSRF-checked. */
export interface PageRequest {
  ctx: Koa.Context;
  services: WebDeps;
  viewer: Viewer | undefined;
  /** The token every form on the page carries. */
  csrfToken: string;
  /** First value of each query parameter. */
  query: Record<string, string>;
  /** Fields of a POSTed form; empty on GET. */
  form: Record<string, string>;
  /** Path parameters of the route. */
  params: Record<string, string>;
}

/** A signed-in request: member routes get one. */
export interface MemberRequest extends PageRequest {
  viewer: Viewer;
}

export type PageResult = { kind: 'page'; status: number; body: Html } | { kind: 'redirect'; location: string };

export const show = (body: Html, status = 200): PageResult => ({ kind: 'page', status, body });
/** 303 See Other: after a POST the browser follows with GET (Post/Redirect/Get). */
export const redirect = (location: string): PageResult => ({ kind: 'redirect', location });

/** Only paths on this host: `/x`, never `//host`, `/\host` or a scheme, so `?next=` cannot send a user away. */
export function localPath(value: string | undefined, fallback = '/'): string {
  if (value === undefined || value.length > 2000) return fallback;
  // Control characters are exactly what this test looks for (a header split, a hidden redirect).
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}

export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const entries = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries).toString()}`;
}

export function firstValues(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (input === null || typeof input !== 'object') return out;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

/**
 * Cookies are `Secure` when the platform's public URL is https. The listener itself speaks plain
 * HTTP behind the TLS proxy (Koa `proxy: false`, so the socket decides `ctx.secure`), and Koa refuses
 * to send a Secure cookie on a plain connection unless told that the hop to the client is encrypted.
 */
export function secureCookies(ctx: Koa.Context, services: WebDeps): boolean {
  const secure = services.publicUrls.isHttps('platform');
  if (secure) ctx.cookies.secure = true;
  return secure;
}
