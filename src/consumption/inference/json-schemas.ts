import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { components } from '../../../generated/types/consumption.js';
import {
  admitsNothing,
  depthOf,
  hasRegularExpression,
  invalidPattern,
  isObject,
  unresolvedReference,
  type SchemaObject,
} from './json-schema-checks.js';

/**
 * The JSON Schemas a caller writes into a request (tool parameters, the output format) and what
 * the gateway does with them (specification part 7; DESIGN.md §7):
 *
 * - On admission a schema must be a valid JSON Schema (draft 2020-12, or draft-07 when it says so
 *   or when only that draft accepts it), self-contained (every `$ref` resolves inside it), not
 *   obviously impossible to satisfy (`false`, `{"not": {}}`, `{"enum": []}` at the top), at most
 *   `schemaCharsMax` characters of JSON and `schemaDepthMax` levels deep. Otherwise `422`.
 *   This check is linear in the schema's size: admission never compiles a caller's schema.
 * - After an answer, `fits` tells whether it is JSON that fits the output format's schema. That
 *   is recorded on the receipt and never decides billing: the caller chose the schema. Compiling
 *   costs far more than checking (10 to 70 ms for a 5 KB schema on a busy machine, all of it on
 *   the event loop), so only schemas up to `fitSchemaCharsMax` are compiled, each once (least
 *   recently used dropped past `compiledSchemasMax`), within a budget of compile time
 *   (`compileBudgetMs`, refilled at `compileMsPerSecond`) that a flood of distinct schemas cannot
 *   exceed; the gateway never runs a caller's regular expression (a schema with `pattern` or
 *   `patternProperties` is checked for being JSON only), and formats are not checked. A schema
 *   not compiled is checked for the answer being JSON only.
 */

/** The most characters of JSON one schema may have (OpenAI's structured outputs allow about as many). */
export const schemaCharsMax = 100_000;
/** The deepest nesting of objects and arrays inside one schema. */
const schemaDepthMax = 32;
/** Output-format schemas up to this size are compiled to check answers against them. */
const fitSchemaCharsMax = 4096;
const compiledSchemasMax = 256;
/** Compiling may take this much of the event loop in a burst, and this much a second after it (2% of a core). */
const compileBudgetMs = 200;
const compileMsPerSecond = 20;
/** Caller schemas checked recently, by a hash of their JSON text: agents send the same tools with every turn. */
const checkedSchemasMax = 1024;
const messageCharsMax = 300;
const echoDepthMax = 8;
const echoCharsMax = 2000;

/** A small least-recently-used map. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly sizeMax: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    const oldest = this.entries.keys().next();
    if (this.entries.size > this.sizeMax && oldest.done !== true) this.entries.delete(oldest.value);
  }
}

/**
 * What the schema checks keep between requests, made once per process (app/services.ts): the
 * meta-schema checkers, the compilers of the fit check, the schemas checked and compiled recently,
 * and the compile budget.
 */
export interface JsonSchemas {
  /** Meta-schema checks only: these instances never compile a caller's schema. */
  meta: { draft2020: Ajv2020; draft07: Ajv };
  /** Compilers for the fit check: no formats, no schema registry that would grow with every schema. */
  compilers: { draft2020: Ajv2020; draft07: Ajv };
  /** Problems of caller schemas checked recently ('' for none), by a hash of their JSON text. */
  problems: Recent<string>;
  compiled: Recent<ValidateFunction | 'unchecked'>;
  budget: { ms: number; atMs: number };
  /** A monotonic clock in milliseconds, for the compile budget. */
  nowMs: () => number;
}

const compilerOptions = {
  strict: false,
  logger: false,
  allErrors: false,
  validateSchema: false,
  addUsedSchema: false,
  validateFormats: false,
  loopRequired: 8,
  loopEnum: 8,
} as const;

