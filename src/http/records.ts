/** A JSON object or array (or any object), whose members the edge reads by name. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
