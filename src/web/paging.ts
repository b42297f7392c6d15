import type { Page, PageParams, Paging } from '../db/paging.js';
import { refusalOf } from './failures.js';
import { html, type Html } from './html.js';
import { withQuery, type MemberRequest } from './request.js';

/**
 * Lists on the dashboard page by the same keyset cursors as the APIs (`?next=` / `?prev=`). A stale
 * or mangled cursor in the address is no error a person can fix: the list starts again at page one.
 */
export async function readPage<Row>(
  request: MemberRequest,
  limit: number,
  read: (page: PageParams) => Promise<Page<Row>>,
): Promise<Page<Row>> {
  try {
    // Both directions at once is no page: the forward one wins.
    return await read({
      limit,
      next: request.query.next,
      prev: request.query.next === undefined ? request.query.prev : undefined,
    });
  } catch (error) {
    if (refusalOf(error)?.code === 'invalid_cursor') return read({ limit });
    throw error;
  }
}

/** Links to the pages before and after, keeping the list's filters (`keep`) in the address. */
export function pager(
  path: string,
  paging: Paging,
  keep: Record<string, string | undefined> = {},
  labels = { prev: '← Newer', next: 'Older →' },
): Html {
  if (!paging.next_cursor && !paging.prev_cursor) return html``;
  const prev = paging.prev_cursor
    ? html`<a href="${withQuery(path, { ...keep, prev: paging.prev_cursor })}" rel="prev">${labels.prev}</a>`
    : '';
  const next = paging.next_cursor
    ? html`<a href="${withQuery(path, { ...keep, next: paging.next_cursor })}" rel="next">${labels.next}</a>`
    : '';
  return html`<nav class="pager" aria-label="Pages"><span>${prev}</span><span>${next}</span></nav>`;
}
