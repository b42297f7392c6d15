import { isIP } from 'node:net';

/**
 * Whether a supplier's endpoint URL may be used (issue 31): http or https, and not mkt itself, so a supplier cannot
 * make the gateway call its own listeners (a loop through its own consumption host, or requests to its platform host
 * from inside). mkt's origins are its listeners and configured public URLs; a URL names one of them when it has the
 * same port and the same host, or when both hosts are spellings of this machine (localhost, any 127.x address, ::1,
 * 0.0.0.0, an IPv4-mapped loopback; the URL parser already turns 2130706433 and 0x7f.1 into 127.0.0.1).
 */
export type EndpointUrlRefusal = 'endpoint_url_invalid' | 'endpoint_url_is_mkt';

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** host (lower case, without IPv6 brackets) and port (explicit or the scheme's) of a URL. */
function originOf(url: URL): { host: string; port: string } {
  return {
    host: url.hostname.toLowerCase().replace(/^\[|\]$/g, ''),
    port: url.port || (defaultPorts[url.protocol] ?? ''),
  };
}

/** Whether a host is a spelling of this machine. */
function isLocalSpelling(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '0.0.0.0' || host === '::' || host === '::1')
    return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
  if (mapped === undefined) return false;
  if (isIP(mapped) === 4) return mapped.startsWith('127.') || mapped === '0.0.0.0';
  // ::ffff:7f00:1 is how the URL parser writes ::ffff:127.0.0.1
  return /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(mapped);
}

/** The refusal of `text` as an endpoint URL, with why; null when it may be used. */
export function refuseEndpointUrl(
  text: string,
  mktOrigins: readonly string[],
): { code: EndpointUrlRefusal; detail: string } | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { code: 'endpoint_url_invalid', detail: `base_url ${text} is not a URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { code: 'endpoint_url_invalid', detail: `base_url must be http or https, got ${url.protocol}` };
  if (url.username !== '' || url.password !== '')
    return { code: 'endpoint_url_invalid', detail: 'base_url must not carry credentials; send the key as api_key.' };
  const target = originOf(url);
  for (const text of mktOrigins) {
    const own = originOf(new URL(text));
    const sameHost = own.host === target.host || (isLocalSpelling(own.host) && isLocalSpelling(target.host));
    if (own.port === target.port && sameHost)
      return { code: 'endpoint_url_is_mkt', detail: `base_url ${url.origin} is mkt itself; give your upstream's URL.` };
  }
  return null;
}
