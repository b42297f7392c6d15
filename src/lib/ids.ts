import { createHash, randomBytes, randomUUID } from 'node:crypto';

/**
 * Random bytes for ids, drawn from a pool refilled 4 KiB at a time: one call into the kernel for
 * hundreds of ids instead of one per id (measured at about 20 µs a call here, four of them per
 * inference request), as node:crypto's randomUUID pools its own. The bytes are as random; ids
 * are not secrets, and secrets (keys, tokens) are still made by randomBytes directly.
 */
const idPoolBytes = 4096;
let idPool = Buffer.alloc(0);
let idPoolOffset = 0;

function idBytes(size: number): Buffer {
  if (idPoolOffset + size > idPool.length) {
    idPool = randomBytes(idPoolBytes);
    idPoolOffset = 0;
  }
  const bytes = idPool.subarray(idPoolOffset, idPoolOffset + size);
  idPoolOffset += size;
  return bytes;
}

/** Identifier shapes of the specification, part 2, and DESIGN.md §3. */
export const newUserId = (): string => `user_${randomUUID()}`;
export const newApiKeyId = (): string => `api_key_${randomUUID()}`;
export const newSigningKeyId = (): string => `signing_key_${randomUUID()}`;
export const newGrantId = (): string => `grant_${randomUUID()}`;
export const newRequestId = (): string => `req_${idBytes(12).toString('hex')}`;
export const newTradeId = (): string => `trade_${randomUUID()}`;
export const newTransferId = (): string => `transfer_${randomUUID()}`;
export const newIssuanceId = (): string => `supply_issuance_${randomUUID()}`;
export const newIssuanceTransferId = (): string => `issuance_transfer_${randomUUID()}`;
export const newDepositId = (): string => `deposit_${randomUUID()}`;
export const newWithdrawalId = (): string => `withdrawal_${randomUUID()}`;
export const newPayoutDestinationId = (): string => `payout_destination_${randomUUID()}`;
export const newEndpointId = (): string => `endpoint_${randomUUID()}`;
export const newQualificationRunId = (): string => `qualification_${randomUUID()}`;
export const newCanaryRunId = (): string => `canary_${randomUUID()}`;
export const newCompletionId = (): string => `chatcmpl-${randomUUID().replaceAll('-', '')}`;

const orderIdAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newOrderId(): string {
  const bytes = idBytes(16);
  let id = 'order_';
  for (const byte of bytes) id += orderIdAlphabet[byte % orderIdAlphabet.length];
  return id;
}

/** RFC 4122 version-5 UUID: stable ids for seeded rows, identical on every install. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name).digest();
  hash[6] = (hash.readUInt8(6) & 0x0f) | 0x50;
  hash[8] = (hash.readUInt8(8) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The command line's own id for an order: every signed write then differs (DESIGN.md §9), and a retry stays idempotent.
 */
export const newClientOrderId = (): string => `cli-${randomBytes(9).toString('base64url')}`;
/** An `Idempotency-Key` for one intended write (a deposit): a retry with the same key has one effect. */
export const newIdempotencyKey = (): string => randomUUID();

/** The id of an admission ticket (consumption/inference/tickets.ts): 96 random bits, base64url. */
export const newTicketId = (): string => idBytes(12).toString('base64url');

/** A secret of the deployment made on first start (the ticket key, when nothing configures one). */
export const newDeploymentSecret = (): string => randomBytes(32).toString('base64url');
/** A fresh 96-bit nonce for one AES-GCM encryption (core/upstream-keys.ts): never reused under one key. */
export const newGcmNonce = (): Buffer => randomBytes(12);
