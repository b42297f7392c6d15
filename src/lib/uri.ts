/** decodeURIComponent that keeps a malformed %-escape as sent (it then names nothing) instead of throwing. */
export function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
