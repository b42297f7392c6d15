import { html } from '../html.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import { show, type PageRequest, type PageResult } from '../request.js';

export const modeNames = { auto: 'Auto Mode', advanced: 'Advanced Mode' } as const;

const tiles = [
  { href: '/funds', title: 'Add funds', text: 'Put USD in your account; see your deposits and their status.' },
  { href: '/usage', title: 'Usage', text: 'Every inference request, what it cost, and spend per day.' },
  { href: '/orders', title: 'Orders', text: 'Open orders (cancel them here) and order history.' },
  { href: '/trades', title: 'Trades', text: 'Your fills: price, quantity and fee.' },
  { href: '/balances', title: 'Balances', text: 'USD, trading Units, consumption Units and when they expire.' },
  { href: '/keys', title: 'Consumption API keys', text: 'Keys for inference calls (mkt_ck_…). Create, list, delete.' },
  { href: '/signing-keys', title: 'Trading signing keys', text: 'Ed25519 public keys that sign trading API requests.' },
  { href: '/devices', title: 'Devices', text: 'Your mkt command line logins; revoke one here.' },
  { href: '/device', title: 'Approve a device', text: 'Enter the code the mkt command line shows you.' },
  {
    href: '/auto-reload',
    title: 'Auto-reload',
    text: 'Top up USD automatically when it runs low, within a monthly limit.',
  },
  { href: '/account', title: 'Account mode', text: 'Auto Mode buys capacity for you; Advanced Mode lets you trade.' },
  {
    href: '/endpoints',
    title: 'Supply inference',
    text: 'Register your endpoints, have them qualified, and read their scorecards.',
  },
  { href: '/docs', title: 'API reference', text: 'The consumption, trading and platform APIs, and the live streams.' },
];

function remainingSteps(verified: boolean, accepted: boolean) {
  if (verified && accepted) return '';
  const steps = [verified ? undefined : 'verify your email address', accepted ? undefined : 'accept the legal terms']
    .filter(Boolean)
    .join(' and ');
  return notice('warn', `Before you can change account settings, ${steps}.`, 'See the status below.');
}

/** Signed out: what mkt is, and the way in. */
function welcomePage(request: PageRequest): PageResult {
  const body = html`<h1>mkt</h1><p class="lead">A real-time spot market for AI inference. Suppliers compete on a central limit order book; buyers get inference capacity at market prices.</p>
${noticeFor(request.query.notice)}
<div class="grid two"><a class="tile" href="/login"><strong>Log in</strong><span>Manage keys, devices and your account.</span></a>
<a class="tile" href="/signup"><strong>Create an account</strong><span>An email address and a password are all it takes.</span></a></div>
<p class="muted small">Developers: see the <a href="/docs">API reference</a>.</p>`;
  return show(layout({ title: 'Home', viewer: undefined, csrfToken: request.csrfToken }, body));
}

/** `/`: signed out, what mkt is and the way in; signed in, the state of the account and where to go. */
export async function showHome(request: PageRequest): Promise<PageResult> {
  const { viewer } = request;
  if (!viewer) return welcomePage(request);
  const user = viewer.session.user;
  const verified = user.email_verified_at_us !== null;
  const accepted = user.legal_terms_accepted_at_us !== null;
  const active = user.status === 'active';
  const body = html`<h1>Your account</h1><p class="lead">Signed in as ${user.email}.</p>
${noticeFor(request.query.notice)}
${active ? '' : notice('error', 'This account is inactive.', 'It cannot trade, create keys or change settings. Contact support to have it reactivated.')}
${active ? remainingSteps(verified, accepted) : ''}
<div class="card"><h2>Status</h2><dl class="facts">
<dt>Email address</dt><dd>${
    verified
      ? html`<span class="pill on">Verified</span><span class="muted small">${formatTime(user.email_verified_at_us)}</span>`
      : html`<span class="pill bad">Not verified</span><span class="muted small">Open the link we mailed you.</span>${csrfForm('/verify-email/resend', request.csrfToken, html`<button class="link" type="submit">Send a new link</button>`)}`
  }</dd>
<dt>Legal terms</dt><dd>${
    accepted
      ? html`<span class="pill on">Accepted</span><span class="muted small">${formatTime(user.legal_terms_accepted_at_us)}</span>`
      : html`<span class="pill bad">Not accepted</span><a class="small" href="/terms">Read and accept the terms</a>`
  }</dd>
<dt>Account mode</dt><dd><strong>${modeNames[user.account_mode]}</strong><a class="small" href="/account">Change</a></dd>
<dt>Account status</dt><dd>${active ? html`<span class="pill on">Active</span>` : html`<span class="pill bad">Inactive</span>`}</dd>
<dt>Member since</dt><dd>${formatTime(user.created_at_us)}</dd>
</dl></div>
<div class="grid">${tiles.map((t) => html`<a class="tile" href="${t.href}"><strong>${t.title}</strong><span>${t.text}</span></a>`)}</div>`;
  return show(layout({ title: 'Home', viewer, csrfToken: request.csrfToken, current: '/' }, body));
}
