import { createHash } from 'node:crypto';
import type { Db } from '../../db/knex.js';
import type { SignatureClaim } from '../../db/replay-guard.js';
import { poolSql } from '../../db/sql.js';
import { ApiError } from '../../lib/errors.js';
import { signedMessage } from '../../lib/ed25519.js';
import {
  checkSignature,
  claimPending,
  signatureBytesOf,
  signatureWindowSeconds,
  type PendingClaim,
  type SignatureRefusal,
} from '../../core/signatures.js';
import type { Principal } from '../types.js';
import type { CredentialRequest } from './credentials.js';

export { signatureWindowSeconds };

/**
 * The replay guard (DESIGN.md §9): a signature that changes state is good once. Methods that change
 * state claim their signature (src/db/replay-guard.ts), in every process sharing the database, and a
 * second use inside the window is `401 signature_replayed`. The query string is not signed (part 5
 * rule 8), so without the guard a captured `DELETE /v1/orders` could be resent with another
 * `market_id` or `side` and cancel other orders, and a captured `POST /v1/orders` could place the
 * order again.
 *
 * Signed reads (GET) are not guarded. They change nothing, so a replay inside the window can only
 * read again what the key's owner may read; and since the query is not signed, a polling client's
 * `GET /v1/orders?status=open` and `?status=filled` in one second carry one signature: refusing the
 * second would break every bot that polls more than once a second.
 */
const replayGuardedMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A new order (POST /v1/orders) claims its signature in the group commit that places it, with the
 * claims of the batch's other orders (src/trading/orders/admission.ts), not in a commit or a round
 * trip of its own here: the principal carries the claim (`pendingClaim`), the order's batch makes it
 * first thing in its transaction, or the pipeline makes it on its own when it refuses the order before
 * that, and the edge makes it when the request fails between here and the handler
 * (`claimPendingOnFailure`). So a replay still meets `401 signature_replayed` before any other answer,
 * once across processes.
 */
const claimsInTransaction = (method: string, path: string): boolean =>
  method.toUpperCase() === 'POST' && path === '/v1/orders';
const signatureBytes = 64;
const header = (request: CredentialRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The claim a request makes on its signature, if its method is guarded and the signature has the size of one. */
function claimOf(method: string, timestamp: string, signature: Buffer): SignatureClaim | undefined {
  if (!replayGuardedMethods.has(method.toUpperCase()) || signature.length !== signatureBytes) return undefined;
  return {
    signatureHash: createHash('sha256').update(signature).digest(),
    // The last microsecond at which this timestamp still passes the window check, plus one.
    expiresAtUs: (Number(timestamp) + signatureWindowSeconds + 1) * 1_000_000,
  };
}

export function hasSignature(request: CredentialRequest): boolean {
  return ['x-mkt-signature', 'x-mkt-timestamp', 'x-mkt-fingerprint'].some(
    (name) => header(request, name) !== undefined,
  );
}

/** Checks, in order: headers present, clock drift, key registered, signature over the exact bytes, first use. */
export async function authenticateSignature(request: CredentialRequest, db: Db, nowUs: number): Promise<Principal> {
  const signature = header(request, 'x-mkt-signature');
  const timestamp = header(request, 'x-mkt-timestamp');
  const fingerprint = header(request, 'x-mkt-fingerprint');
  const missing = [
    ['x-mkt-signature', signature],
    ['x-mkt-timestamp', timestamp],
    ['x-mkt-fingerprint', fingerprint],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) {
    // No credential at all: every trading operation that takes a signature also takes an OAuth access token.
    throw new ApiError(
      401,
      'missing_signature',
      'The request carries no credential: sign it (x-mkt-signature, x-mkt-timestamp and x-mkt-fingerprint) or send an OAuth access token as Authorization: Bearer mkt_at_….',
    );
  }
  if (missing.length > 0 || !signature || !timestamp || !fingerprint) {
    throw new ApiError(
      401,
      'missing_signature',
      `Signed requests carry x-mkt-signature, x-mkt-timestamp and x-mkt-fingerprint; missing: ${missing.join(', ')}.`,
    );
  }
  const claim = claimOf(request.method, timestamp, signatureBytesOf(signature));
  const deferred = claim !== undefined && claimsInTransaction(request.method, request.path);
  const check = await checkSignature(
    { db },
    {
      timestamp,
      fingerprint,
      signature,
      message: signedMessage(timestamp, request.method, request.path, request.rawBody),
      wording: {
        timestamp: 'x-mkt-timestamp',
        signed: 'timestamp + METHOD + path (without the query string) + the raw body exactly as sent',
        hint: ' Are you signing the raw request body?',
      },
      ...optionalClaim(deferred ? undefined : claim),
    },
    nowUs,
  );
  if (!check.ok) throw signatureError(check.refusal);
  const { key } = check;
  const principal = {
    kind: 'signature' as const,
    userId: key.user_id,
    signingKeyId: key.id,
    fingerprint: key.fingerprint,
  };
  return deferred ? { ...principal, pendingClaim: { ...claim, timestamp } } : principal;
}

const signatureError = ({ code, detail, context }: SignatureRefusal) =>
  new ApiError(401, code, detail, context ? { context } : undefined);

/**
 * Runs what stands between authentication and the handler (parsing, validation): when it fails on a
 * request whose signature claim was left to its handler, the claim is made now, and a replay answers
 * `signature_replayed` instead, as it would have had the claim been made at authentication.
 */
export async function claimPendingOnFailure<T>(
  principal: Principal | null,
  db: Db,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pending: PendingClaim | undefined = principal?.kind === 'signature' ? principal.pendingClaim : undefined;
    const replayed = pending ? await claimPending(poolSql(db), pending) : undefined;
    throw replayed ? signatureError(replayed) : error;
  }
}

const optionalClaim = (claim: SignatureClaim | undefined): { claim?: SignatureClaim } => (claim ? { claim } : {});
