import type { Operation } from 'openapi-backend';
import { RequestValidationError } from '../lib/errors.js';
import { textRefusal } from '../lib/text.js';

/**
 * Path and query parameters as the client meant them. A broken %-escape, bytes that are not UTF-8
 * (Node's query parser would quietly turn them into U+FFFD) and text no API stores (NUL) are a
 * 422 naming the parameter, as any other bad parameter value is, the same on both databases.
 */

/** An operation's parameters: the loaded document is dereferenced, so each is an object with its name and place. */
export function parametersOf(operation: Operation): { name: string; in: string; 'x-mkt-alias-of'?: unknown }[] {
  return (operation.parameters ?? []).filter((p) => 'in' in p);
}

function decoded(raw: string, where: string): string {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw new RequestValidationError([
      {
        path: where,
        message: 'is not valid percent-encoded UTF-8: encode each byte of the UTF-8 text as %XX',
        value: raw.slice(0, 64),
      },
    ]);
  }
  const refusal = textRefusal(text);
  if (refusal) throw new RequestValidationError([{ path: where, message: refusal, value: null }]);
  return text;
}

export function decodePathParameter(name: string, raw: string): string {
  return decoded(raw, `path.${name}`);
}

/** A query as Koa parses it: each name once, in the order first sent; a repeated name's values in a list. */
type SentQuery = Record<string, string | string[]>;

/**
 * The query of an operation that reads one (others ignore theirs), checked and parsed in one pass: a value whose
 * escapes are all sound is the text decodeURIComponent gives, which is what Koa's parse (URLSearchParams) gives for it.
 */
export function checkedQuery(querystring: string): SentQuery {
  const query: SentQuery = {};
  if (querystring === '') return query;
  for (const pair of querystring.split('&')) {
    const spaced = pair.replace(/\+/g, ' ');
    const equals = spaced.indexOf('=');
    const name = decoded(equals === -1 ? spaced : spaced.slice(0, equals), 'query');
    const rawValue = equals === -1 ? '' : spaced.slice(equals + 1);
    // A second `=` is checked only up to itself, as it always was; URLSearchParams reads the value past it.
    const value = rawValue.includes('=')
      ? lenientValue(rawValue, pair.slice(equals + 1), name)
      : decoded(rawValue, `query.${name}`);
    if (pair !== '') addQueryValue(query, name, value);
  }
  return query;
}

/** `spacedValue` is the value with `+` read as a space, `sentValue` as sent. */
function lenientValue(spacedValue: string, sentValue: string, name: string): string {
  decoded(spacedValue.slice(0, spacedValue.indexOf('=')), `query.${name}`);
  return new URLSearchParams(`v=${sentValue}`).get('v') ?? '';
}

function addQueryValue(query: SentQuery, name: string, value: string): void {
  const seen = Object.hasOwn(query, name) ? query[name] : undefined;
  const values = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  // defineProperty, as Koa's parse: a name `__proto__` stays a name.
  Object.defineProperty(query, name, { value: values, writable: true, enumerable: true, configurable: true });
}
