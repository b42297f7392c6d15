import type { Operation } from 'openapi-backend';
import { RequestValidationError } from '../lib/errors.js';
import { parametersOf } from './parameters.js';

/**
 * The query spellings of the live service (Phoenix Flop, as its CLI sends them), rewritten into
 * the operation's own parameters before validation, so handlers see one spelling:
 *
 * - `flop[filters][i][field]`, `[op]`, `[value]` (or `filters[i][…]`): a filter on the declared query
 *   parameter named `field`; `op` `==` (the default) sets it, `>=` sets `<field>_min` or
 *   `<field>_from`, `<=` sets `<field>_max` or `<field>_to`, whichever the operation declares.
 *   A filter on a path parameter must repeat its value.
 * - `order_by[]` → `order_by`, `order_directions[]` → `order_direction` (one sort key);
 *   `page_size` → `limit`.
 * - A declared parameter with `x-mkt-alias-of: <name>` (the order book's `depth`) → `<name>`.
 * - A list with one fixed order says so (`x-mkt-fixed-order: {order_by: [keys], order_direction}`):
 *   `order_by[]` and `order_directions[]` naming that order are accepted and dropped.
 *
 * Two spellings of one parameter with different values are a 422 naming both; an unknown field or
 * operator is a 422 naming it. Keys this module does not know are left for validation to refuse.
 */

export interface QueryPlan {
  /** The operation's declared query parameters, aliases excluded. */
  names: ReadonlySet<string>;
  /** Declared aliases: alias → the parameter it spells. */
  aliases: ReadonlyMap<string, string>;
  pathNames: ReadonlySet<string>;
  fixedOrder: FixedOrder | undefined;
}

interface FixedOrder {
  order_by: readonly string[];
  order_direction: string;
}

export function queryPlanOf(operation: Operation): QueryPlan {
  const parameters = parametersOf(operation);
  const aliases = new Map(
    parameters.flatMap((p) => {
      const canonical = p['x-mkt-alias-of'];
      return p.in === 'query' && typeof canonical === 'string' && canonical !== ''
        ? [[p.name, canonical] as const]
        : [];
    }),
  );
  return {
    names: new Set(parameters.filter((p) => p.in === 'query' && !aliases.has(p.name)).map((p) => p.name)),
    aliases,
    pathNames: new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name)),
    fixedOrder: (operation as { 'x-mkt-fixed-order'?: FixedOrder })['x-mkt-fixed-order'],
  };
}

type QueryValue = string | string[];
type Query = Record<string, QueryValue | undefined>;

const filterKey = /^(?<prefix>flop\[filters\]|filters)\[(?<index>\d{1,3})\]\[(?<member>field|op|value)\]$/;
const filterMembers = ['field', 'op', 'value'] as const;
const isFilterMember = (name: string | undefined): name is (typeof filterMembers)[number] =>
  filterMembers.some((member) => member === name);
const listSpellings: Record<string, string> = {
  'order_by[]': 'order_by',
  'order_directions[]': 'order_direction',
  page_size: 'limit',
};
const rangeSuffixes: Record<string, readonly string[]> = { '>=': ['_min', '_from'], '<=': ['_max', '_to'] };
const operators = ['==', ...Object.keys(rangeSuffixes)];

interface Filter {
  spelling: string;
  field?: string;
  op?: string;
  value?: string;
}

function refuse(path: string, message: string, value: unknown = null): never {
  throw new RequestValidationError([{ path, message, value }]);
}

/** Whether a query uses any spelling this module rewrites (most do not: they pass through untouched). */
function usesAliases(plan: QueryPlan, query: Query): boolean {
  for (const key in query) if (key.includes('[') || key in listSpellings || plan.aliases.has(key)) return true;
  return false;
}

