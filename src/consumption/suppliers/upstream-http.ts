import http from 'node:http';
import https from 'node:https';

/**
 * The HTTP under the OpenAI-compatible adapter: a POST on a kept-alive connection pool, answered as
 * a status, a content type and the body's bytes as they arrive. node:http rather than fetch: undici's
 * fetch wraps every answer in web streams and a Response, about a tenth of the gateway's CPU per
 * request, for nothing a relay of bytes needs.
 *
 * - Pooled: one Agent per protocol for every upstream (it pools per host and port), sockets kept
 *   alive between requests; an idle socket does not hold the process open.
 * - Backpressure: the body is read only as fast as its reader asks (a paused socket stops the
 *   upstream through TCP), never buffered ahead.
 * - Cancellation: the signal (the caller went away, or a deadline passed) destroys the request and
 *   its socket at once; so does a reader that stops early (`return()` on the body).
 */
export interface UpstreamAnswer {
  status: number;
  contentType: string;
  /** The body's bytes as they come; returning early closes the connection. */
  body: AsyncIterableIterator<Uint8Array>;
}

interface UpstreamPost {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

export type UpstreamTransport = (url: URL, post: UpstreamPost) => Promise<UpstreamAnswer>;

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * The pooled transport. A kept-alive socket the upstream closed just as it was reused fails before any answer: tried
 * once more on a new one.
 */
export const pooledTransport: UpstreamTransport = async (url, post) => {
  try {
    return await postOnce(url, post);
  } catch (error) {
    if (!(error instanceof ReusedSocketClosed)) throw error;
    return postOnce(url, post);
  }
};

class ReusedSocketClosed extends Error {}

function postOnce(url: URL, post: UpstreamPost): Promise<UpstreamAnswer> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: agents[secure ? 'https:' : 'http:'],
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        signal: post.signal,
      },
      (response: http.IncomingMessage) => {
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '', // node:http keeps one content-type (it drops duplicates)
          body: response[Symbol.asyncIterator](),
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code;
      if (request.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE') && !post.signal.aborted)
        reject(new ReusedSocketClosed(error.message));
      else reject(error);
    });
    request.end(post.body);
  });
}

/** An injected `fetch` (tests script their upstream with one) as a transport. */
export function fetchTransport(fetchUpstream: typeof fetch): UpstreamTransport {
  return async (url, post) => {
    const response = await fetchUpstream(url, {
      method: 'POST',
      headers: post.headers,
      body: post.body,
      signal: post.signal,
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: bytesOf(response.body),
    };
  };
}

async function* bytesOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (body === null) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The whole body as text. */
export async function textOf(answer: UpstreamAnswer): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of answer.body) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}

/** Lets the rest of an answer go (and its connection, unless the answer had already ended). */
export async function discard(answer: UpstreamAnswer): Promise<void> {
  await answer.body.return?.(undefined);
}
