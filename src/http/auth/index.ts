import type { Operation } from 'openapi-backend';
import type { Db } from '../../db/knex.js';
import { AssertionFailed } from '../../lib/assert.js';
import type { Principal } from '../types.js';
import { authenticateConsumptionKey } from './consumption-key.js';
import { bearerToken, headerValue, type CredentialRequest } from './credentials.js';
import { authenticateAccessToken, requireScopes } from './oauth.js';
import { authenticateSession, sessionCookie } from './session.js';
import { authenticateSignature, hasSignature } from './signature.js';
import { authenticateTicket, ticketOf } from './ticket.js';
import type { TicketKey } from '../../core/tickets.js';

/**
 * One entry per security scheme of the documents (openapi/components/common.yaml). `present` says
 * whether the request carries this scheme's credential; `authenticate` checks it or throws the
 * scheme's 401.
 */
interface Mechanism {
  present(request: CredentialRequest): boolean;
  authenticate(request: CredentialRequest, db: Db, nowUs: number, deps: AuthDeps): Promise<Principal>;
}

/** What authentication takes (the edge's deps carry it: ../deps.ts). */
export interface AuthDeps {
  db: Db;
  ticketKey: TicketKey;
}

/** The ticket of a request whose `present` check found one. */
function presentTicket(request: CredentialRequest): string {
  const ticket = ticketOf(request);
  if (ticket === undefined) throw new AssertionFailed('a ticket was authenticated that the request does not carry');
  return ticket;
}

const signature: Mechanism = { present: hasSignature, authenticate: authenticateSignature };

const mechanisms: Record<string, Mechanism> = {
  consumptionKey: {
    present: (r) => bearerToken(r) !== undefined,
    authenticate: (r, db, nowUs) => authenticateConsumptionKey(bearerToken(r), db, nowUs, r.expiredKeyAllowed === true),
  },
  consumptionTicket: {
    present: (r) => ticketOf(r) !== undefined,
    authenticate: (r, db, nowUs, deps) => authenticateTicket(presentTicket(r), r.rawBody, deps, nowUs),
  },
  consumptionKeyHeader: {
    present: (r) => headerValue(r, 'x-api-key') !== undefined,
    authenticate: (r, db, nowUs) =>
      authenticateConsumptionKey(headerValue(r, 'x-api-key'), db, nowUs, r.expiredKeyAllowed === true),
  },
  signature,
  signatureTimestamp: signature,
  signingKeyFingerprint: signature,
  oauthAccessToken: {
    present: (r) => bearerToken(r) !== undefined,
    authenticate: (r, db, nowUs) => authenticateAccessToken(bearerToken(r), db, nowUs),
  },
  dashboardSession: {
    present: (r) => sessionCookie(r) !== undefined,
    authenticate: authenticateSession,
  },
};

/** One alternative of an operation's `security`: every scheme it names, with the scopes each needs. */
export type Requirement = Record<string, string[]>;

/** Fails at start-up if a document names a scheme this file does not implement. */
export function assertSchemesKnown(operations: Operation[], documentSecurity: Requirement[] | undefined): void {
  for (const operation of operations) {
    for (const requirement of operation.security ?? documentSecurity ?? []) {
      for (const scheme of Object.keys(requirement)) {
        if (!mechanisms[scheme])
          throw new AssertionFailed(`operation ${operation.operationId} uses unknown security scheme ${scheme}`);
      }
    }
  }
}

/** The mechanism of a scheme of the documents (assertSchemesKnown has checked them all at start-up). */
function mechanismOf(scheme: string | undefined): Mechanism {
  const mechanism = scheme === undefined ? undefined : mechanisms[scheme];
  if (mechanism === undefined) throw new AssertionFailed(`no mechanism implements the security scheme ${scheme}`);
  return mechanism;
}

/**
 * Resolves the caller for an operation. The first alternative whose credential the request carries
 * is checked (its failure is final: a bad key is a 401, not a fall-through to another scheme); when
 * none is present, the first alternative reports what is missing. Scopes are checked after.
 */
export async function authenticate(
  request: CredentialRequest,
  requirements: Requirement[],
  deps: AuthDeps,
  nowUs: number,
): Promise<Principal | null> {
  const [first] = requirements;
  if (first === undefined || requirements.some((r) => Object.keys(r).length === 0)) return null;
  const chosen =
    requirements.find((r) => Object.keys(r).some((scheme) => mechanismOf(scheme).present(request))) ?? first;
  const schemes = Object.keys(chosen);
  const mechanism = mechanismOf(schemes[0]);
  const principal = await mechanism.authenticate(request, deps.db, nowUs, deps);
  requireScopes(
    principal,
    schemes.flatMap((scheme) => chosen[scheme] ?? []),
  );
  return principal;
}