/** The query with the live service's spellings rewritten into the operation's own parameters. */
export function canonicalQuery(plan: QueryPlan, query: Query, pathParams: Record<string, string>): Query {
  if (!usesAliases(plan, query)) return query;
  const canonical: Query = Object.create(null) as Query; // a key `__proto__` stays a key
  const spelledAs = new Map<string, string>();
  const set = (name: string, value: QueryValue, spelling: string): void => {
    const earlier = canonical[name];
    if (earlier !== undefined && JSON.stringify(earlier) !== JSON.stringify(value)) {
      refuse(
        `query.${name}`,
        `is given twice with different values: ${spelledAs.get(name)}=${String(earlier)} and ${spelling}=${String(value)}; send one`,
        value,
      );
    }
    canonical[name] = value;
    spelledAs.set(name, spelling);
  };

  const filters = new Map<number, Filter>();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const { prefix, index, member } = filterKey.exec(key)?.groups ?? {};
    if (isFilterMember(member)) {
      if (Array.isArray(value)) refuse(`query.${key}`, 'is given more than once', value);
      const filter = filters.get(Number(index)) ?? { spelling: `${prefix}[${index}]` };
      filter[member] = value;
      filters.set(Number(index), filter);
      continue;
    }
    // A spelling of a parameter the list lacks stays as sent, so that validation names what was sent.
    const spelled = listSpellings[key] ?? plan.aliases.get(key);
    const target =
      !plan.names.has(key) && spelled !== undefined && (plan.names.has(spelled) || plan.fixedOrder) ? spelled : key;
    if (key === 'order_by[]' && Array.isArray(value))
      refuse(`query.${key}`, 'sorts by one field here: send one order_by[]', value);
    if (plan.fixedOrder && !plan.names.has(target) && (target === 'order_by' || target === 'order_direction')) {
      checkFixedOrder(plan.fixedOrder, target, key, value);
      continue;
    }
    set(target, value, key);
  }
  for (const index of [...filters.keys()].sort((a, b) => a - b))
    applyFilter(plan, filters.get(index)!, pathParams, set);
  return canonical;
}

/** A list in one fixed order accepts the CLI's spelling of that order, and nothing else. */
function checkFixedOrder(
  order: FixedOrder,
  target: 'order_by' | 'order_direction',
  key: string,
  value: QueryValue,
): void {
  const accepted = target === 'order_by' ? order.order_by : [order.order_direction];
  if (typeof value !== 'string' || !accepted.includes(value)) {
    refuse(
      `query.${key}`,
      `must be ${accepted.join(' or ')}: this list is always sorted by ${order.order_by[0]} ${order.order_direction}`,
      value,
    );
  }
}

function applyFilter(
  plan: QueryPlan,
  filter: Filter,
  pathParams: Record<string, string>,
  set: (name: string, value: QueryValue, spelling: string) => void,
): void {
  const { spelling, field, value } = filter;
  const op = filter.op ?? '==';
  if (field === undefined) return refuse(`query.${spelling}[field]`, 'is required: name the field to filter on');
  if (value === undefined)
    return refuse(`query.${spelling}[value]`, `is required: give the value to filter ${field} on`);
  if (!operators.includes(op)) return refuse(`query.${spelling}[op]`, `must be one of ${operators.join(', ')}`, op);
  if (op === '==' && plan.pathNames.has(field)) {
    if (pathParams[field] !== value)
      refuse(
        `query.${spelling}[value]`,
        `filters ${field} on ${value}, but the path names ${pathParams[field]}: send one`,
        value,
      );
    return;
  }
  const target =
    op === '==' ? field : rangeSuffixes[op]?.map((suffix) => field + suffix).find((name) => plan.names.has(name));
  if (target === undefined || !plan.names.has(target)) {
    const known = [...plan.names].filter(
      (name) => !['limit', 'next', 'prev', 'order_by', 'order_direction'].includes(name),
    );
    const message = op === '==' ? 'is not a filter of this list' : `has no ${op} filter in this list`;
    return refuse(`query.${spelling}[field]`, `${message}; its filters: ${known.join(', ') || 'none'}`, field);
  }
  set(target, value, spelling);
}
