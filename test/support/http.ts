import nacl from 'tweetnacl';
import type { HostName } from '../../src/app/config.js';
import { checkContract } from './contract.js';

export interface Reply<Body = any> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

export interface SigningKey {
  privateKey: string; // base64 of the 32-byte seed (or 64-byte secret key)
  fingerprint: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, e.g. malformed JSON. */
  rawBody?: string;
  /** Sent as these exact bytes, e.g. invalid UTF-8 (signed over the same bytes unless `signedBody` says otherwise). */
  bytes?: Buffer;
  /** Signs over this body instead of the one sent (a client that signs something else). */
  signedBody?: Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** The query string as is, after `?` (e.g. literal brackets, as axios sends `flop[filters][0][field]`). */
  rawQuery?: string;
  sign?: SigningKey;
  /** Signs with this timestamp instead of now (seconds). */
  signedAt?: number;
  bearer?: string;
  redirect?: 'manual' | 'follow' | 'error';
}

/** Ed25519 headers of specification part 5, made with tweetnacl as a client would. */
export function signatureHeaders(
  key: SigningKey,
  method: string,
  path: string,
  body: string | Buffer,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const secret = Buffer.from(key.privateKey, 'base64');
  const pair = secret.length === 32 ? nacl.sign.keyPair.fromSeed(secret) : nacl.sign.keyPair.fromSecretKey(secret);
  const message = Buffer.concat([Buffer.from(`${timestamp}${method.toUpperCase()}${path}`, 'utf8'), Buffer.from(body)]);
  const signature = nacl.sign.detached(message, pair.secretKey);
  return {
    'x-mkt-signature': Buffer.from(signature).toString('base64'),
    'x-mkt-timestamp': String(timestamp),
    'x-mkt-fingerprint': key.fingerprint,
  };
}

/**
 * A signed POST, PUT, PATCH or DELETE is accepted once (DESIGN.md §9), and Ed25519 is deterministic:
 * the same request signed twice in one second is a replay. Tests send the same request again on
 * purpose (a cancel and then its 409, a refused body repeated by the next table row), so, like a
 * careful client, the test client signs a repeat with an earlier second of the 30-second window,
 * and no two of its requests share a signature. A test that means to replay passes `signedAt`.
 */
const replayGuardedMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const signedRecently = new Map<string, number>(); // signed string → when it was sent (ms)
const repeatSpreadSeconds = 20;

function freshTimestamp(key: SigningKey, method: string, path: string, body: Buffer): number | undefined {
  if (!replayGuardedMethods.has(method.toUpperCase())) return undefined;
  const nowMs = Date.now();
  for (const [signed, atMs] of signedRecently) if (nowMs - atMs > 60_000) signedRecently.delete(signed);
  const now = Math.floor(nowMs / 1000);
  for (let timestamp = now; timestamp > now - repeatSpreadSeconds; timestamp -= 1) {
    const signed = `${key.fingerprint} ${timestamp}${method.toUpperCase()}${path}${body.toString('base64')}`;
    if (!signedRecently.has(signed)) {
      signedRecently.set(signed, nowMs);
      return timestamp;
    }
  }
  throw new Error(
    `the test sent ${method} ${path} with this body ${repeatSpreadSeconds} times within a second: vary the request`,
  );
}

/** Plain fetch against one host; every reply is checked against the documents before a test sees it. */
export class HostClient {
  constructor(
    readonly host: HostName,
    readonly baseUrl: string,
  ) {}

  get = (path: string, options: RequestOptions = {}) => this.request('GET', path, options);
  post = (path: string, options: RequestOptions = {}) => this.request('POST', path, options);
  put = (path: string, options: RequestOptions = {}) => this.request('PUT', path, options);
  patch = (path: string, options: RequestOptions = {}) => this.request('PATCH', path, options);
  delete = (path: string, options: RequestOptions = {}) => this.request('DELETE', path, options);

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const text = options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body));
    const sent = options.bytes ?? Buffer.from(text, 'utf8');
    const headers: Record<string, string> = {};
    if (sent.length > 0) headers['content-type'] = 'application/json';
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.sign) {
      const signed = options.signedBody ?? sent;
      Object.assign(
        headers,
        signatureHeaders(
          options.sign,
          method,
          path,
          signed,
          options.signedAt ?? freshTimestamp(options.sign, method, path, signed),
        ),
      );
    }
    Object.assign(headers, options.headers);
    const query =
      options.rawQuery !== undefined
        ? '?' + options.rawQuery
        : options.query
          ? '?' +
            new URLSearchParams(
              Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString()
          : '';
    const response = await fetch(this.baseUrl + path + query, {
      method,
      headers,
      // Text where it can be (fetch re-sends a string when it follows a 307, not a buffer it has transferred).
      body: sent.length === 0 ? undefined : (options.bytes ?? text),
      redirect: options.redirect ?? 'manual',
    });
    const body = await response.text();
    let parsed: unknown = undefined;
    if ((response.headers.get('content-type') ?? '').includes('json') && body !== '') parsed = JSON.parse(body);
    const reply: Reply = { status: response.status, headers: response.headers, body: parsed, text: body };
    await checkContract({
      host: this.host,
      method,
      path: path + query,
      status: reply.status,
      headers: reply.headers,
      body: parsed,
      text: body,
    });
    return reply;
  }
}
