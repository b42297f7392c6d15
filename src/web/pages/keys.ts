import type { Page, PageParams, Paging } from '../../db/paging.js';
import { ApiError } from '../../lib/errors.js';
import type { ApiKeyRow, SigningKeyRow } from '../../core/identity.js';
import * as keys from '../../core/keys.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import { pager as listPager, readPage as readListPage } from '../paging.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';

/**
 * `/keys` (consumption API keys) and `/signing-keys` (trading signing keys), through the functions
 * of src/core/keys.ts the platform API calls, so both surfaces apply the same rules. A new raw key is rendered in the
 * response to the POST that made it and nowhere else (the page is no-store): shown once.
 */
const pageSize = 50;
const readPage = <Row>(request: MemberRequest, read: (page: PageParams) => Promise<Page<Row>>) => readListPage(request, pageSize, read);
const pager = (path: string, paging: Paging) => listPager(path, paging, {}, { prev: '← Earlier', next: 'Later →' });

/** What the user can do about a refusal from the key service. */
function refusal(error: unknown, field: 'name' | 'label'): Html {
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  if (error.code === 'account_inactive') return notice('error', 'This account is inactive.', 'Keys cannot be created. Contact support to have the account reactivated.');
  if (error.code === 'validation_error') return notice('error', 'The key was not saved.', `Give it a ${field} of 1 to 100 characters.`);
  return notice('error', 'The key was not saved.', error.detail);
}

// ---- consumption API keys ------------------------------------------------------------------------

interface ApiKeysView {
  created?: { row: ApiKeyRow; key: string };
  problem?: Html;
  name?: string;
  status?: number;
}

async function apiKeysPage(request: MemberRequest, view: ApiKeysView = {}): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const page = await readPage(request, (p) => keys.listApiKeys(request.services, userId, p));
  const created = view.created
    ? html`<div class="notice ok" role="status"><strong>Key “${view.created.row.name}” created. Copy it now: it will not be shown again.</strong>
<code class="secret" id="new-key">${view.created.key}</code><div class="detail">Send it as <code>Authorization: Bearer …</code> to the consumption API.</div></div>`
    : '';
  const rows = page.rows.map(
    (k) => html`<tr><td>${k.name}</td><td class="mono">${k.key_prefix}…</td><td>${k.active ? html`<span class="pill on">Active</span>` : html`<span class="pill off">Inactive</span>`}</td>
<td>${formatTime(k.created_at_us)}</td><td>${formatTime(k.last_used_at_us)}</td>
<td class="right">${csrfForm(`/keys/${encodeURIComponent(k.id)}/delete`, request.csrfToken, html`<button class="danger" type="submit" aria-label="Delete ${k.name}">Delete</button>`)}</td></tr>`,
  );
  const body = html`<h1>Consumption API keys</h1>
<p class="lead">Keys authenticate inference on the consumption API (<code>Authorization: Bearer mkt_ck_…</code>). A key is shown once, when it is created; store it somewhere safe.</p>
${created}${view.problem ?? ''}${noticeFor(request.query.notice)}
<div class="card"><h2>Create a key</h2>${csrfForm(
    '/keys',
    request.csrfToken,
    html`<div class="inline"><div class="field"><label for="name">Name<span class="hint">What the key is for, e.g. laptop or ci.</span></label>
