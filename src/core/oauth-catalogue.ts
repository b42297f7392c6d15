import { splitScopes } from './identity.js';

/**
 * What the OAuth server knows before any request: its clients, the scope catalogue, the shape of
 * user codes, and the RFC error codes it answers with.
 */

/** RFC 8628 §6.1: upper-case consonants without Y, so no code spells a word or reads ambiguously. */
export const userCodeAlphabet = 'BCDFGHJKLMNPQRSTVWXZ';
export const userCodeGroupLength = 4;

/**
 * The scopes, in the order they are listed and granted. Every trading operation but health accepts
 * an OAuth access token as well as a signature (openapi/trading.yaml "Authentication"): the live
 * service's CLI (grid-cli) asks for the trading and supply scopes by default at login and then sends
 * its access token in place of a signature. `trade:read` opens the trading API's reads, `trade:write`
 * its orders, cancellations and transfers, `supply:read` and `supply:write` its supply issuance.
 */
export const scopeCatalogue = [
  {
    scope: 'keys:manage',
    description: 'Create, list, update and delete consumption API keys and trading signing keys.',
  },
  { scope: 'account:read', description: 'Read account settings and OAuth grants.' },
  { scope: 'account:write', description: 'Change account mode and settings; revoke OAuth grants.' },
  { scope: 'trade:read', description: 'Read your orders, trades, balances and the markets on the trading API.' },
  { scope: 'trade:write', description: 'Place, amend and cancel orders and transfer Units on the trading API.' },
  { scope: 'supply:read', description: 'List the Units you issued as a supplier.' },
  { scope: 'supply:write', description: 'Issue Units of the instruments you supply, to sell them on the market.' },
  {
    scope: 'funds:withdraw',
    description: 'Add and remove payout destinations, and withdraw USD to them. Never granted unless asked for.',
  },
] as const;
export type OAuthScope = (typeof scopeCatalogue)[number]['scope'];

/**
 * Scopes a login gets only by naming them: a token that can send money out is never the by-product of a plain
 * `mkt login` (DESIGN.md §16).
 */
const grantedOnlyByName: ReadonlySet<string> = new Set<OAuthScope>(['funds:withdraw']);
export interface ScopeInfo {
  scope: OAuthScope;
  description: string;
}

export const publicClientId = 'mkt-cli';
interface OAuthClient {
  name: string;
  scopes: readonly OAuthScope[];
}
export const oauthClients: ReadonlyMap<string, OAuthClient> = new Map([
  [publicClientId, { name: 'mkt command line', scopes: scopeCatalogue.map((s) => s.scope) }],
]);

// ---- outcomes -------------------------------------------------------------------------------------

/** RFC 6749 §5.2 and RFC 8628 §3.5 error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token';

export interface OAuthFailure {
  ok: false;
  error: OAuthErrorCode;
  description: string;
  /** Set when the request was throttled (429 with Retry-After): how long to wait. */
  retryAfterSeconds?: number;
}

export const fail = (error: OAuthErrorCode, description: string): OAuthFailure => ({ ok: false, error, description });

// ---- scopes and user codes ------------------------------------------------------------------------

export const formatUserCode = (letters: string): string =>
  `${letters.slice(0, userCodeGroupLength)}-${letters.slice(userCodeGroupLength)}`;

/** `wdjbmjht`, `WDJB MJHT` and `WDJB-MJHT` are one code; anything else is no code. */
export function normaliseUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  const valid = letters.length === 2 * userCodeGroupLength && [...letters].every((c) => userCodeAlphabet.includes(c));
  return valid ? formatUserCode(letters) : undefined;
}

export const describeScope = (scope: string): ScopeInfo => scopeCatalogue.find((s) => s.scope === scope)!;

/** What a client's login gets when it names no scope: all it may request but the scopes granted only by name. */
export const defaultScopesOf = (allowed: readonly string[]): string[] =>
  allowed.filter((s) => !grantedOnlyByName.has(s));

/**
 * A space-separated scope parameter → the scopes in catalogue order, duplicates dropped; omitted or
 * empty means `defaults` (`allowed` unless given). `allowedWhat` names the limit in the error, e.g. "the scope of the
 * grant".
 */
export function parseScopes(
  text: string | undefined,
  allowed: readonly string[],
  allowedWhat: string,
  defaults: readonly string[] = allowed,
): string[] | OAuthFailure {
  const requested = new Set(splitScopes(text ?? ''));
  if (requested.size === 0) return [...defaults];
  const catalogue: readonly string[] = scopeCatalogue.map((c) => c.scope);
  const unknown = [...requested].filter((s) => !catalogue.includes(s));
  if (unknown.length > 0)
    return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}. Valid scopes: ${catalogue.join(' ')}.`);
  const beyond = [...requested].filter((s) => !allowed.includes(s));
  if (beyond.length > 0)
    return fail('invalid_scope', `The requested scope exceeds ${allowedWhat}: ${beyond.join(' ')}.`);
  return catalogue.filter((s) => requested.has(s));
}

export const unknownClient = (clientId: string) =>
  fail('invalid_client', `Unknown client_id: ${clientId}. The public client is ${publicClientId}.`);
