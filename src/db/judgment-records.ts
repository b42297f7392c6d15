import type { components } from '../../generated/types/consumption.js';

export type SpecBreach = components['schemas']['SpecBreach'];
type ToolCallError = components['schemas']['ToolCallError'];

/**
 * The judgment of an answer (src/consumption/inference/judgment.ts) as a receipt row stores it (migration 0027: JSON
 * text) and reads it back, checked field by field: what the database holds is data, not a type.
 */

const guarantees: readonly SpecBreach['guarantee'][] = [
  'time_to_first_token',
  'token_throughput',
  'max_output_length',
  'tool_call',
];
const units: readonly SpecBreach['unit'][] = ['ms', 'tokens_per_second', 'tokens', 'tool_calls'];
const kinds: readonly ToolCallError['kind'][] = ['invalid_json', 'unknown_tool', 'arguments_schema'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === value);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** JSON text for a column; null when there is nothing to record. */
export const recordOf = (items: readonly unknown[]): string | null =>
  items.length === 0 ? null : JSON.stringify(items);

function itemsOf(text: string | null | undefined): unknown[] {
  if (text === null || text === undefined || text === '') return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [];
}

function breachOf(item: unknown): SpecBreach | undefined {
  if (!isRecord(item)) return undefined;
  const guarantee = oneOf(guarantees, item.guarantee);
  const unit = oneOf(units, item.unit);
  const bound = numberOf(item.bound);
  const measured = numberOf(item.measured);
  if (!guarantee || !unit || bound === undefined || measured === undefined) return undefined;
  return { guarantee, bound, measured, unit, ...(typeof item.detail === 'string' && { detail: item.detail }) };
}

function toolCallErrorOf(item: unknown): ToolCallError | undefined {
  if (!isRecord(item)) return undefined;
  const kind = oneOf(kinds, item.kind);
  const index = numberOf(item.index);
  if (!kind || index === undefined || typeof item.name !== 'string') return undefined;
  return { index, name: item.name, kind };
}

/** The breaches a receipt row records (none when the column is null). */
export const specBreachesOf = (text: string | null | undefined): SpecBreach[] =>
  itemsOf(text).flatMap((item) => breachOf(item) ?? []);

export const toolCallErrorsOf = (text: string | null | undefined): ToolCallError[] =>
  itemsOf(text).flatMap((item) => toolCallErrorOf(item) ?? []);
