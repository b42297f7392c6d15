import type { Page, PageParams, Paging } from '../../db/paging.js';
import type { ApiKeyRow, SigningKeyRow } from '../../core/identity.js';
import * as keys from '../../core/keys.js';
import { keyUsage, keyUsages } from '../../core/key-limits.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { refusalOf, type Refusal } from '../failures.js';
import { noticeFor } from '../notices.js';
import { pager as listPager, readPage as readListPage } from '../paging.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';
import {
  blankLimits,
  limitsFieldError,
  limitsFields,
  limitsFormOf,
  limitsInputOf,
  limitsSummary,
  modelNames,
  readLimitsForm,
  type FieldError,
  type LimitsForm,
} from './key-limits.js';

/**
 * `/keys` (consumption API keys) and `/signing-keys` (trading signing keys), through the functions
 * of src/core/keys.ts the platform API calls, so both surfaces apply the same rules. A new raw key is rendered in the
 * response to the POST that made it and nowhere else (the page is no-store): shown once.
 */
const pageSize = 50;
const readPage = <Row>(request: MemberRequest, read: (page: PageParams) => Promise<Page<Row>>) =>
  readListPage(request, pageSize, read);
const pager = (path: string, paging: Paging) => listPager(path, paging, {}, { prev: '← Earlier', next: 'Later →' });

/** What the user can do about a refusal from the key service. */
function refusalNotice(refused: Refusal, field: 'name' | 'label'): Html {
  if (refused.code === 'account_inactive')
    return notice(
      'error',
      'This account is inactive.',
      'Keys cannot be created. Contact support to have the account reactivated.',
    );
  if (refused.code === 'validation_error')
    return notice('error', 'The key was not saved.', `Give it a ${field} of 1 to 100 characters.`);
  return notice('error', 'The key was not saved.', refused.detail);
}

// ---- consumption API keys ------------------------------------------------------------------------

interface ApiKeysView {
  created?: { row: ApiKeyRow; key: string };
  problem?: Html;
  name?: string;
  limits?: LimitsForm;
  error?: FieldError;
  status?: number;
}

async function apiKeysPage(request: MemberRequest, view: ApiKeysView = {}): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const page = await readPage(request, (p) => keys.listApiKeys(request.services, userId, p));
  const nowUs = request.services.clock.nowUs();
  const usages = await keyUsages(request.services, page.rows, nowUs);
  const created = view.created
    ? html`<div class="notice ok" role="status"><strong>Key “${view.created.row.name}” created. Copy it now: it will not be shown again.</strong>
<code class="secret" id="new-key">${view.created.key}</code><div class="detail">Send it as <code>Authorization: Bearer …</code> to the consumption API.</div></div>`
    : '';
  const rows = page.rows.map(
    (
      k,
    ) => html`<tr><td>${k.name}</td><td class="mono">${k.key_prefix}…</td><td>${k.active ? html`<span class="pill on">Active</span>` : html`<span class="pill off">Inactive</span>`}</td>
<td>${formatTime(k.created_at_us)}</td><td>${formatTime(k.last_used_at_us)}</td><td class="limits">${limitsSummary(k, usages.get(k.id)!, nowUs)}</td>
<td class="right nowrap"><a class="small" href="/keys/${encodeURIComponent(k.id)}" aria-label="Edit the limits of ${k.name}">Edit limits</a> ${csrfForm(`/keys/${encodeURIComponent(k.id)}/delete`, request.csrfToken, html`<button class="danger" type="submit" aria-label="Delete ${k.name}">Delete</button>`, html` class="inline-form"`)}</td></tr>`,
  );
  const nameError =
    view.error?.field === 'name' ? html`<span class="field-error" id="name-error">${view.error.message}</span>` : '';
  const body = html`<h1>Consumption API keys</h1>
<p class="lead">Keys authenticate inference on the consumption API (<code>Authorization: Bearer mkt_ck_…</code>). A key is shown once, when it is created; store it somewhere safe. A key may have a budget, an expiry and a list of models; the consumption API refuses what they do not allow.</p>
${created}${view.problem ?? ''}${noticeFor(request.query.notice)}
<div class="card"><h2>Create a key</h2>${csrfForm(
    '/keys',
    request.csrfToken,
    html`<div class="field"><label for="name">Name<span class="hint">What the key is for, e.g. laptop or ci.</span></label>
