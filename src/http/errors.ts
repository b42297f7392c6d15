import type { ErrorObject } from 'ajv';
import type Koa from 'koa';
import { toIso } from '../lib/clock.js';
import { ApiError, RequestValidationError, type ValidationIssue } from '../lib/errors.js';

export { RequestValidationError };
import type { Logger } from '../lib/logger.js';
import { isRecord } from './records.js';

const locationNames: Record<string, string> = {
  requestBody: 'body',
  query: 'query',
  path: 'path',
  header: 'header',
  cookie: 'cookie',
};

/** An enum's values as a client would write them: `must be one of buy, sell`. */
function enumMessage(allowed: unknown): string {
  const shown = (value: unknown) =>
    value === null ? 'null' : typeof value === 'string' ? value : JSON.stringify(value);
  return `must be one of ${(Array.isArray(allowed) ? allowed : []).map((value: unknown) => shown(value)).join(', ')}`;
}

/** ajv errors → issues with dotted paths (`body.price`, `query.limit`) and the offending value. */
export function toIssues(errors: ErrorObject[], input: Record<string, unknown>): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    // oneOf/anyOf report every branch; the branch errors say more than the summary.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let value: unknown = input;
    for (const segment of segments) value = isRecord(value) ? value[segment] : undefined;
    if (error.keyword === 'required') {
      segments.push(String(error.params.missingProperty));
      value = null;
    }
    if (error.keyword === 'additionalProperties') {
      const name = String(error.params.additionalProperty);
      segments.push(name);
      value = isRecord(value) ? value[name] : undefined;
    }
    const [location = '', ...rest] = segments;
    const path = [locationNames[location] ?? location, ...rest].join('.');
    const message =
      error.keyword === 'required'
        ? 'is required'
        : error.keyword === 'additionalProperties'
          ? 'is not a known field'
          : error.keyword === 'enum'
            ? enumMessage(error.params.allowedValues)
            : (error.message ?? 'is invalid');
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message, value: preview(value) });
  }
  return issues.length > 0 ? issues : [{ path: 'body', message: 'is invalid', value: null }];
}

/**
 * An operation whose body is a list of items (`x-batch-items: orders`) reports the 0-based index of
 * the first item an issue names, so a client knows which item to fix.
 */
export function batchItemContext(
  issues: readonly ValidationIssue[],
  itemsField: string | undefined,
): Record<string, unknown> {
  if (itemsField === undefined) return {};
  const prefix = `body.${itemsField}.`;
  const indexes = issues
    .flatMap((issue) => (issue.path.startsWith(prefix) ? [Number(issue.path.slice(prefix.length).split('.')[0])] : []))
    .filter(Number.isInteger);
  return indexes.length === 0 ? {} : { index: Math.min(...indexes) };
}

const previewCharsMax = 256;

/**
 * The offending value as an issue shows it: small values as sent; a long string cut short and a
 * large object or array left out, so an error never echoes a whole prompt back.
 */
function preview(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.length > previewCharsMax ? `${value.slice(0, previewCharsMax)}…` : value;
  if (value !== null && typeof value === 'object' && !smallerThan(value, previewCharsMax)) return null;
  return value;
}

/** Whether a JSON value's strings, keys and items add up to fewer than `budget` characters; stops early. */
function smallerThan(root: object, budget: number): boolean {
  const pending: unknown[] = [root];
  let left = budget;
  while (pending.length > 0 && left > 0) {
    const value = pending.pop();
    if (typeof value === 'string') left -= value.length + 2;
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        left -= key.length + 4;
        pending.push(item);
      }
    } else left -= 8;
  }
  return left > 0;
}

/** `chat`: the chat-completions array (specification part 7); `oauth`: RFC 6749 §5.2 invalid_request. */
export type ValidationShape = 'envelope' | 'chat' | 'oauth';

/**
 * The error shape a host's clients read besides the specification's `errors` (DESIGN.md §9): the
 * consumption host's OpenAI clients show `error.message`, the messages host's Anthropic clients
 * `error.message` of `{type: 'error', error: {type, message}}`.
 */
export type ErrorDialect = 'openai' | 'anthropic';

