import type { ErrorObject, ValidateFunction } from 'ajv';
import type { IncomingHttpHeaders } from 'node:http';
import type { Operation } from 'openapi-backend';
import { AssertionFailed } from '../lib/assert.js';
import { batchItemContext, RequestValidationError, toIssues } from './errors.js';
import type { LoadedDocument } from './openapi.js';
import { parametersOf } from './parameters.js';

/**
 * A request held to its operation's schema by openapi-backend's validators, compiled by ajv from the document at
 * start-up, called directly: openapi-backend's `validateRequest` would copy the request, parse its query, headers,
 * cookies and path again and look the operation's parameters up, on every request. The object validated is the one
 * it builds: `{ requestBody, path, query, header, cookie }`.
 */

/** What validating an operation's requests takes, read from its document once. */
export interface ValidationPlan {
  /** The body's validator (when the operation takes a body), then the parameters' (coercing query types). */
  validators: readonly ValidateFunction[];
  /** Query parameters whose schema is a list: one value is validated as a list of one. */
  listQueryNames: ReadonlySet<string>;
  /** Whether the operation declares header parameters (whose defaults and types ajv would write into the headers). */
  readsHeaders: boolean;
  /** The body's array whose items an issue is reported against (`x-batch-items`). */
  batchItems: string | undefined;
}

type Parameter = ReturnType<typeof parametersOf>[number] & { schema?: { type?: unknown }; content?: unknown };

export function validationPlanOf(document: LoadedDocument, operation: Operation, operationId: string): ValidationPlan {
  const parameters: Parameter[] = parametersOf(operation);
  // openapi-backend parses cookies and JSON-encoded query parameters for these; no document declares one.
  const unsupported = parameters.find((p) => p.in === 'cookie' || (p.in === 'query' && p.content !== undefined));
  if (unsupported !== undefined)
    throw new AssertionFailed(
      `${operationId}: the edge does not validate ${unsupported.in} parameter ${unsupported.name}`,
    );
  const items = 'x-batch-items' in operation ? operation['x-batch-items'] : undefined;
  return {
    validators: document.backend.validator.getRequestValidatorsForOperation(operationId),
    listQueryNames: new Set(
      parameters.filter((p) => p.in === 'query' && p.schema?.type === 'array').map((p) => p.name),
    ),
    readsHeaders: parameters.some((p) => p.in === 'header'),
    batchItems: typeof items === 'string' ? items : undefined,
  };
}

/** The request's parts as validated: path parameters as sent (decoded), the query with its aliases rewritten. */
interface ValidatedParts {
  path: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** The query as the validator coerces it: a copy (lists too), without absent values, one value of a list as a list. */
function queryToValidate(plan: ValidationPlan, query: ValidatedParts['query']): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // defineProperty: a key `__proto__` stays a key.
    const copied = Array.isArray(value) ? value.slice() : plan.listQueryNames.has(name) ? [value] : value;
    Object.defineProperty(copy, name, { value: copied, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * 422 with every issue unless the request matches the operation's schema; answers the query coerced to its types.
 * `reported` is what the issues' values are read from.
 */
export function validateRequest(
  plan: ValidationPlan,
  parts: ValidatedParts,
  reported: Record<string, unknown>,
): Record<string, unknown> {
  const query = queryToValidate(plan, parts.query);
  const header = plan.readsHeaders ? { ...parts.headers } : parts.headers;
  const request: Record<string, unknown> = { path: parts.path, query, header, cookie: {} };
  if (parts.body !== undefined) request.requestBody = parts.body;
  const errors: ErrorObject[] = [];
  for (const validate of plan.validators) {
    validate(request);
    if (validate.errors) errors.push(...validate.errors);
  }
  if (errors.length > 0) {
    const issues = toIssues(errors, reported);
    throw new RequestValidationError(issues, batchItemContext(issues, plan.batchItems));
  }
  return query;
}
