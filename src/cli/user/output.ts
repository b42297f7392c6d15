import Table from 'cli-table3';

/** A failure the user can act on: printed as its detail, exit 1. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    /** The API's error code, when the failure is an API answer. */
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Where a command writes: stdout, and whether the caller asked for JSON. */
export interface Output {
  json: boolean;
  write(text: string): void;
}

export function stdoutOutput(json: boolean): Output {
  return { json, write: (text) => void process.stdout.write(text) };
}

export type Cell = string | number | boolean | null | undefined;

/** No rule between rows: a compact table a terminal shows whole. */
const compact = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

const cellText = (value: Cell): string => (value === null || value === undefined ? '-' : String(value));

/** A table of rows under a header; numbers and prices right-aligned by the caller's choice of columns. */
export function renderTable(head: string[], rows: Cell[][], options: { rightAligned?: number[] } = {}): string {
  const table = new Table({
    head,
    chars: compact,
    style: { head: [], border: [] },
    colAligns: head.map((_, i) => (options.rightAligned?.includes(i) ? 'right' : 'left')),
  });
  for (const row of rows) table.push(row.map(cellText));
  return table.toString();
}

/** Two columns, field and value: one object. */
export function renderRecord(fields: [string, Cell][]): string {
  const table = new Table({ chars: compact, style: { head: [], border: [] } });
  for (const [name, value] of fields) table.push({ [name]: cellText(value) });
  return table.toString();
}

/** Prints `data` as JSON with --json, else the human view. */
export function show(output: Output, data: unknown, human: () => string): void {
  output.write(output.json ? JSON.stringify(data, null, 2) + '\n' : human() + '\n');
}
