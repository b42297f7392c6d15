import { oauthClients } from '../../core/oauth-catalogue.js';
import * as oauth from '../../platform/oauth-tokens.js';
import type { GrantSummary } from '../../platform/oauth-tokens.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import { pager, readPage } from '../paging.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';

/**
 * `/devices`: the OAuth grants of the account — each `mkt login` (device flow) that is still
 * signed in — with Revoke, which ends the grant and every token of it (src/platform/oauth-tokens.ts, the same
 * function the platform API's DELETE calls). Approving a new device stays at `/device`.
 */
const pageSize = 50;

/** One signed-in device: its application, permissions, times and the Revoke button. */
function grantRow(request: MemberRequest, g: GrantSummary): Html {
  return html`<tr><td><strong>${oauthClients.get(g.clientId)?.name ?? g.clientId}</strong><span class="sub mono">${g.grantId}</span></td>
<td>${g.scopes.map((s) => html`<code class="chip">${s}</code>`)}</td><td class="nowrap">${formatTime(g.createdAtUs)}</td><td class="nowrap">${formatTime(g.lastUsedAtUs)}</td><td class="nowrap">${formatTime(g.expiresAtUs)}</td>
<td class="right">${csrfForm(`/devices/${encodeURIComponent(g.grantId)}/revoke`, request.csrfToken, html`<button class="danger" type="submit" aria-label="Revoke ${g.grantId}">Revoke</button>`)}</td></tr>`;
}

async function devicesPage(request: MemberRequest, problem?: Html, status = 200): Promise<PageResult> {
  const page = await readPage(request, pageSize, (p) =>
    oauth.listGrants(request.services, request.viewer.session.user.id, p),
  );
  const rows = page.rows.map((g) => grantRow(request, g));
  const body = html`<h1>Devices</h1>
    <p class="lead">Command lines and apps signed in to your account with <code>mkt login</code>. Revoke one you no longer use, or do not recognise: its tokens stop working at once.</p>
${problem ?? ''}${noticeFor(request.query.notice)}
<div class="card"><div class="card-head"><h2>Signed-in devices</h2><a class="small" href="/device">Approve a new device →</a></div>
<table><thead><tr><th>Application</th><th>Permissions</th><th>Signed in</th><th>Last used</th><th>Expires</th><th></th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td class="empty" colspan="6">No devices are signed in. Run <code>mkt login</code> and approve its code at <a href="/device">/device</a>.</td></tr>`}</tbody></table>${pager('/devices', page.paging, {}, { prev: '← Earlier', next: 'Later →' })}</div>`;
  return show(
    layout({ title: 'Devices', viewer: request.viewer, csrfToken: request.csrfToken, current: '/devices' }, body),
    status,
  );
}

export const showDevices = (request: MemberRequest) => devicesPage(request);

export async function revokeDevice(request: MemberRequest): Promise<PageResult> {
  const revoked = await oauth.revokeGrant(request.services, request.viewer.session.user.id, request.params.id!);
  if (!revoked)
    return devicesPage(
      request,
      notice('warn', 'That device is not signed in.', 'It may have been revoked already, or its login expired.'),
      404,
    );
  return redirect('/devices?notice=grant_revoked');
}
