/**
 * HTML built with a tagged template that escapes every interpolated value, so a page cannot forget
 * to: `html\`<p>${name}</p>\``. Markup already built (another `html` fragment) goes in unescaped;
 * arrays are joined; null, undefined and false render nothing.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  // Templates interpolate numbers, bigints and objects that render themselves (URL, Date): String() is their text.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let text = strings[0]!;
  for (let i = 0; i < values.length; i += 1) text += render(values[i]) + strings[i + 1]!;
  return new Html(text);
}

/** Markup from a trusted constant (never from a request or the database). */
export const trusted = (text: string): Html => new Html(text);
