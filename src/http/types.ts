import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { TicketClaims } from '../core/tickets.js';
import type { PendingClaim } from '../core/signatures.js';

/** Who is calling, as established by one of the security schemes of specification part 5. */
export type Principal =
  /**
   * A consumption key, or on `/r/v1/…` the admission ticket issued to one (`ticket`: what the redirect established).
   */
  | { kind: 'api_key'; userId: string; apiKeyId: string; ticket?: TicketClaims }
  | { kind: 'signature'; userId: string; signingKeyId: string; fingerprint: string; pendingClaim?: PendingClaim }
  | { kind: 'oauth'; userId: string; grantId: string; scopes: ReadonlySet<string> }
  /** `authenticatedAtUs`: when the user last proved the password in this session (withdrawals need it recent). */
  | { kind: 'session'; userId: string; sessionId: string; authenticatedAtUs: number };

export interface ApiRequest<Params = Record<string, string>, Query = Record<string, unknown>, Body = unknown> {
  operationId: string;
  params: Params;
  query: Query;
  body: Body;
  /** The body's bytes as received (what an admission ticket is bound to). */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The socket's remote address, for throttles (src/http/client-address.ts: never X-Forwarded-For). */
  clientAddress: string;
  principal: Principal | null;
  requestId: string;
  /** This server's own id of the request (`req_…`), sent as `x-mkt-request-id` on the consumption API. */
  mktRequestId: string;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

export interface ApiResponse<Body = unknown> {
  status: number;
  body?: Body | Readable;
  headers?: Record<string, string | number>;
}

/**
 * One operation's handler as the edge calls it: the request, and the dependencies of its surface
 * (`src/<surface>/deps.ts`), which the composition root (src/app/services.ts) builds once. The edge
 * has checked the request against the operation's schema, so a handler reads it typed (OperationHandler).
 */
export type Handler<Deps = unknown> = (request: ApiRequest<never, never, never>, deps: Deps) => Promise<ApiResponse>;

// ---- typing handlers from the openapi-typescript `operations` of a document ----------------------

type Defined<T> = [T] extends [never]
  ? Record<string, never>
  : [T] extends [undefined]
    ? Record<string, never>
    : NonNullable<T>;

type PathOf<O> = O extends { parameters: { path?: infer P } } ? Defined<P> : Record<string, never>;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Defined<Q> : Record<string, never>;
type BodyOf<O> = O extends { requestBody: { content: infer C } }
  ? C[keyof C]
  : O extends { requestBody?: { content: infer C } }
    ? C[keyof C] | undefined
    : undefined;

type SuccessStatus = 200 | 201 | 202 | 204 | 307;
type SuccessBodyOf<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: R[S] extends { content: infer C } ? C[keyof C] : undefined }[keyof R &
      SuccessStatus]
  : never;

export type OperationHandler<O, Deps> = (
  request: ApiRequest<PathOf<O>, QueryOf<O>, BodyOf<O>>,
  deps: Deps,
) => Promise<ApiResponse<SuccessBodyOf<O>>>;

/** One handler per operationId of a document; the compiler and the start-up check both hold us to it. */
export type HandlerMap<Operations, Deps> = { [K in keyof Operations]: OperationHandler<Operations[K], Deps> };
