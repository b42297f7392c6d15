import { acceptLegalTerms } from '../../core/accounts.js';
import { html, trusted } from '../html.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import { redirect, show, type MemberRequest, type PageRequest, type PageResult } from '../request.js';

/**
 * The legal terms a user accepts before changing account settings (platform.yaml, account
 * preconditions). The text is the operator's to replace; acceptance is recorded with its time.
 */
const termsText = trusted(`
<h2>1. The service</h2>
<p>mkt is a market for AI inference capacity. Suppliers offer capacity as Units of standard instruments; buyers buy Units and spend them on inference requests. Prices are set by the order book, not by the operator.</p>
<h2>2. Your account</h2>
<p>You keep your password, consumption API keys and signing keys secret, and you are responsible for requests made with them. Delete a key as soon as you suspect it has leaked. The operator may deactivate an account that breaks these terms; an inactive account cannot log in, trade or change settings.</p>
<h2>3. Orders and balances</h2>
<p>An order you place stays on the book until it is filled, cancelled or expires, and a fill is final. Units moved to a consumption account cannot be sold again and expire four hours after they arrive. In Auto Mode the service buys capacity for you when a request needs it, within your balance.</p>
<h2>4. Inference</h2>
<p>A request that fails entirely, or whose response does not meet the instrument's specification, is not billed. Do not send content you are not allowed to share with the supplier that serves the request.</p>
<h2>5. Acceptable use</h2>
<p>Do not use the service to break the law, to attack the service or other users, or to manipulate prices (for example with orders you do not intend to be filled).</p>
<h2>6. Availability and changes</h2>
<p>The service is provided as is. The operator may change these terms; you will be asked to accept a changed version before you next change account settings.</p>
`);

export async function showTerms(request: PageRequest): Promise<PageResult> {
  const user = request.viewer?.session.user;
  let status;
  if (!user)
    status = notice(
      'info',
      'Log in to accept the terms.',
      html`<a href="/login?next=/terms">Log in</a> or <a href="/signup?next=/terms">create an account</a>.`,
    );
  else if (user.legal_terms_accepted_at_us !== null)
    status = notice('ok', `You accepted these terms on ${formatTime(user.legal_terms_accepted_at_us)}.`);
  const acceptance =
    user && user.legal_terms_accepted_at_us === null
      ? html`<div class="card">${csrfForm(
          '/terms',
          request.csrfToken,
          html`<label class="check"><input type="checkbox" name="accept" value="yes" required><span>I have read the terms above and accept them.</span></label>
<div class="actions"><button type="submit">Accept the terms</button></div>`,
        )}</div>`
      : '';
  const body = html`<h1>Legal terms</h1><p class="lead">Accepting them is required before you change account settings, such as the account mode.</p>
${noticeFor(request.query.notice)}${request.ctx.method === 'POST' ? notice('error', 'Tick the box to accept the terms.') : ''}${status}
<div class="card terms">${termsText}</div>${acceptance}`;
  return show(
    layout({ title: 'Legal terms', viewer: request.viewer, csrfToken: request.csrfToken, current: '' }, body),
    request.ctx.method === 'POST' ? 422 : 200,
  );
}

export async function acceptTerms(request: MemberRequest): Promise<PageResult> {
  if (request.form.accept !== 'yes') return showTerms(request);
  await acceptLegalTerms(request.services, request.viewer.session.user.id);
  return redirect('/?notice=terms_accepted');
}