<input id="name" type="text" name="name" value="${view.name ?? ''}" maxlength="100" required></div><button type="submit">Create key</button></div>`,
  )}</div>
<div class="card"><h2>Your keys</h2><table><thead><tr><th>Name</th><th>Prefix</th><th>Status</th><th>Created</th><th>Last used</th><th></th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td class="empty" colspan="6">No keys yet. Create one above.</td></tr>`}</tbody></table>${pager('/keys', page.paging)}</div>`;
  return show(layout({ title: 'API keys', viewer: request.viewer, csrfToken: request.csrfToken, current: '/keys' }, body), view.status ?? 200);
}

export const showApiKeys = (request: MemberRequest) => apiKeysPage(request);

export async function createApiKey(request: MemberRequest): Promise<PageResult> {
  const name = (request.form.name ?? '').trim();
  try {
    const created = await keys.createApiKey(request.services, request.viewer.session.user.id, { name });
    return apiKeysPage(request, { created, status: 201 });
  } catch (error) {
    const problem = refusal(error, 'name');
    return apiKeysPage(request, { problem, name, status: (error as ApiError).status });
  }
}

export async function deleteApiKey(request: MemberRequest): Promise<PageResult> {
  try {
    await keys.deleteApiKey(request.services, request.viewer.session.user.id, request.params.id!);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return apiKeysPage(request, { problem: notice('warn', 'That key does not exist.', 'It may have been deleted already.'), status: 404 });
    }
    throw error;
  }
  return redirect('/keys?notice=key_deleted');
}

// ---- trading signing keys --------------------------------------------------------------------------

interface SigningKeysView {
  registered?: SigningKeyRow;
  problem?: Html;
  label?: string;
  publicKey?: string;
  status?: number;
}

async function signingKeysPage(request: MemberRequest, view: SigningKeysView = {}): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const page = await readPage(request, (p) => keys.listSigningKeys(request.services, userId, p));
  const registered = view.registered
    ? html`<div class="notice ok" role="status"><strong>Signing key “${view.registered.label}” registered.</strong>
<div class="detail">Its fingerprint, sent as <code>x-mkt-fingerprint</code> on every signed request:</div><code class="secret" id="new-fingerprint">${view.registered.fingerprint}</code></div>`
    : '';
  const rows = page.rows.map(
    (k) => html`<tr><td>${k.label}</td><td class="mono break">${k.fingerprint}</td><td>${formatTime(k.created_at_us)}</td><td>${formatTime(k.last_used_at_us)}</td>
<td class="right">${csrfForm(`/signing-keys/${encodeURIComponent(k.id)}/delete`, request.csrfToken, html`<button class="danger" type="submit" aria-label="Delete ${k.label}">Delete</button>`)}</td></tr>`,
  );
  const body = html`<h1>Trading signing keys</h1>
<p class="lead">The trading API takes requests signed with Ed25519. Make a keypair on your machine, keep the private key there, and register the public key here: base64 of its raw 32 bytes (44 characters, not PEM).</p>
${registered}${view.problem ?? ''}${noticeFor(request.query.notice)}
<div class="card"><h2>Register a public key</h2>${csrfForm(
    '/signing-keys',
    request.csrfToken,
    html`<div class="inline"><div class="field"><label for="label">Label</label><input id="label" type="text" name="label" value="${view.label ?? ''}" maxlength="100" placeholder="trading-bot" required></div>
<div class="field grow2"><label for="public_key">Public key</label><input id="public_key" class="mono" type="text" name="public_key" value="${view.publicKey ?? ''}" placeholder="11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=" autocomplete="off" spellcheck="false" required></div>
<button type="submit">Register</button></div>`,
  )}</div>
<div class="card"><h2>Your signing keys</h2><table><thead><tr><th>Label</th><th>Fingerprint</th><th>Created</th><th>Last used</th><th></th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td class="empty" colspan="5">No signing keys yet. Register one above.</td></tr>`}</tbody></table>${pager('/signing-keys', page.paging)}</div>`;
  return show(layout({ title: 'Signing keys', viewer: request.viewer, csrfToken: request.csrfToken, current: '/signing-keys' }, body), view.status ?? 200);
}

export const showSigningKeys = (request: MemberRequest) => signingKeysPage(request);

export async function createSigningKey(request: MemberRequest): Promise<PageResult> {
  const label = (request.form.label ?? '').trim();
  const publicKey = (request.form.public_key ?? '').trim();
  try {
    const registered = await keys.createSigningKey(request.services, request.viewer.session.user.id, label, publicKey);
    return signingKeysPage(request, { registered, status: 201 });
  } catch (error) {
    const problem = refusal(error, 'label');
    return signingKeysPage(request, { problem, label, publicKey, status: (error as ApiError).status });
  }
}

export async function deleteSigningKey(request: MemberRequest): Promise<PageResult> {
  try {
    await keys.deleteSigningKey(request.services, request.viewer.session.user.id, request.params.id!);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return signingKeysPage(request, { problem: notice('warn', 'That signing key does not exist.', 'It may have been deleted already.'), status: 404 });
    }
    throw error;
  }
  return redirect('/signing-keys?notice=signing_key_deleted');
}
