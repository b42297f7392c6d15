import * as oauth from '../../platform/oauth.js';
import type { DeviceRequest } from '../../platform/oauth.js';
import { html, type Html } from '../html.js';
import { csrfForm, layout, notice } from '../layout.js';
import { clientAddressOf } from '../../lib/client-address.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { tooManyAttempts } from './sign-in.js';

/**
 * `/device`: the user side of the OAuth device flow (RFC 8628 §3.3). The command line shows a code;
 * the user enters it here (or follows verification_uri_complete), sees which client asks for what,
 * and approves or denies. Signing in first is enforced by the route.
 */

function devicePage(request: MemberRequest, body: Html, status = 200): PageResult {
  return show(
    layout(
      { title: 'Approve a device', viewer: request.viewer, csrfToken: request.csrfToken, current: '/devices' },
      body,
    ),
    status,
  );
}

function codeForm(value: string): Html {
  return html`<form method="get" action="/device" class="inline compact">
<div class="field"><label for="user_code">Code</label><input id="user_code" class="code" type="text" name="user_code" value="${value}" placeholder="ABCD-EFGH" autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus></div>
<button type="submit">Continue</button></form>`;
}

const intro = html`<h1>Approve a device</h1><p class="lead">Enter the code the mkt command line (or another app) shows you, to let it use your account.</p>`;

function unknownCode(request: MemberRequest, typed: string): PageResult {
  return devicePage(
    request,
    html`${intro}${notice('error', 'This code is not valid.', 'It may be mistyped, or it has expired: codes are valid for a few minutes. Check it, or start the login again on your device to get a new one.')}
<div class="card">${codeForm(typed)}</div>`,
    404,
  );
}

function usedCode(request: MemberRequest, userCode: string): PageResult {
  return devicePage(
    request,
    html`${intro}${notice('warn', `The code ${userCode} has already been used.`, 'A code can be approved or denied once. To sign in again, start a new login on your device.')}
<div class="card">${codeForm('')}</div>`,
    409,
  );
}

function minutesLeft(request: MemberRequest, device: DeviceRequest): number {
  return Math.max(1, Math.ceil((device.expiresAtUs - request.services.clock.nowUs()) / 60_000_000));
}

function decisionPage(request: MemberRequest, device: DeviceRequest): PageResult {
  const hidden = html`<input type="hidden" name="user_code" value="${device.userCode}">`;
  const minutes = minutesLeft(request, device);
  return devicePage(
    request,
    html`<h1>Allow ${device.clientName} to use your account?</h1>
<p class="lead">Only approve if you started this login yourself and the code matches the one on your device.</p>
<div class="card"><dl class="facts">
<dt>Code</dt><dd><span class="code-display">${device.userCode}</span></dd>
<dt>Application</dt><dd><span><strong>${device.clientName}</strong> <span class="muted small">(client id <code>${device.clientId}</code>)</span></span></dd>
<dt>Account</dt><dd>${request.viewer.session.user.email}</dd>
<dt>Expires</dt><dd>in ${minutes} minute${minutes === 1 ? '' : 's'}</dd>
</dl></div>
<div class="card"><h2>It asks for permission to</h2><ul class="scopes">${device.scopes.map((s) => html`<li><code>${s.scope}</code>${s.description}</li>`)}</ul>
<div class="actions">${csrfForm('/device/approve', request.csrfToken, html`${hidden}<button type="submit">Approve</button>`)}${csrfForm('/device/deny', request.csrfToken, html`${hidden}<button class="secondary" type="submit">Deny</button>`)}</div></div>`,
  );
}

/** Too many wrong codes from this session or address (DESIGN.md §9): 429 with Retry-After, nothing looked up. */
function throttledPage(request: MemberRequest, typed: string, retryAfterSeconds: number): PageResult {
  request.ctx.set('Retry-After', String(retryAfterSeconds));
  return devicePage(
    request,
    html`${intro}${notice('error', 'Too many wrong codes.', tooManyAttempts(retryAfterSeconds))}<div class="card">${codeForm(typed)}</div>`,
    429,
  );
}

/** Each code typed here is a guess: counted per session and per address, and refused when throttled. */
function lookUp(request: MemberRequest, typed: string) {
  return oauth.findDeviceRequest(request.services, typed, {
    clientAddress: clientAddressOf(request.ctx.req),
    sessionIdHash: request.viewer.session.idHash,
  });
}

export async function showDevice(request: MemberRequest): Promise<PageResult> {
  const typed = (request.query.user_code ?? '').trim();
  if (typed === '') return devicePage(request, html`${intro}<div class="card">${codeForm('')}</div>`);
  const found = await lookUp(request, typed);
  if (!found.ok)
    return found.reason === 'throttled'
      ? throttledPage(request, typed, found.retryAfterSeconds)
      : unknownCode(request, typed);
  if (found.device.status !== 'pending') return usedCode(request, found.device.userCode);
  return decisionPage(request, found.device);
}

async function decide(request: MemberRequest, decision: 'approve' | 'deny'): Promise<PageResult> {
  const typed = (request.form.user_code ?? '').trim();
  const userId = request.viewer.session.user.id;
  if (typed === '') return unknownCode(request, typed);
  const found = await lookUp(request, typed);
  if (!found.ok)
    return found.reason === 'throttled'
      ? throttledPage(request, typed, found.retryAfterSeconds)
      : unknownCode(request, typed);
  const device = found.device;
  const decided =
    decision === 'approve'
      ? await oauth.approveDevice(request.services, typed, userId)
      : await oauth.denyDevice(request.services, typed, userId);
  if (decided === 'unknown_code') return unknownCode(request, typed);
  if (decided === 'already_decided') return usedCode(request, device.userCode);
  const name = device.clientName;
  const outcome =
    decision === 'approve'
      ? notice('ok', 'Device approved.', `${name} is now signed in to your account. You can return to your terminal.`)
      : notice('info', 'Request denied.', `${name} did not get access to your account. You can close this page.`);
  return devicePage(
    request,
    html`<h1>${decision === 'approve' ? 'Device connected' : 'Access denied'}</h1><p class="lead">Code ${device.userCode}.</p>${outcome}
<p class="small"><a href="/">Back to your home page</a></p>`,
  );
}

export const approveDevice = (request: MemberRequest) => decide(request, 'approve');
export const denyDevice = (request: MemberRequest) => decide(request, 'deny');