export function newJsonSchemas(nowMs: () => number = () => performance.now()): JsonSchemas {
  const meta = {
    draft2020: new Ajv2020({ strict: false, logger: false, allErrors: false }),
    draft07: new Ajv({ strict: false, logger: false, allErrors: false }),
  };
  addFormats.default(meta.draft2020, ['regex', 'uri-reference', 'uri']);
  addFormats.default(meta.draft07, ['regex', 'uri-reference', 'uri']);
  return {
    meta,
    compilers: { draft2020: new Ajv2020(compilerOptions), draft07: new Ajv(compilerOptions) },
    problems: new Recent<string>(checkedSchemasMax),
    compiled: new Recent<ValidateFunction | 'unchecked'>(compiledSchemasMax),
    budget: { ms: compileBudgetMs, atMs: nowMs() },
    nowMs,
  };
}

/**
 * Why a caller's schema cannot be used (the message of a 422), or null when it can. The depth is
 * measured before anything recurses, so a schema nested thousands deep costs a short walk.
 */
export function schemaProblemOf(schemas: JsonSchemas, schema: unknown): string | null {
  const depth = depthOf(schema, schemaDepthMax);
  if (depth > schemaDepthMax) return `is nested too deeply: at most ${schemaDepthMax} levels of objects and arrays`;
  const text = JSON.stringify(schema) ?? '';
  const key = createHash('sha256').update(text).digest('base64');
  const known = schemas.problems.get(key);
  if (known !== undefined) return known === '' ? null : known;
  const problem = check(schemas, schema, text);
  schemas.problems.set(key, problem ?? '');
  return problem;
}

/**
 * Whether an answer's text is JSON that fits the schema (a valid schema, checked with
 * schemaProblemOf on admission). Large schemas and schemas with regular expressions are checked
 * for being JSON only.
 */
export function fitsSchema(schemas: JsonSchemas, schema: SchemaObject | undefined, content: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return false;
  }
  if (schema === undefined) return true;
  const text = JSON.stringify(schema);
  let validate = schemas.compiled.get(text);
  if (validate === undefined) {
    if (text.length > fitSchemaCharsMax || hasRegularExpression(schema)) validate = 'unchecked';
    else if (!mayCompile(schemas))
      return true; // not now: a later answer with the same schema may still be checked
    else validate = compiledWithinBudget(schemas, schema);
    schemas.compiled.set(text, validate);
  }
  return validate === 'unchecked' ? true : validate(value);
}

/** Whether there is compile time left, refilling the budget for the time that passed. */
function mayCompile({ budget, nowMs }: JsonSchemas): boolean {
  const now = nowMs();
  budget.ms = Math.min(compileBudgetMs, budget.ms + ((now - budget.atMs) * compileMsPerSecond) / 1000);
  budget.atMs = now;
  return budget.ms > 0;
}

/**
 * The schema compiled by the compiler of its draft, its time taken from the budget; 'unchecked' when it does not
 * compile.
 */
function compiledWithinBudget(schemas: JsonSchemas, schema: SchemaObject): ValidateFunction | 'unchecked' {
  const draft = draftOf(schemas, schema);
  const ajv = 'draft' in draft && draft.draft === 'draft-07' ? schemas.compilers.draft07 : schemas.compilers.draft2020;
  const startedMs = schemas.nowMs();
  try {
    return ajv.compile(schema);
  } catch {
    return 'unchecked';
  } finally {
    ajv.removeSchema(schema); // ajv's own cache would keep every schema ever compiled
    schemas.budget.ms -= schemas.nowMs() - startedMs;
  }
}

/**
 * Which draft the schema is written in, by its `$schema` and by which meta-schema accepts it; or why it is not valid.
 */
function draftOf({ meta }: JsonSchemas, schema: SchemaObject): { draft: '2020-12' | 'draft-07' } | { problem: string } {
  const declared = schema.$schema;
  if (declared !== undefined) {
    if (typeof declared !== 'string') return { problem: 'is not a valid JSON Schema: $schema must be a string' };
    const draft = /2020-12/.test(declared) ? '2020-12' : /draft-07/.test(declared) ? 'draft-07' : null;
    if (!draft)
      return {
        problem: `is not supported: $schema ${JSON.stringify(declared).slice(0, 100)} is neither draft 2020-12 nor draft-07 (or leave $schema out)`,
      };
    const ajv = draft === '2020-12' ? meta.draft2020 : meta.draft07;
    return ajv.validateSchema(schema) ? { draft } : { problem: metaProblem(ajv) };
  }
  if (meta.draft2020.validateSchema(schema)) return { draft: '2020-12' };
  const problem = metaProblem(meta.draft2020);
  return meta.draft07.validateSchema(schema) ? { draft: 'draft-07' } : { problem };
}

