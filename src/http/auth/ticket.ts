import { readTicket, type TicketKey } from '../../consumption/inference/tickets.js';
import type { Db } from '../../db/knex.js';
import { claimUsedTicket } from '../../db/tickets.js';
import { ApiError } from '../../lib/errors.js';
import type { Principal } from '../types.js';
import type { CredentialRequest } from './credentials.js';

/**
 * The admission ticket of `/r/v1/…` (consumption/inference/tickets.ts), from `?ticket=`. Where a request
 * carries one it is the only credential looked at (auth/index.ts tries it first): a good ticket is
 * honoured whatever `Authorization` says (none, a dummy such as `Bearer sk-1234`, the key),
 * and a bad one is refused even beside a valid key, so that a ticket cannot be probed.
 */
export function ticketOf(request: CredentialRequest): string | undefined {
  if (!request.query.includes('ticket=')) return undefined;
  return new URLSearchParams(request.query).get('ticket') ?? undefined;
}

const refusals = {
  ticket_invalid:
    'The admission ticket is not valid: it was altered, or is presented with another body than the one it was issued for. Send the request to /v1/… again (without ?ticket=) for a new one.',
  ticket_expired:
    'The admission ticket expired (a ticket is good for 60 seconds). Send the request to /v1/… again for a new one.',
  ticket_used:
    'The admission ticket was used already (a ticket runs one inference). Send the request to /v1/… again for a new one.',
} as const;

export async function authenticateTicket(
  ticket: string,
  body: Buffer,
  deps: { db: Db; ticketKey: TicketKey },
  nowUs: number,
): Promise<Principal> {
  const claims = await readTicket(deps.ticketKey, ticket, body, nowUs);
  if (typeof claims === 'string') throw new ApiError(401, claims, refusals[claims]);
  if (!(await claimUsedTicket(deps.db, claims.id, claims.expiresAtUs)))
    throw new ApiError(401, 'ticket_used', refusals.ticket_used);
  return { kind: 'api_key', userId: claims.userId, apiKeyId: claims.apiKeyId, ticket: claims };
}