<input id="name" type="text" name="name" value="${view.name ?? ''}" maxlength="100" required${nameError ? html` aria-invalid="true" aria-describedby="name-error"` : ''}>${nameError}</div>
<h3 class="small muted">Limits (optional)</h3>
${limitsFields(view.limits ?? blankLimits, await modelNames(request.services), view.error)}
<div class="actions"><button type="submit">Create key</button></div>`,
  )}</div>
<div class="card"><h2>Your keys</h2><table><thead><tr><th>Name</th><th>Prefix</th><th>Status</th><th>Created</th><th>Last used</th><th>Usage and limits</th><th></th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td class="empty" colspan="7">No keys yet. Create one above.</td></tr>`}</tbody></table>${pager('/keys', page.paging)}</div>`;
  return show(
    layout({ title: 'API keys', viewer: request.viewer, csrfToken: request.csrfToken, current: '/keys' }, body),
    view.status ?? 200,
  );
}

export const showApiKeys = (request: MemberRequest) => apiKeysPage(request);

export async function createApiKey(request: MemberRequest): Promise<PageResult> {
  const name = (request.form.name ?? '').trim();
  const limits = readLimitsForm(request.form);
  try {
    const created = await keys.createApiKey(request.services, request.viewer.session.user.id, {
      name,
      ...limitsInputOf(limits),
    });
    return apiKeysPage(request, { created, status: 201 });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    if (refused.code === 'validation_error') {
      const fieldError = limitsFieldError(refused);
      const problem = notice('error', 'The key was not saved.', fieldError.message);
      return apiKeysPage(request, { problem, error: fieldError, name, limits, status: 422 });
    }
    return apiKeysPage(request, { problem: refusalNotice(refused, 'name'), name, limits, status: refused.status });
  }
}

/** `/keys/:id`: one key's limits, and what it spent against them. */
async function keyLimitsPage(
  request: MemberRequest,
  row: ApiKeyRow,
  view: { limits?: LimitsForm; error?: FieldError; status?: number } = {},
): Promise<PageResult> {
  const nowUs = request.services.clock.nowUs();
  const usage = await keyUsage(request.services, row, nowUs);
  const problem = view.error ? notice('error', 'The limits were not saved.', view.error.message) : '';
  const body = html`<h1>Limits of “${row.name}”</h1>
<p class="lead"><a href="/keys">← API keys</a> · <span class="mono">${row.key_prefix}…</span> · created ${formatTime(row.created_at_us)}</p>
${problem}
<div class="card"><h2>Now</h2><div id="key-usage">${limitsSummary(row, usage, nowUs)}</div></div>
<div class="card"><h2>Limits</h2>${csrfForm(
    `/keys/${encodeURIComponent(row.id)}`,
    request.csrfToken,
    html`${limitsFields(view.limits ?? limitsFormOf(row), await modelNames(request.services), view.error)}
<p class="muted small">A changed budget counts what the key already spent in the current period. New limits hold from the next request on.</p>
<div class="actions"><button type="submit">Save limits</button></div>`,
  )}</div>`;
  return show(
    layout(
      { title: `Limits of ${row.name}`, viewer: request.viewer, csrfToken: request.csrfToken, current: '/keys' },
      body,
    ),
    view.status ?? 200,
  );
}

const missingKey = (request: MemberRequest) =>
  apiKeysPage(request, {
    problem: notice('warn', 'That key does not exist.', 'It may have been deleted already.'),
    status: 404,
  });

async function keyOrMissing(
  request: MemberRequest,
  work: (row: ApiKeyRow) => Promise<PageResult>,
): Promise<PageResult> {
  let row: ApiKeyRow;
  try {
    row = await keys.getApiKey(request.services, request.viewer.session.user.id, request.params.id!);
  } catch (error) {
    if (refusalOf(error)?.code === 'not_found') return missingKey(request);
    throw error;
  }
  return work(row);
}

export const showApiKeyLimits = (request: MemberRequest) => keyOrMissing(request, (row) => keyLimitsPage(request, row));

export async function saveApiKeyLimits(request: MemberRequest): Promise<PageResult> {
  return keyOrMissing(request, async (row) => {
    const limits = readLimitsForm(request.form);
    try {
      await keys.updateApiKey(request.services, request.viewer.session.user.id, row.id, limitsInputOf(limits, row));
    } catch (error) {
      const refused = refusalOf(error);
      if (refused === undefined) throw error;
      if (refused.code === 'not_found') return missingKey(request); // deleted meanwhile
      const fieldError =
        refused.code === 'validation_error' ? limitsFieldError(refused) : { field: undefined, message: refused.detail };
      return keyLimitsPage(request, row, { limits, error: fieldError, status: refused.status });
    }
    return redirect('/keys?notice=key_limits_saved');
  });
}

export async function deleteApiKey(request: MemberRequest): Promise<PageResult> {
  try {
    await keys.deleteApiKey(request.services, request.viewer.session.user.id, request.params.id!);
  } catch (error) {
    if (refusalOf(error)?.code === 'not_found') return missingKey(request);
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
    (
      k,
    ) => html`<tr><td>${k.label}</td><td class="mono break">${k.fingerprint}</td><td>${formatTime(k.created_at_us)}</td><td>${formatTime(k.last_used_at_us)}</td>
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
  return show(
    layout(
      { title: 'Signing keys', viewer: request.viewer, csrfToken: request.csrfToken, current: '/signing-keys' },
      body,
    ),
    view.status ?? 200,
  );
}

export const showSigningKeys = (request: MemberRequest) => signingKeysPage(request);

export async function createSigningKey(request: MemberRequest): Promise<PageResult> {
  const label = (request.form.label ?? '').trim();
  const publicKey = (request.form.public_key ?? '').trim();
  try {
    const registered = await keys.createSigningKey(request.services, request.viewer.session.user.id, label, publicKey);
    return signingKeysPage(request, { registered, status: 201 });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    const problem = refusalNotice(refused, 'label');
    return signingKeysPage(request, { problem, label, publicKey, status: refused.status });
  }
}

export async function deleteSigningKey(request: MemberRequest): Promise<PageResult> {
  try {
    await keys.deleteSigningKey(request.services, request.viewer.session.user.id, request.params.id!);
  } catch (error) {
    if (refusalOf(error)?.code === 'not_found') {
      return signingKeysPage(request, {
        problem: notice('warn', 'That signing key does not exist.', 'It may have been deleted already.'),
        status: 404,
      });
    }
    throw error;
  }
  return redirect('/signing-keys?notice=signing_key_deleted');
}
