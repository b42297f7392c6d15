/**
 * Text no API stores. PostgreSQL refuses NUL in text and replaces a lone surrogate, where SQLite
 * keeps both: accepting either would make the two databases answer differently and change a
 * client's ids. Returns why the text is refused, or null.
 */
export function textRefusal(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  // With the u flag a paired surrogate is one code point; only a lone half is of category Cs.
  if (/\p{Cs}/u.test(text)) return 'must be well-formed Unicode text, without a lone surrogate (\\ud800–\\udfff)';
  return null;
}
