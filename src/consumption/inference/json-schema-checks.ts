/**
 * The structural checks of a caller's JSON Schema (json-schemas.ts uses them on admission): each is
 * a walk linear in the schema's size that never compiles the schema or runs its regular expressions.
 */

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

export type SchemaObject = Record<string, unknown>;
export const isObject = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** How deep objects and arrays nest in the value, counting stops just past `limit` (no recursion). */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth] = entry;
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

/** Every subschema, the root first. The depth is bounded by the caller (schemaProblemOf measures it first). */
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

export function hasRegularExpression(schema: SchemaObject): boolean {
  for (const node of subschemas(schema)) {
    if (typeof node.pattern === 'string' || isObject(node.patternProperties)) return true;
  }
  return false;
}

/**
 * The first `pattern` or `patternProperties` name that is not a regular expression, or null. Compiling one is linear;
 * running it is what the gateway never does.
 */
export function invalidPattern(schema: SchemaObject): string | null {
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
export function unresolvedReference(schema: SchemaObject): string | null {
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
        : resources.filter((_resource, i) => {
            const id = ids[i - 1]; // the root (i = 0) has no $id of its own here
            return id !== undefined && (id === base || id.endsWith(`/${base}`));
          });
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
export function admitsNothing(schema: unknown): boolean {
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
