/** The payload of a `phx_reply`: ok with a response, or an error with a reason and a detail. */
export type Reply = { status: 'ok' | 'error'; response: Record<string, unknown> };

export const ok = (response: Record<string, unknown> = {}): Reply => ({ status: 'ok', response });

export const error = (reason: string, detail: string, more: Record<string, unknown> = {}): Reply => ({
  status: 'error',
  response: { reason, detail, ...more },
});
