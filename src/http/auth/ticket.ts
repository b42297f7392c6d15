import { readTicket, type TicketKey } from '../../core/tickets.js';
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
} as const;

/**
 * The caller a ticket names, from the ticket alone: no statement runs here. That it is used once is claimed by the
 * run's admission, in the transaction that takes its slot (consumption/capacity/capacity.ts), so the run's second leg
 * touches the database only there.
 */
export async function authenticateTicket(
  ticket: string,
  body: Buffer,
  deps: { ticketKey: TicketKey },
  nowUs: number,
): Promise<Principal> {
  const claims = await readTicket(deps.ticketKey, ticket, body, nowUs);
  if (typeof claims === 'string') throw new ApiError(401, claims, refusals[claims]);
  return { kind: 'api_key', userId: claims.userId, apiKeyId: claims.apiKeyId, ticket: claims };
}
