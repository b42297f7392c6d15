import { isRecord, itemsOf } from './json-reader.js';

/**
 * The simulated supplier's content: sentences from a tiny grammar, and JSON values that fit a
 * schema (for `response_format` and tool arguments). Deterministic: every choice comes from the
 * `Random` it is given.
 */

/** The simulator's source of choices, seeded from the request. */
export interface Random {
  int(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
  hex(length: number): string;
}

const nouns =
  'market price supplier model request answer stream order book trade buyer seller quote ledger account token unit spread hour'.split(
    ' ',
  );
const adjectives = 'steady fair small large early late quiet busy clear simple fast slow'.split(' ');
const verbs = 'moves settles follows reaches matches lowers raises reserves releases meets fills quotes'.split(' ');
const prepositions = 'with for from into over under near after before'.split(' ');
const determiners = 'the each every this one'.split(' ');

/** "The quiet buyer meets one steady seller after the hour." — a tiny grammar, so the text reads like sentences. */
export function sentence(random: Random): string {
  const phrase = (): string =>
    `${random.pick(determiners)} ${random.int(0, 1) ? random.pick(adjectives) + ' ' : ''}${random.pick(nouns)}`;
  let text = `${phrase()} ${random.pick(verbs)} ${phrase()}`;
  if (random.int(0, 1)) text += ` ${random.pick(prepositions)} ${phrase()}`;
  if (random.int(0, 2) === 0) text += `, and ${phrase()} ${random.pick(verbs)} ${phrase()}`;
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

// ---------------------------------------------------------------- JSON that fits a schema

type Schema = Record<string, unknown>;

/** A value that validates against `schema` (the common subset: objects, arrays, scalars, enum, const, anyOf, $ref). */
export function fittingValue(schema: unknown, random: Random, root: Schema, depth = 0): unknown {
  if (schema === true || schema === undefined || schema === null) return sentence(random);
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return fittingValue(resolveRef(root, s.$ref), random, root, depth + 1);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return random.pick<unknown>(s.enum);
  const alternatives: unknown = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const concrete = itemsOf(alternatives).filter(
      (alternative) => !(isRecord(alternative) && alternative.type === 'null'),
    );
    return fittingValue(concrete[0] ?? alternatives[0], random, root, depth + 1);
  }
  if (Array.isArray(s.allOf))
    return fittingValue(Object.assign({}, ...itemsOf(s.allOf), { allOf: undefined }), random, root, depth + 1);
  const types: unknown[] = Array.isArray(s.type) ? itemsOf(s.type) : typeof s.type === 'string' ? [s.type] : [];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'object':
      return objectOf(s, random, root, depth);
    case 'array':
      return arrayOf(s, random, root, depth);
    case 'integer':
      return integerOf(s, random);
    case 'number':
      return (
        integerOf(s, random) +
        (s.multipleOf === undefined && s.maximum === undefined && s.exclusiveMaximum === undefined
          ? random.int(0, 99) / 100
          : 0)
      );
    case 'boolean':
      return random.int(0, 1) === 1;
    case 'null':
      return null;
    default:
      return stringOf(s, random);
  }
}

function objectOf(s: Schema, random: Random, root: Schema, depth: number): Record<string, unknown> {
  const properties = isRecord(s.properties) ? s.properties : {};
  const required = itemsOf(s.required).filter((name) => typeof name === 'string');
  const names = new Set([...Object.keys(properties), ...required]);
  const value: Record<string, unknown> = {};
  for (const name of names) {
    if (depth > 8 && !required.includes(name)) continue;
    value[name] = fittingValue(properties[name] ?? { type: 'string' }, random, root, depth + 1);
  }
  return value;
}

function arrayOf(s: Schema, random: Random, root: Schema, depth: number): unknown[] {
  const itemsMin = numberOr(s.minItems, depth > 8 ? 0 : 1);
  const itemsMax = Math.max(itemsMin, Math.min(numberOr(s.maxItems, itemsMin + 2), itemsMin + 2));
  const prefix = itemsOf(s.prefixItems);
  const length = Math.max(random.int(itemsMin, itemsMax), prefix.length);
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; items.length < length && attempt < length * 4; attempt++) {
    const item = fittingValue(prefix[items.length] ?? s.items, random, root, depth + 1);
    if (s.uniqueItems && seen.has(JSON.stringify(item))) continue;
    seen.add(JSON.stringify(item));
    items.push(item);
  }
  return items;
}

function integerOf(s: Schema, random: Random): number {
  const step = typeof s.multipleOf === 'number' && Number.isInteger(s.multipleOf) ? s.multipleOf : 1;
  const low =
    typeof s.exclusiveMinimum === 'number'
      ? Math.floor(s.exclusiveMinimum) + 1
      : typeof s.minimum === 'number'
        ? Math.ceil(s.minimum)
        : 0;
  const high =
    typeof s.exclusiveMaximum === 'number'
      ? Math.ceil(s.exclusiveMaximum) - 1
      : typeof s.maximum === 'number'
        ? Math.floor(s.maximum)
        : low + 100;
  const first = Math.ceil(low / step) * step;
  const count = Math.floor((high - first) / step);
  return count < 0 ? first : first + random.int(0, count) * step;
}

function stringOf(s: Schema, random: Random): string {
  switch (s.format) {
    case 'date-time':
      return new Date(
        Date.UTC(2025, random.int(0, 11), random.int(1, 28), random.int(0, 23), random.int(0, 59)),
      ).toISOString();
    case 'date':
      return new Date(Date.UTC(2025, random.int(0, 11), random.int(1, 28))).toISOString().slice(0, 10);
    case 'email':
      return `${random.pick(nouns)}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${random.pick(nouns)}`;
    case 'uuid':
      return `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${random.hex(3)}-${random.hex(12)}`;
  }
  const lengthMin = numberOr(s.minLength, 1);
  const lengthMax = numberOr(s.maxLength, Math.max(lengthMin, 40));
  let text = Array.from({ length: random.int(1, 4) }, () => random.pick(nouns)).join(' ');
  while (text.length < lengthMin) text += ' ' + random.pick(nouns);
  return text.slice(0, lengthMax).trimEnd().padEnd(lengthMin, 'x');
}

/** A bound the schema sets (a number, as its meta-schema requires), else the default. */
function numberOr(value: unknown, otherwise: number): number {
  return typeof value === 'number' ? value : otherwise;
}

function resolveRef(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#')) return { type: 'string' };
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean))
    node = (node as Schema | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return node ?? { type: 'string' };
}
