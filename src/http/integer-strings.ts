import type { Operation } from 'openapi-backend';
import { assert } from '../lib/assert.js';
import { isRecord } from './records.js';

/**
 * Whole numbers sent as strings of digits (`"quantity": "5"`, as the live service's CLI sends
 * them). A field accepts them when its schema is an integer marked `x-mkt-integer-digits: true`:
 * such a string becomes its integer before validation, so the integer's own bounds apply and
 * handlers only ever see numbers; any other string stays a string and fails `type: integer` with
 * a 422 naming the field. No sign, point, exponent or leading zero; at most 15 digits, so every
 * converted string is a safe integer.
 *
 * The schema stays `type: integer` rather than `[integer, string]`: the generated Python SDK wraps
 * a union of primitives in a class whose constructor refuses a plain `quantity=1`.
 */
const integerDigits = /^[1-9][0-9]{0,14}$/;
const marker = 'x-mkt-integer-digits';

/** A field's place in a body: property names, `*` for every item of an array. */
export type FieldPath = readonly string[];

type Schema = {
  type?: unknown;
  [marker]?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

const schemaDepthMax = 16;

function acceptsIntegerString(schema: Schema): boolean {
  if (schema[marker] !== true) return false;
  assert(schema.type === 'integer', `${marker} marks integer fields only, not ${JSON.stringify(schema.type)}`);
  return true;
}

/** The fields of an operation's JSON body that accept an integer as digits; read once at start-up. */
export function integerStringFields(operation: Operation): FieldPath[] {
  const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
  const schema = content?.['application/json']?.schema;
  const found: FieldPath[] = [];
  const walk = (node: Schema, path: string[], depth: number): void => {
    if (depth > schemaDepthMax) return;
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      if (acceptsIntegerString(property)) found.push([...path, name]);
      else walk(property, [...path, name], depth + 1);
    }
    if (node.items) walk(node.items, [...path, '*'], depth + 1);
    for (const branch of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])])
      walk(branch, path, depth + 1);
  };
  if (schema) walk(schema, [], 0);
  return found;
}

/** Replaces, in a freshly parsed body, each string of digits at these fields by its integer. */
export function convertIntegerStrings(body: unknown, fields: readonly FieldPath[]): void {
  for (const field of fields) convertAt(body, field, 0);
}

function convertAt(node: unknown, field: FieldPath, index: number): void {
  const name = field[index];
  if (!isRecord(node) || name === undefined) return;
  if (name === '*') {
    if (Array.isArray(node)) for (const item of node) convertAt(item, field, index + 1);
    return;
  }
  if (Array.isArray(node) || !Object.hasOwn(node, name)) return;
  if (index < field.length - 1) return convertAt(node[name], field, index + 1);
  const value = node[name];
  if (typeof value === 'string' && integerDigits.test(value)) node[name] = Number(value);
}
