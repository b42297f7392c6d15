import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { components } from '../../../generated/types/consumption.js';

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

/** Keywords that only annotate: a schema made of them alone admits every value. */
const annotations = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$schema',
  '$id',
  '$anchor',
]);

type SchemaObject = Record<string, unknown>;
const isObject = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
    if (this.entries.size > this.sizeMax) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** `nowMs`: a monotonic clock in milliseconds, for the compile budget. */
export function createJsonSchemas(nowMs: () => number = () => performance.now()) {
  // Meta-schema checks only: these instances never compile a caller's schema.
  const meta2020 = new Ajv2020({ strict: false, logger: false, allErrors: false });
  const metaDraft07 = new Ajv({ strict: false, logger: false, allErrors: false });
  addFormats.default(meta2020, ['regex', 'uri-reference', 'uri']);
  addFormats.default(metaDraft07, ['regex', 'uri-reference', 'uri']);
  // Compilers for the fit check: no formats, no schema registry that would grow with every schema.
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
  const compile2020 = new Ajv2020(compilerOptions);
  const compileDraft07 = new Ajv(compilerOptions);
  const problems = new Recent<string>(checkedSchemasMax);
  const compiled = new Recent<ValidateFunction | 'unchecked'>(compiledSchemasMax);
  let budgetMs = compileBudgetMs;
  let budgetAtMs = nowMs();

  /** Whether there is compile time left, refilling the budget for the time that passed. */
  function mayCompile(): boolean {
    const now = nowMs();
    budgetMs = Math.min(compileBudgetMs, budgetMs + ((now - budgetAtMs) * compileMsPerSecond) / 1000);
    budgetAtMs = now;
    return budgetMs > 0;
  }

  /** Which draft the schema is written in, by its `$schema` and by which meta-schema accepts it; or why it is not valid. */
  function draftOf(schema: SchemaObject): { draft: '2020-12' | 'draft-07' } | { problem: string } {
    const declared = schema.$schema;
    if (declared !== undefined) {
      if (typeof declared !== 'string') return { problem: 'is not a valid JSON Schema: $schema must be a string' };
      const draft = /2020-12/.test(declared) ? '2020-12' : /draft-07/.test(declared) ? 'draft-07' : null;
      if (!draft)
        return {
          problem: `is not supported: $schema ${JSON.stringify(declared).slice(0, 100)} is neither draft 2020-12 nor draft-07 (or leave $schema out)`,
        };
      const ajv = draft === '2020-12' ? meta2020 : metaDraft07;
      return ajv.validateSchema(schema) ? { draft } : { problem: metaProblem(ajv) };
    }
    if (meta2020.validateSchema(schema)) return { draft: '2020-12' };
    const problem = metaProblem(meta2020);
    return metaDraft07.validateSchema(schema) ? { draft: 'draft-07' } : { problem };
  }

  /** Why the schema cannot be used, or null when it can. */
  function check(schema: unknown, text: string): string | null {
    if (!isObject(schema)) return 'must be a JSON Schema object';
    if (text.length > schemaCharsMax)
      return `is too large: ${text.length} characters of JSON, at most ${schemaCharsMax}`;
    const draft = draftOf(schema);
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

  return {
    /**
     * Why a caller's schema cannot be used (the message of a 422), or null when it can. The depth
     * is measured before anything recurses, so a schema nested thousands deep costs a short walk.
     */
    problemOf(schema: unknown): string | null {
      const depth = depthOf(schema, schemaDepthMax);
      if (depth > schemaDepthMax) return `is nested too deeply: at most ${schemaDepthMax} levels of objects and arrays`;
      const text = JSON.stringify(schema) ?? '';
      const key = createHash('sha256').update(text).digest('base64');
      const known = problems.get(key);
      if (known !== undefined) return known === '' ? null : known;
      const problem = check(schema, text);
      problems.set(key, problem ?? '');
      return problem;
    },

    /**
     * Whether an answer's text is JSON that fits the schema (a valid schema, checked with
     * problemOf on admission). Large schemas and schemas with regular expressions are checked
     * for being JSON only.
     */
    fits(schema: SchemaObject | undefined, content: string): boolean {
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        return false;
      }
      if (schema === undefined) return true;
      const text = JSON.stringify(schema);
      let validate = compiled.get(text);
      if (validate === undefined) {
        if (text.length > fitSchemaCharsMax || hasRegularExpression(schema)) {
          validate = 'unchecked';
        } else if (!mayCompile()) {
          return true; // not now: a later answer with the same schema may still be checked
        } else {
          const draft = draftOf(schema);
          const ajv = 'draft' in draft && draft.draft === 'draft-07' ? compileDraft07 : compile2020;
          const startedMs = nowMs();
          try {
            validate = ajv.compile(schema);
          } catch {
            validate = 'unchecked';
          } finally {
            ajv.removeSchema(schema); // ajv's own cache would keep every schema ever compiled
            budgetMs -= nowMs() - startedMs;
          }
        }
        compiled.set(text, validate);
      }
      return validate === 'unchecked' ? true : validate(value);
    },
  };
}

export type JsonSchemas = ReturnType<typeof createJsonSchemas>;

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

/** The schema as a 422 may echo it: small and shallow ones only, so an error never grows to the size (or the depth) of what it refuses. */
export function echoOf(schema: unknown): unknown {
  return depthOf(schema, echoDepthMax) <= echoDepthMax && (JSON.stringify(schema)?.length ?? 0) <= echoCharsMax
    ? schema
    : null;
}

