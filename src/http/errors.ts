import type { ErrorObject } from 'ajv';
import type Koa from 'koa';
import { toIso } from '../lib/clock.js';
import { ApiError, RequestValidationError, type ValidationIssue } from '../lib/errors.js';

export { RequestValidationError, type ValidationIssue };
import type { Logger } from '../lib/logger.js';

const locationNames: Record<string, string> = { requestBody: 'body', query: 'query', path: 'path', header: 'header', cookie: 'cookie' };

/** ajv errors → issues with dotted paths (`body.price`, `query.limit`) and the offending value. */
export function toIssues(errors: ErrorObject[], input: Record<string, unknown>): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    // oneOf/anyOf report every branch; the branch errors say more than the summary.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
    const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let value: unknown = input;
    for (const segment of segments) value = (value as Record<string, unknown> | undefined)?.[segment];
    if (error.keyword === 'required') {
      segments.push(String(error.params.missingProperty));
      value = null;
    }
    if (error.keyword === 'additionalProperties') {
      const name = String(error.params.additionalProperty);
      segments.push(name);
      value = (value as Record<string, unknown> | undefined)?.[name];
    }
    const [location = '', ...rest] = segments;
    const path = [locationNames[location] ?? location, ...rest].join('.');
    const message =
      error.keyword === 'required'
        ? 'is required'
        : error.keyword === 'additionalProperties'
          ? 'is not a known field'
          : error.keyword === 'enum'
            ? `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`
            : (error.message ?? 'is invalid');
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message, value: preview(value) });
  }
  return issues.length > 0 ? issues : [{ path: 'body', message: 'is invalid', value: null }];
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

/** Renders any thrown value in the specification's envelopes; internals never reach the client. */
export function renderError(ctx: Koa.Context, error: unknown, shape: ValidationShape, logger: Logger, nowUs: number): void {
  const serverTime = toIso(nowUs);
  if (shape === 'oauth' && (error instanceof RequestValidationError || (error instanceof ApiError && error.code === 'malformed_json'))) {
    ctx.status = 400;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Pragma', 'no-cache');
    const description = error instanceof RequestValidationError ? error.issues.map((i) => `${i.path.replace(/^body\./, '')} ${i.message}`).join('; ') : error.message;
    ctx.body = { error: 'invalid_request', error_description: description };
    return;
  }
  if (error instanceof RequestValidationError) {
    ctx.status = 422;
    ctx.body =
      shape === 'chat'
        ? { errors: error.issues.map((i) => ({ path: i.path.replace(/^body\./, ''), message: i.message, value: i.value })) }
        : {
            errors: {
              code: 'validation_error',
              detail: `Invalid request: ${error.issues.map((i) => `${i.path} ${i.message}`).join('; ')}.`,
              server_time: serverTime,
              context: { errors: error.issues },
            },
          };
    return;
  }
  if (error instanceof ApiError) {
    ctx.status = error.status;
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    if (shape === 'chat' && error.code === 'balance_replenishing') {
      // Specification part 7: on chat completions this one answer takes the OpenAI error shape.
      ctx.body = { error: { code: error.code, message: error.detail, type: error.code, param: null } };
      return;
    }
    ctx.body = {
      errors: {
        code: error.code,
        detail: error.detail,
        server_time: serverTime,
        ...(error.context === undefined ? {} : { context: error.context }),
      },
    };
    return;
  }
  logger.error({ err: error, request_id: ctx.state.requestId }, 'unhandled error');
  ctx.status = 500;
  ctx.body = {
    errors: {
      code: 'internal_error',
      detail: `Something went wrong on our side. Retry with exponential backoff; if it persists, quote request id ${String(ctx.state.requestId)}.`,
      server_time: serverTime,
    },
  };
}