/**
 * Renders any thrown value in the specification's envelopes, and the host's dialect beside them; internals never reach
 * the client.
 */
export function renderError(
  ctx: Koa.Context,
  error: unknown,
  shape: ValidationShape,
  logger: Logger,
  nowUs: number,
  dialect?: ErrorDialect,
): void {
  renderEnvelope(ctx, error, shape, logger, nowUs);
  if (dialect && shape !== 'oauth')
    ctx.body = { ...(ctx.body as object), ...dialectOf(dialect, ctx.status, error, ctx.body as SpecificationBody) };
}

type SpecificationBody = { errors: { code: string; detail: string } | { path: string; message: string }[] };

const openAiTypes: Record<number, string> = {
  401: 'authentication_error',
  402: 'insufficient_quota',
  403: 'permission_error',
  429: 'rate_limit_error',
};
const anthropicTypes: Record<number, string> = {
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  503: 'overloaded_error',
};

/** The same error as OpenAI's or Anthropic's clients read it: the detail as `message`, a type by status. */
function dialectOf(
  dialect: ErrorDialect,
  status: number,
  error: unknown,
  body: SpecificationBody,
): Record<string, unknown> {
  const list = Array.isArray(body.errors) ? body.errors : null;
  const code = list ? 'validation_error' : (body.errors as { code: string }).code;
  const message = list
    ? `Invalid request: ${list.map((i) => `${i.path} ${i.message}`).join('; ')}.`
    : (body.errors as { detail: string }).detail;
  if (dialect === 'anthropic') {
    return {
      type: 'error',
      error: { type: anthropicTypes[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message },
    };
  }
  const type =
    code === 'balance_replenishing'
      ? code
      : (openAiTypes[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'));
  const firstPath = error instanceof RequestValidationError ? error.issues[0]?.path : undefined;
  const param = firstPath === undefined ? null : firstPath.replace(/^(body|query|path|header)\./, '');
  return { error: { message, type, code, param } };
}

function renderEnvelope(ctx: Koa.Context, error: unknown, shape: ValidationShape, logger: Logger, nowUs: number): void {
  const serverTime = toIso(nowUs);
  if (
    shape === 'oauth' &&
    (error instanceof RequestValidationError || (error instanceof ApiError && error.code === 'malformed_json'))
  ) {
    ctx.status = 400;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Pragma', 'no-cache');
    const description =
      error instanceof RequestValidationError
        ? error.issues.map((i) => `${i.path.replace(/^body\./, '')} ${i.message}`).join('; ')
        : error.message;
    ctx.body = { error: 'invalid_request', error_description: description };
    return;
  }
  if (error instanceof RequestValidationError) {
    ctx.status = 422;
    ctx.body =
      shape === 'chat'
        ? {
            errors: error.issues.map((i) => ({
              path: i.path.replace(/^body\./, ''),
              message: i.message,
              value: i.value,
            })),
          }
        : {
            errors: errorBody(
              'validation_error',
              `Invalid request: ${error.issues.map((i) => `${i.path} ${i.message}`).join('; ')}.`,
              serverTime,
              {
                ...error.context,
                errors: error.issues,
              },
            ),
          };
    return;
  }
  if (error instanceof ApiError) {
    ctx.status = error.status;
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    ctx.body = { errors: errorBody(error.code, error.detail, serverTime, error.context) };
    return;
  }
  logger.error({ err: error, request_id: ctx.state.requestId }, 'unhandled error');
  ctx.status = 500;
  const detail = `Something went wrong on our side. Retry with exponential backoff; if it persists, quote request id ${String(ctx.state.requestId)}.`;
  ctx.body = { errors: errorBody('internal_error', detail, serverTime, undefined) };
}

/**
 * The specification's `errors` object. `message` repeats `detail`: the live service's clients
 * (its CLI and SDK) show `errors.message`, the specification's show `errors.detail`.
 */
function errorBody(code: string, detail: string, serverTime: string, context: Record<string, unknown> | undefined) {
  return { code, detail, message: detail, server_time: serverTime, ...(context === undefined ? {} : { context }) };
}