/** The first meta-schema error, said briefly: `at /type: must be equal to one of the allowed values (array, …)`. */
function metaProblem(ajv: Ajv | Ajv2020): string {
  const error = ajv.errors?.[0];
  if (!error) return 'is not a valid JSON Schema';
  const allowed = Array.isArray(error.params.allowedValues)
    ? ` (${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`
    : '';
  const message = `is not a valid JSON Schema: at ${error.instancePath || 'the top'}: ${error.message ?? 'is invalid'}${allowed}`;
  return message.length > messageCharsMax ? `${message.slice(0, messageCharsMax - 1)}…` : message;
}

/** How deep objects and arrays nest in the value, counting stops just past `limit` (no recursion). */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Keywords whose values are data, not schemas: a `$ref` inside them is not a reference. */
const dataKeywords = new Set(['enum', 'const', 'examples', 'default']);
/** Keywords whose values map names to schemas: their keys are names, not keywords. */
const nameMaps = new Set([
  'properties',
  '$defs',
  'definitions',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
]);

/** Every subschema, the root first. The depth is bounded by the caller (problemOf measures it first). */
function* subschemas(node: unknown, isNameMap = false): Generator<SchemaObject> {
  if (Array.isArray(node)) {
    for (const item of node) yield* subschemas(item);
    return;
  }
  if (!isObject(node)) return;
  if (isNameMap) {
    for (const child of Object.values(node)) yield* subschemas(child);
    return;
  }
  yield node;
  for (const [keyword, child] of Object.entries(node)) {
    if (!dataKeywords.has(keyword)) yield* subschemas(child, nameMaps.has(keyword));
  }
}

function hasRegularExpression(schema: SchemaObject): boolean {
  for (const node of subschemas(schema)) {
    if (typeof node.pattern === 'string' || isObject(node.patternProperties)) return true;
  }
  return false;
}

/** The first `pattern` or `patternProperties` name that is not a regular expression, or null. Compiling one is linear; running it is what the gateway never does. */
function invalidPattern(schema: SchemaObject): string | null {
  for (const node of subschemas(schema)) {
    const patterns = [
      ...(typeof node.pattern === 'string' ? [node.pattern] : []),
      ...(isObject(node.patternProperties) ? Object.keys(node.patternProperties) : []),
    ];
    for (const pattern of patterns) {
      try {
        new RegExp(pattern, 'u');
      } catch {
        return pattern;
      }
    }
  }
  return null;
}

/** The first `$ref` (or `$dynamicRef`) that does not resolve inside the schema, or null. */
function unresolvedReference(schema: SchemaObject): string | null {
  const resources: SchemaObject[] = [schema];
  const ids: string[] = [];
  const anchors = new Set<string>();
  const references: string[] = [];
  for (const node of subschemas(schema)) {
    if (typeof node.$id === 'string') {
      if (node.$id.startsWith('#'))
        anchors.add(node.$id.slice(1)); // draft-07 plain-name fragment
      else {
        ids.push(node.$id.replace(/#$/, ''));
        resources.push(node);
      }
    }
    if (typeof node.$anchor === 'string') anchors.add(node.$anchor);
    if (typeof node.$dynamicAnchor === 'string') anchors.add(node.$dynamicAnchor);
    for (const keyword of ['$ref', '$dynamicRef'] as const) {
      if (typeof node[keyword] === 'string') references.push(node[keyword]);
    }
  }
  for (const reference of references) {
    const hash = reference.indexOf('#');
    const base = hash < 0 ? reference : reference.slice(0, hash);
    const fragment = hash < 0 ? '' : reference.slice(hash + 1);
    const inside =
      base === ''
        ? resources
        : resources.filter((_r, i) => i > 0 && (ids[i - 1] === base || ids[i - 1]!.endsWith(`/${base}`)));
    if (inside.length === 0) return reference;
    if (fragment === '' || (!fragment.startsWith('/') && anchors.has(fragment))) continue;
    if (!fragment.startsWith('/') || !inside.some((resource) => pointerResolves(resource, fragment))) return reference;
  }
  return null;
}

function pointerResolves(root: SchemaObject, pointer: string): boolean {
  let node: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return false;
    }
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return false;
    if (node === undefined) return false;
  }
  return node !== undefined;
}

/**
 * Whether the schema obviously admits no value: `false`, `not` of a schema that admits
 * everything, an empty `enum`, an `allOf` with such a member, an `anyOf`/`oneOf` of only such
 * members, or bounds that contradict each other for the only type allowed. A schema impossible in
 * a less obvious way is accepted; its answers are billed like any other (DESIGN.md §7).
 */
function admitsNothing(schema: unknown): boolean {
  if (schema === false) return true;
  if (!isObject(schema)) return false;
  if (schema.not === true || (isObject(schema.not) && Object.keys(schema.not).every((k) => annotations.has(k))))
    return true;
  if (Array.isArray(schema.enum) && schema.enum.length === 0) return true;
  if (Array.isArray(schema.allOf) && schema.allOf.some(admitsNothing)) return true;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const members = schema[keyword];
    if (Array.isArray(members) && members.length > 0 && members.every(admitsNothing)) return true;
  }
  const above = (low: unknown, high: unknown) => typeof low === 'number' && typeof high === 'number' && low > high;
  switch (schema.type) {
    case 'string':
      return above(schema.minLength, schema.maxLength);
    case 'integer':
    case 'number':
      return above(schema.minimum, schema.maximum);
    case 'array':
      return above(schema.minItems, schema.maxItems);
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : [];
      return (
        above(schema.minProperties, schema.maxProperties) ||
        required.some((name) => typeof name === 'string' && properties[name] === false)
      );
    }
    default:
      return false;
  }
}
