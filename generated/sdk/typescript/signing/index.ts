// GENERATED, DO NOT EDIT. Source: sdk/typescript/signing/index.ts. Regenerate: npm run generate
// Signs requests to the mkt trading API (openapi/trading.yaml, "Signing requests"): a typescript-fetch
// middleware, so every call of the trading SDK carries x-mkt-signature, x-mkt-timestamp and
// x-mkt-fingerprint. Ed25519 through node:crypto: no dependency.
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { FetchParams, Middleware, RequestContext } from '../trading/runtime.js';

export interface SigningKey {
  /** Base64 of the raw 32-byte Ed25519 seed (`private_key` of `mkt admin signing-key create`), or of the 64-byte secret key (seed + public key). */
  privateKey: string;
  /** The key's fingerprint as registered: SHA-256 of the raw public key, base64 without padding. */
  fingerprint: string;
}

export interface SigningOptions {
  /** Unix time in milliseconds; the server accepts a timestamp within 30 s of its clock. Default: Date.now. */
  nowMs?: () => number;
  /** Waits this long (ms); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

export class UnsignableBodyError extends Error {
  override name = 'UnsignableBodyError';
}

// PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed (RFC 8410).
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
const seedBytes = 32;
const secretKeyBytes = 64;
const signatureBytes = 64;

/** The node:crypto key of a base64 seed (32 bytes) or secret key (64 bytes: the seed, then the public key). */
export function ed25519PrivateKey(privateKeyBase64: string): KeyObject {
  const raw = Buffer.from(privateKeyBase64.trim(), 'base64');
  if (raw.length !== seedBytes && raw.length !== secretKeyBytes) {
    throw new SigningKeyError(
      `the private key decodes to ${raw.length} bytes; expected base64 of the 32-byte Ed25519 seed (private_key of \`mkt admin signing-key create\`) or of the 64-byte secret key`,
    );
  }
  return createPrivateKey({
    key: Buffer.concat([ed25519Pkcs8Prefix, raw.subarray(0, seedBytes)]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The bytes of a request body as fetch will send them; only what is sent verbatim can be signed. */
function bodyBytes(body: RequestInit['body']): Buffer {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new UnsignableBodyError(
    'cannot sign this request body (a stream, Blob or FormData): the signature covers the raw bytes sent, so send a string or bytes',
  );
}

/**
 * The three signature headers of one request: Ed25519 over timestamp + METHOD + path (no query) + raw body.
 * `path` is the path as sent on the request line, without the query string.
 */
export function signatureHeaders(
  key: KeyObject,
  fingerprint: string,
  method: string,
  path: string,
  body: Uint8Array,
  timestampSeconds: number,
): Record<string, string> {
  const timestamp = String(timestampSeconds);
  const message = Buffer.concat([Buffer.from(`${timestamp}${method.toUpperCase()}${path}`, 'utf8'), body]);
  const signature = sign(null, message, key);
  if (signature.length !== signatureBytes) throw new Error(`Ed25519 signature of ${signature.length} bytes`);
  return {
    'x-mkt-signature': signature.toString('base64'),
    'x-mkt-timestamp': timestamp,
    'x-mkt-fingerprint': fingerprint,
  };
}

function withHeaders(existing: RequestInit['headers'], added: Record<string, string>): RequestInit['headers'] {
  if (existing instanceof Headers || Array.isArray(existing)) {
    const merged = new Headers(existing);
    for (const [name, value] of Object.entries(added)) merged.set(name, value);
    return merged;
  }
  return { ...existing, ...added };
}

// A load balancer that sends each market's orders to the process that trades it (the repository's docs/deploy.md,
// "Markets partitioned across processes") reads the market from `x-mkt-market` rather than from the body. The
// middleware names it on the writes that name their market: an order, a batch (its first order's), a cancel of a
// market's orders. It is not signed, and the server never relies on it (a process forwards a write to its market's
// owner either way).
const marketHeader = 'x-mkt-market';
const ordersPath = /\/v1\/orders(\/batch)?$/;
const marketOrdersPath = /\/v1\/markets\/([^/]+)\/orders$/;

function hasHeader(existing: RequestInit['headers'], name: string): boolean {
  if (existing === undefined) return false;
  return new Headers(existing).has(name);
}

/** The market a write names, read as the server reads it; undefined when it names none. */
function marketOfWrite(method: string, url: URL, body: Uint8Array): string | undefined {
  if (method === 'DELETE') {
    const inPath = marketOrdersPath.exec(url.pathname)?.[1];
    if (inPath !== undefined) return decodeURIComponent(inPath);
    return url.pathname.endsWith('/v1/orders') ? (url.searchParams.get('market_id') ?? undefined) : undefined;
  }
  if (method !== 'POST' || !ordersPath.test(url.pathname) || body.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
    const orders = typeof parsed === 'object' && parsed !== null && 'orders' in parsed ? parsed.orders : undefined;
    const order: unknown = Array.isArray(orders) ? orders[0] : parsed;
    const market = typeof order === 'object' && order !== null && 'market_id' in order ? order.market_id : undefined;
    return typeof market === 'string' ? market : undefined;
  } catch {
    return undefined;
  }
}

// The server accepts each signature of a write once (openapi/trading.yaml, "Each signature of a
// write is good once"), and Ed25519 is deterministic: the same write sent twice in one second (a
// retry, a second identical cancel) would carry one signature and the second be refused as
// `signature_replayed`. So the middleware never signs the same write twice with one timestamp: the
// later one waits for the next second. Reads are not refused on a second use and are not held.
const replayGuardedMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const replayWindowSeconds = 30;
const rememberedWritesMax = 10_000;

class WriteTimestamps {
  private readonly lastByWrite = new Map<string, number>(); // digest of method, path, body → last timestamp used

  /** The timestamp to sign this write with: now, or one second after the last use of the same write. */
  next(method: string, path: string, body: Uint8Array, nowSeconds: number): number {
    const digest = createHash('sha256').update(`${method} ${path}\n`).update(body).digest('base64');
    const last = this.lastByWrite.get(digest);
    const timestamp = last === undefined ? nowSeconds : Math.max(nowSeconds, last + 1);
    this.lastByWrite.delete(digest); // re-inserted last, so the map stays in order of use
    this.lastByWrite.set(digest, timestamp);
    if (this.lastByWrite.size > rememberedWritesMax) this.forgetBefore(nowSeconds - replayWindowSeconds);
    return timestamp;
  }

  private forgetBefore(seconds: number): void {
    for (const [digest, timestamp] of this.lastByWrite) {
      if (timestamp >= seconds && this.lastByWrite.size <= rememberedWritesMax) break;
      this.lastByWrite.delete(digest);
    }
  }
}

/**
 * A middleware for the trading SDK's Configuration that signs each request over the exact bytes it sends:
 * `new Configuration({ basePath, middleware: [signingMiddleware({ privateKey, fingerprint })] })`.
 * Each request is signed when it is sent, so a retry gets a fresh timestamp; the same write sent again
 * within one second waits for the next second (the server takes each signature of a write once).
 */
export function signingMiddleware(signingKey: SigningKey, options: SigningOptions = {}): Middleware {
  const key = ed25519PrivateKey(signingKey.privateKey);
  const nowMs = options.nowMs ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const writes = new WriteTimestamps();
  return {
    async pre({ url, init }: RequestContext): Promise<FetchParams> {
      const method = (init.method ?? 'GET').toUpperCase();
      const path = new URL(url).pathname;
      const body = bodyBytes(init.body);
      const now = nowMs();
      let timestamp = Math.floor(now / 1000);
      if (replayGuardedMethods.has(method)) {
        timestamp = writes.next(method, path, body, timestamp);
        if (timestamp * 1000 > now) await sleep(timestamp * 1000 - now);
      }
      const headers = signatureHeaders(key, signingKey.fingerprint, method, path, body, timestamp);
      const market = hasHeader(init.headers, marketHeader) ? undefined : marketOfWrite(method, new URL(url), body);
      if (market !== undefined) headers[marketHeader] = market;
      return { url, init: { ...init, headers: withHeaders(init.headers, headers) } };
    },
  };
}

/**
 * The signer of `MktStream` (`@mkt/sdk/streams`) for the `user.*` streams: Ed25519 with the same
 * signing key, `new MktStream({ url, WebSocket, signer: streamSigner({ privateKey, fingerprint }) })`.
 */
export function streamSigner(signingKey: SigningKey): { fingerprint: string; sign(message: Uint8Array): Uint8Array } {
  const key = ed25519PrivateKey(signingKey.privateKey);
  return { fingerprint: signingKey.fingerprint, sign: (message) => sign(null, message, key) };
}
