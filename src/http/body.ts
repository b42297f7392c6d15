import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import getRawBody from 'raw-body';
import { ApiError, RequestValidationError } from '../lib/errors.js';
import { textRefusal } from '../lib/text.js';
import { isRecord } from './records.js';

/**
 * Request bodies of the APIs, read as bytes. The bytes are what a signature covers (specification
 * part 5 rule 8), so they are kept as received; the text is decoded from them strictly, and a body
 * that is not UTF-8 is refused rather than repaired (a repaired body would be verified against
 * text the client never signed).
 */

/**
 * Deeper JSON than this is refused: no request of the APIs needs it (a caller's JSON schema may
 * nest 32 levels, about 64 of JSON inside a request's few), and deep values overflow recursive code.
 */
const jsonDepthMax = 128;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

type BodyMediaType = 'json' | 'form';

/** A media type in lower case without parameters or wildcards (`application/json`). */
const plainMediaType = /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/;

/**
 * The media type of a request body among those an operation accepts, from the headers alone (so a
 * refusal costs no reading): null when there is no body; 415 when there is one of another type.
 */
export function bodyMediaType(ctx: Koa.Context, accepted: readonly string[]): BodyMediaType | null {
  const { req } = ctx;
  if (!hasBody(req)) return null;
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Content-Encoding ${encoding} is not accepted: send the body uncompressed (a signature covers the bytes as sent).`,
    );
  }
  const sent = req.headers['content-type'];
  // A Content-Type sent exactly as the document spells it is what type-is would answer, without parsing it.
  const type =
    sent !== undefined && plainMediaType.test(sent) && accepted.includes(sent)
      ? sent
      : accepted.length > 0 && ctx.request.is(...accepted);
  if (!type) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `A body sent as ${sent ?? 'no Content-Type'} is not accepted here. Send the body as ${accepted.join(' or ') || 'nothing: this operation takes no body'}.`,
    );
  }
  return type === 'application/x-www-form-urlencoded' ? 'form' : 'json';
}

/** RFC 9112 §6.3: a request has a body when it says how long it is (and that is not 0) or that it is chunked. */
function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')
  );
}

/** Every byte of the body, up to `bytesMax` (413 beyond). */
export async function readBodyBytes(req: IncomingMessage, bytesMax: number): Promise<Buffer> {
  if (!hasBody(req)) return Buffer.alloc(0);
  const length = req.headers['content-length'];
  try {
    return await getRawBody(req, { limit: bytesMax, length: length === undefined ? undefined : Number(length) });
  } catch (error) {
    const { status, type }: Record<string, unknown> = isRecord(error) ? error : {};
    if (status === 413)
      throw new ApiError(413, 'payload_too_large', `The request body is larger than ${bytesMax} bytes.`);
    if (type === 'request.size.invalid')
      throw new ApiError(400, 'bad_request', 'The request body is shorter or longer than its Content-Length.');
    throw error;
  }
}

/** The body's text; 400 when the bytes are not UTF-8. */
export function decodeBody(bytes: Buffer): string {
  if (bytes.length === 0) return '';
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ApiError(
      400,
      'malformed_json',
      'The request body is not valid UTF-8. Send JSON text encoded as UTF-8 (RFC 8259 §8.1).',
    );
  }
}

/**
 * The body as a value: a JSON object or array, or the fields of a form. Well-formed JSON whose text
 * no API may store is a 422 naming where: NUL characters and lone surrogates (PostgreSQL refuses
 * the one and replaces the other, SQLite keeps both), nesting deeper than `jsonDepthMax`, and the
 * key `__proto__` (it would replace an object's prototype wherever the value is merged).
 */
export function parseBody(text: string, type: BodyMediaType): unknown {
  if (type === 'form') return parseForm(text);
  // \s is the whitespace trim() removes; the test stops at the first other character instead of copying the text.
  if (/^\s*$/.test(text)) return {};
  if (!/^[ \t\n\r]*[[{]/.test(text)) {
    throw new ApiError(
      400,
      'malformed_json',
      'The request body is not valid JSON: it must be a JSON object. Send a JSON object with Content-Type: application/json.',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(
      400,
      'malformed_json',
      `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}. Send a JSON object with Content-Type: application/json.`,
    );
  }
  // Only an escape (`\u0000`, `\ud800`) puts NUL or a lone surrogate in parsed text: strict UTF-8 decoding refuses lone
  // surrogates and JSON.parse refuses a raw NUL.
  const issue = inspectJson(value, text.includes('\\u'));
  if (issue) throw new RequestValidationError([{ path: issue.path, message: issue.message, value: null }]);
  return value;
}

/** RFC 6749 appendix B: fields once each (a repeated field is kept as a list, which validation refuses). */
function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    const issue = textRefusal(name) ?? textRefusal(value);
    if (issue) throw new RequestValidationError([{ path: `body.${name}`, message: issue, value: null }]);
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return { ...fields };
}

interface JsonIssue {
  path: string;
  message: string;
}

/** A value met in the walk; its path (`body.messages.0.content`) is spelled out only for the one refused. */
interface JsonPlace {
  value: unknown;
  depth: number;
  parent: JsonPlace | null;
  key: string;
}

function pathOf(place: JsonPlace): string {
  const keys: string[] = [];
  for (let at: JsonPlace | null = place; at !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The first thing in a parsed JSON value that no API accepts, walked without recursion. `checksText`: whether its
 * strings may hold refused characters at all.
 */
function inspectJson(root: unknown, checksText: boolean): JsonIssue | null {
  const pending: JsonPlace[] = [{ value: root, depth: 0, parent: null, key: 'body' }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value, depth } = place;
    if (typeof value === 'string') {
      const issue = checksText ? textRefusal(value) : null;
      if (issue) return { path: pathOf(place), message: issue };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= jsonDepthMax) return { path: pathOf(place), message: `is nested deeper than ${jsonDepthMax} levels` };
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        pending.push({ value: value[index], depth: depth + 1, parent: place, key: String(index) });
      }
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyIssue =
        key === '__proto__' ? 'is a reserved name and cannot be used as a key' : checksText ? textRefusal(key) : null;
      if (keyIssue) return { path: `${pathOf(place)}.${key}`, message: keyIssue };
      pending.push({ value: item, depth: depth + 1, parent: place, key });
    }
  }
  return null;
}
