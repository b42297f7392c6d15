import type { HostName } from '../../src/app/config.js';
import { checkContract } from './contract.js';

/**
 * A fetch for the generated typescript-fetch clients that gives each reply the same contract check
 * every other test reply gets (requests are signed by the SDK's own signingMiddleware).
 */
export function contractCheckingFetch(host: HostName): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = await response.clone().text();
    const body =
      (response.headers.get('content-type') ?? '').includes('json') && text !== '' ? JSON.parse(text) : undefined;
    await checkContract({
      host,
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      status: response.status,
      headers: response.headers,
      body,
      text,
    });
    return response;
  };
}
