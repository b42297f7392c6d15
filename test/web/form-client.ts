import { request, type IncomingHttpHeaders } from 'node:http';

/**
 * Dashboard forms sent over node:http rather than fetch, so a test may forge the Host header (fetch
 * does not let a caller set it) and read every Set-Cookie line. A signed-out form passes the CSRF
 * check by double submit: the same token in the `mkt_csrf` cookie and in the form (src/web/csrf.ts).
 */
const anonymousCsrfToken = 'T'.repeat(43);

export interface PageReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Every Set-Cookie line, as sent. */
  cookies: string[];
}

interface PageRequestOptions {
  /** Sent as application/x-www-form-urlencoded, with the anonymous CSRF token unless one is given. */
  form?: Record<string, string>;
  /** The Cookie header; the anonymous CSRF cookie is added to every form post. */
  cookie?: string;
  /** A Host header other than the listener's. */
  host?: string;
  /** The local address to connect from, e.g. 127.0.0.2: another client address on the loopback network. */
  from?: string;
}

export function sendPage(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: PageRequestOptions = {},
): Promise<PageReply> {
  const body = options.form ? new URLSearchParams({ csrf_token: anonymousCsrfToken, ...options.form }).toString() : '';
  const cookie = [options.cookie, options.form ? `mkt_csrf=${anonymousCsrfToken}` : undefined]
    .filter(Boolean)
    .join('; ');
  const headers: Record<string, string> = {};
  if (cookie !== '') headers.cookie = cookie;
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return sendRaw(baseUrl, method, path, { headers, body, host: options.host, from: options.from });
}

/** One request with exactly these headers (Host included) and body. */
export function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: string;
    host?: string | undefined;
    from?: string | undefined;
  } = {},
): Promise<PageReply> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body ?? '';
  const headers: Record<string, string | number> = { host: options.host ?? `${hostname}:${port}`, ...options.headers };
  if (body !== '') headers['content-length'] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: hostname, port, method, path, headers, ...(options.from ? { localAddress: options.from } : {}) },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode!,
            headers: incoming.headers,
            text,
            cookies: incoming.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The reply's headers as a fetch Headers object (for checkContract). */
export function fetchHeaders(reply: PageReply): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** `name=value` of the cookie called `name` among Set-Cookie lines, or undefined. */
export function cookieNamed(reply: PageReply, name: string): string | undefined {
  return reply.cookies.find((line) => line.startsWith(`${name}=`));
}
