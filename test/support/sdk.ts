import type { HostName } from '../../src/config.js';
import { checkContract } from './contract.js';
import { signatureHeaders, type SigningKey } from './http.js';

/**
 * Pieces to configure the generated typescript-fetch clients the way an integrator would, plus
 * the same contract check every other test reply gets.
 */
export function contractCheckingFetch(host: HostName): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = await response.clone().text();
    const body = (response.headers.get('content-type') ?? '').includes('json') && text !== '' ? JSON.parse(text) : undefined;
    await checkContract({ host, method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname + url.search, status: response.status, headers: response.headers, body, text });
    return response;
  };
}

interface FetchParams {
  url: string;
  init: RequestInit;
}

/** An SDK middleware that signs each request (specification part 5) over the exact body it sends. */
export function signingMiddleware(key: SigningKey) {
  return {
    async pre({ url, init }: FetchParams): Promise<FetchParams> {
      const body = typeof init.body === 'string' ? init.body : '';
      const headers = { ...(init.headers as Record<string, string>), ...signatureHeaders(key, init.method ?? 'GET', new URL(url).pathname, body) };
      return { url, init: { ...init, headers } };
    },
  };
}
