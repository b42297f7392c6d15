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

/** Checks the query of an operation that reads one (others ignore theirs). */
export function checkQueryText(querystring: string): void {
  if (querystring === '') return;
  for (const pair of querystring.split('&')) {
    const [rawName = '', rawValue = ''] = pair.replace(/\+/g, ' ').split('=', 2);
    const name = decoded(rawName, 'query');
    decoded(rawValue, `query.${name}`);
  }
}
