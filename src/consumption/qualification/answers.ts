import type { ChatCompletion } from '../suppliers/types.js';
import type { ProbeVerdict } from './types.js';

/** Reading an answer the way every check does: the first choice's text, trimmed. */

export function answerText(answer: ChatCompletion): string {
  return (answer.choices[0]?.message.content ?? '').trim();
}

/** The text without the wrapping a capable model may add to a bare value: quotes, backticks, one final period. */
export function bareValue(text: string): string {
  return text
    .trim()
    .replace(/^[`"']+|[`"']+$/g, '')
    .replace(/\.$/, '')
    .trim();
}

/** The code of a fenced block when the answer has one, else the whole answer. */
export function codeOf(text: string): string {
  const fenced = /```[a-zA-Z]*\n([\s\S]*?)```/.exec(text);
  return (fenced?.[1] ?? text).trim();
}

export const passed = (detail: string): ProbeVerdict => ({ passed: true, detail });
export const failed = (detail: string): ProbeVerdict => ({ passed: false, detail });

/** Up to 80 characters of what came, for a verdict's detail. */
export function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}

/** A verdict on a value that must equal `expected` exactly. */
export function expectValue(what: string, got: string, expected: string): ProbeVerdict {
  return got === expected
    ? passed(`${what}: ${quoted(expected)}`)
    : failed(`${what}: expected ${quoted(expected)}, got ${quoted(got)}`);
}
