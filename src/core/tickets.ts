import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Endpoint } from './inference-endpoint.js';
import { newTicketId } from '../lib/ids.js';
import { Failure } from '../lib/failure.js';

/**
 * Admission tickets (DESIGN.md §7): the `307` of `POST /v1/…` carries, in its Location's
 * `?ticket=`, what the redirect established about the request, so that the `/r/v1/…` run does not
 * establish it again (prepare runs once per inference) and needs no credential of its own (clients
 * that drop `Authorization` on a redirect work).
 *
 * A ticket is `<payload>.<mac>`, both base64url: the payload a JSON array of the claims below; the
 * mac HMAC-SHA256, under the deployment's ticket key, of the payload and the SHA-256 of the request
 * body. So a ticket is good only with the very body it was issued for, only for the key it names,
 * only until it expires (60 s), and (claimed in the database by the run's admission, in its transaction:
 * src/db/tickets.ts) only once, in every process. Its contents are not secret, only unforgeable.
 */

/** How long a ticket is good for. */
const ticketLifetimeUs = 60_000_000;

/** What the redirect established, for the run. */
export interface TicketClaims {
  id: string;
  expiresAtUs: number;
  userId: string;
  apiKeyId: string;
  endpoint: Endpoint;
  /** The `model` as requested, and the instrument it named. */
  model: string;
  instrumentId: string;
  /** The prompt as counted, and the output limit: together, the tokens the run reserves. */
  promptTokens: number;
  outputTokens: number;
  /** The price cap that applies (the request's, else the account's), in ticks; null: none. */
  maxPriceTicks: number | null;
}

/** Why a ticket cannot be honoured (401 with this code). */
type TicketRefusal = 'ticket_invalid' | 'ticket_expired';

/** A ticket that ran an inference already (401; mapped in handlers/failures.ts). */
export type TicketFailure = 'ticket_used';

/** Refuses a ticket whose claim (`claimUsedTicket`, made by admission's transaction) found it used. */
export const ticketUsed = (): Failure<TicketFailure> =>
  new Failure<TicketFailure>(
    'ticket_used',
    'The admission ticket was used already (a ticket runs one inference). Send the request to /v1/… again for a new one.',
  );

/**
 * The deployment's ticket key, loaded once (its source is config's and the database's to decide: src/db/tickets.ts).
 */
export class TicketKey {
  private loaded: Promise<Buffer> | undefined;
  constructor(private readonly load: () => Promise<string>) {}
  key(): Promise<Buffer> {
    return (this.loaded ??= this.load().then((secret) => Buffer.from(secret, 'utf8')));
  }
}

const endpoints: readonly Endpoint[] = ['chat.completions', 'responses', 'messages'];
const version = 1;

const bodyDigest = (body: Buffer): Buffer => createHash('sha256').update(body).digest();

function macOf(key: Buffer, payload: string, body: Buffer): string {
  return createHmac('sha256', key).update(payload).update('.').update(bodyDigest(body)).digest('base64url');
}

/** A new ticket for `claims` (less its id and expiry, which it makes) and the body's bytes. */
export async function issueTicket(
  key: TicketKey,
  claims: Omit<TicketClaims, 'id' | 'expiresAtUs'>,
  body: Buffer,
  nowUs: number,
): Promise<string> {
  const fields = [
    version,
    newTicketId(),
    nowUs + ticketLifetimeUs,
    claims.userId,
    claims.apiKeyId,
    endpoints.indexOf(claims.endpoint),
    claims.model,
    claims.instrumentId,
    claims.promptTokens,
    claims.outputTokens,
    claims.maxPriceTicks,
  ];
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${macOf(await key.key(), payload, body)}`;
}

const safeCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The claims of `ticket` presented with `body`, or why it is refused: `ticket_invalid` unless its
 * mac holds for this body (altered, forged, another body), then `ticket_expired` past its
 * expiry. Whether it was used before is admission's claim to make (`claimUsedTicket`, in its transaction).
 */
export async function readTicket(
  key: TicketKey,
  ticket: string,
  body: Buffer,
  nowUs: number,
): Promise<TicketClaims | TicketRefusal> {
  const dot = ticket.indexOf('.');
  if (dot <= 0 || dot !== ticket.lastIndexOf('.')) return 'ticket_invalid';
  const payload = ticket.slice(0, dot);
  const mac = Buffer.from(ticket.slice(dot + 1), 'base64url');
  const expected = Buffer.from(macOf(await key.key(), payload, body), 'base64url');
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return 'ticket_invalid';
  const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const fields: unknown[] = Array.isArray(parsed) ? parsed : [];
  const [
    v,
    id,
    expiresAtUs,
    userId,
    apiKeyId,
    endpoint,
    model,
    instrumentId,
    promptTokens,
    outputTokens,
    maxPriceTicks,
  ] = fields;
  // A mac that holds means this deployment wrote the payload: a shape it does not know is a ticket of another version.
  if (
    v !== version ||
    typeof id !== 'string' ||
    !safeCount(expiresAtUs) ||
    typeof userId !== 'string' ||
    typeof apiKeyId !== 'string'
  )
    return 'ticket_invalid';
  if (
    typeof endpoint !== 'number' ||
    endpoints[endpoint] === undefined ||
    typeof model !== 'string' ||
    typeof instrumentId !== 'string'
  )
    return 'ticket_invalid';
  if (!safeCount(promptTokens) || !safeCount(outputTokens) || !(maxPriceTicks === null || safeCount(maxPriceTicks)))
    return 'ticket_invalid';
  if (nowUs > expiresAtUs) return 'ticket_expired';
  return {
    id,
    expiresAtUs,
    userId,
    apiKeyId,
    endpoint: endpoints[endpoint],
    model,
    instrumentId,
    promptTokens,
    outputTokens,
    maxPriceTicks,
  };
}
