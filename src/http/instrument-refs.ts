import type { Operation } from 'openapi-backend';
import { ApiError, RequestValidationError } from '../lib/errors.js';
import { parametersOf } from './parameters.js';

/**
 * Instrument symbols, any letter case (`TEXT-STANDARD`, `text-standard`), wherever an instrument
 * id is accepted: a path or query parameter named `instrument_id`, or a top-level JSON body field
 * of that name. The edge replaces a symbol by its id before validation, so handlers only ever see
 * ids. A route opts in by naming its parameter or field `instrument_id`; nothing else is needed.
 *
 * A value shaped like an id (`instrument-…`) passes untouched, so an unknown id answers as it
 * always did. A symbol that names nothing is a 404 in a path and a 422 in a query or body.
 */

const fieldName = 'instrument_id';
const idPrefix = 'instrument-';
/** Longer values are no symbol: they pass untouched, for validation or the handler to refuse. */
const symbolCharsMax = 64;

export interface InstrumentRefPlan {
  path: boolean;
  query: boolean;
  body: boolean;
}

/** Where an operation accepts an instrument id; read once at start-up. */
export function instrumentRefPlanOf(operation: Operation): InstrumentRefPlan {
  const parameters = parametersOf(operation);
  const content = (
    operation.requestBody as
      { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined
  )?.content;
  return {
    path: parameters.some((p) => p.in === 'path' && p.name === fieldName),
    query: parameters.some((p) => p.in === 'query' && p.name === fieldName),
    body: content?.['application/json']?.schema?.properties?.[fieldName] !== undefined,
  };
}

export const refersToInstruments = (plan: InstrumentRefPlan): boolean => plan.path || plan.query || plan.body;

/** The id of an instrument by its symbol in upper case, or undefined when none has it. */
export type InstrumentIdOfSymbol = (symbol: string) => Promise<string | undefined>;

interface RequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Replaces, in place, each symbol where the plan says an instrument id is accepted by that instrument's id. */
export async function resolveInstrumentRefs(
  plan: InstrumentRefPlan,
  parts: RequestParts,
  idOfSymbol: InstrumentIdOfSymbol,
): Promise<void> {
  if (plan.path && parts.params[fieldName] !== undefined) {
    const id = await idOf(parts.params[fieldName], idOfSymbol);
    if (id === undefined)
      throw new ApiError(
        404,
        'not_found',
        `No instrument has the id or symbol ${parts.params[fieldName]}. GET /v1/instruments lists them.`,
      );
    parts.params[fieldName] = id;
  }
  if (plan.query && typeof parts.query[fieldName] === 'string')
    parts.query[fieldName] = await fieldId(parts.query[fieldName], 'query', idOfSymbol);
  const body = parts.body as Record<string, unknown> | undefined;
  if (
    plan.body &&
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    typeof body[fieldName] === 'string'
  ) {
    body[fieldName] = await fieldId(body[fieldName], 'body', idOfSymbol);
  }
}

async function idOf(value: string, idOfSymbol: InstrumentIdOfSymbol): Promise<string | undefined> {
  if (value.startsWith(idPrefix) || value.length > symbolCharsMax) return value;
  return idOfSymbol(value.toUpperCase());
}

async function fieldId(value: string, where: 'query' | 'body', idOfSymbol: InstrumentIdOfSymbol): Promise<string> {
  const id = await idOf(value, idOfSymbol);
  if (id !== undefined) return id;
  throw new RequestValidationError([
    {
      path: `${where}.${fieldName}`,
      message:
        'names no instrument: send an instrument id (instrument-<uuid>) or symbol (TEXT-STANDARD) from GET /v1/instruments',
      value,
    },
  ]);
}

/**
 * Symbol → id lookups that remember what they found: instruments are seeded and never change while
 * the service runs (core/reference.ts), and only symbols that exist are kept, so the map stays as
 * small as the instrument list.
 */
export function rememberingLookup(find: InstrumentIdOfSymbol): InstrumentIdOfSymbol {
  const found = new Map<string, string>();
  return async (symbol) => {
    const known = found.get(symbol);
    if (known !== undefined) return known;
    const id = await find(symbol);
    if (id !== undefined) found.set(symbol, id);
    return id;
  };
}
