import type { Db } from '../../db/knex.js';
import { ApiError } from '../../lib/errors.js';
import { csrfTokensEqual, findActiveSession, sessionCookieName } from '../../core/accounts.js';
import type { Principal } from '../types.js';
import { cookieValue, headerValue, type CredentialRequest } from './credentials.js';

/** The header a session-authenticated request that changes state carries (platform.yaml, Credentials). */
const csrfHeaderName = 'x-csrf-token';
const unsafeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The session cookie; a value that is not valid percent-encoding is kept as sent (it matches no session). */
export function sessionCookie(request: CredentialRequest): string | undefined {
  return cookieValue(request, sessionCookieName);
}

/**
 * The dashboard session cookie on the platform API (specification part 5 rule 12). Checked in the
 * document's order: a live session (401), then, for a request that changes state, the session's CSRF
 * token in x-csrf-token (403). A session acts with the user's full authority, so no scope check follows.
 */
export async function authenticateSession(request: CredentialRequest, db: Db, nowUs: number): Promise<Principal> {
  const rawId = sessionCookie(request);
  if (rawId === undefined) {
    throw new ApiError(
      401,
      'invalid_token',
      'Missing session cookie: log in on the dashboard, or send an OAuth access token as Authorization: Bearer mkt_at_….',
      {
        headers: { 'WWW-Authenticate': 'Bearer realm="mkt"' },
      },
    );
  }
  const session = await findActiveSession(db, rawId, nowUs);
  if (!session) {
    throw new ApiError(
      401,
      'invalid_token',
      'The dashboard session has expired or was logged out; log in again on the dashboard.',
      {
        headers: { 'WWW-Authenticate': 'Bearer realm="mkt"' },
      },
    );
  }
  if (
    unsafeMethods.has(request.method.toUpperCase()) &&
    !csrfTokensEqual(headerValue(request, csrfHeaderName), session.csrfToken)
  ) {
    throw new ApiError(
      403,
      'csrf_token_invalid',
      `Requests that change state with the session cookie must send the CSRF token in ${csrfHeaderName} (the csrf-token meta tag of any dashboard page).`,
    );
  }
  return {
    kind: 'session',
    userId: session.user.id,
    sessionId: session.idHash,
    authenticatedAtUs: session.authenticatedAtUs,
  };
}
