import type { IncomingHttpHeaders } from 'node:http';
import { safeDecodeURIComponent } from '../../lib/uri.js';

/** What an authenticator may look at. */
export interface CredentialRequest {
  method: string;
  /** The path as sent, without the query string: what a signature covers. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's bytes as received: what a signature covers. */
  rawBody: Buffer;
  /** The query string as sent, without the `?` (where an admission ticket travels). */
  query: string;
  /** The operation shows a consumption key past its expiry instead of refusing it (`x-mkt-expired-key-allowed`). */
  expiredKeyAllowed?: boolean;
}

export function bearerToken(request: CredentialRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : undefined;
}

export function headerValue(request: CredentialRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function cookieValue(request: CredentialRequest, name: string): string | undefined {
  const cookies = request.headers.cookie;
  if (!cookies) return undefined;
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return safeDecodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}