/** Why the schema cannot be used, or null when it can. */
function check(schemas: JsonSchemas, schema: unknown, text: string): string | null {
  if (!isObject(schema)) return 'must be a JSON Schema object';
  if (text.length > schemaCharsMax) return `is too large: ${text.length} characters of JSON, at most ${schemaCharsMax}`;
  const draft = draftOf(schemas, schema);
  if ('problem' in draft) return draft.problem;
  const pattern = invalidPattern(schema);
  if (pattern !== null)
    return `is not a valid JSON Schema: ${JSON.stringify(pattern).slice(0, 100)} is not a regular expression (ECMA-262, as with the u flag)`;
  const unresolved = unresolvedReference(schema);
  if (unresolved !== null)
    return `is not self-contained: $ref ${JSON.stringify(unresolved).slice(0, 100)} does not resolve inside the schema (other documents are not fetched)`;
  if (admitsNothing(schema)) return 'admits no value at all, so no answer could fit it';
  return null;
}

type S = components['schemas'];

/** The JSON Schemas a caller wrote into a request, with where each sits in that surface's body. */
export function callerSchemas(
  endpoint: 'chat.completions' | 'responses' | 'messages',
  body: unknown,
): { path: string; schema: unknown }[] {
  const found: { path: string; schema: unknown }[] = [];
  if (endpoint === 'chat.completions') {
    const chat = body as S['ChatCompletionRequest'];
    chat.tools?.forEach(
      (tool, i) =>
        tool.function.parameters !== undefined &&
        found.push({ path: `body.tools.${i}.function.parameters`, schema: tool.function.parameters }),
    );
    const format = chat.response_format;
    if (format?.type === 'json_schema' && format.json_schema.schema !== undefined)
      found.push({ path: 'body.response_format.json_schema.schema', schema: format.json_schema.schema });
  } else if (endpoint === 'responses') {
    const request = body as S['ResponseRequest'];
    request.tools?.forEach(
      (tool, i) =>
        tool.parameters !== undefined && found.push({ path: `body.tools.${i}.parameters`, schema: tool.parameters }),
    );
    const format = request.text?.format;
    if (format?.type === 'json_schema') found.push({ path: 'body.text.format.schema', schema: format.schema });
  } else {
    (body as S['MessageRequest']).tools?.forEach((tool, i) =>
      found.push({ path: `body.tools.${i}.input_schema`, schema: tool.input_schema }),
    );
  }
  return found;
}

/**
 * The schema as a 422 may echo it: small and shallow ones only, so an error never grows to the size (or the depth) of
 * what it refuses.
 */
export function echoOf(schema: unknown): unknown {
  return depthOf(schema, echoDepthMax) <= echoDepthMax && (JSON.stringify(schema)?.length ?? 0) <= echoCharsMax
    ? schema
    : null;
}

/** The first meta-schema error, said briefly: `at /type: must be equal to one of the allowed values (array, …)`. */
function metaProblem(ajv: Ajv | Ajv2020): string {
  const error = ajv.errors?.[0];
  if (!error) return 'is not a valid JSON Schema';
  const allowedValues: unknown[] | null = Array.isArray(error.params.allowedValues) ? error.params.allowedValues : null;
  const allowed = allowedValues ? ` (${allowedValues.map((v) => JSON.stringify(v)).join(', ')})` : '';
  const message = `is not a valid JSON Schema: at ${error.instancePath || 'the top'}: ${error.message ?? 'is invalid'}${allowed}`;
  return message.length > messageCharsMax ? `${message.slice(0, messageCharsMax - 1)}…` : message;
}
