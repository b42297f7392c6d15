import * as accounts from '../../core/accounts.js';
import {
  passwordLengthMax,
  passwordLengthMin,
  sessionCookieName,
  sessionLifetimeUs,
  type LogInRefusal,
  type OpenedSession,
  type SignUpRefusal,
} from '../../core/accounts.js';
import { clientAddressOf } from '../../lib/client-address.js';
import { html, type Html } from '../html.js';
import { csrfForm, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import {
  localPath,
  redirect,
  secureCookies,
  show,
  withQuery,
  type MemberRequest,
  type PageRequest,
  type PageResult,
} from '../request.js';

/** Sign-up, log-in, log-out and the email verification link. */

const signUpRefusals: Record<SignUpRefusal, string> = {
  invalid_email: 'Enter a valid email address, like name@example.com.',
  password_too_short: `Choose a password of at least ${passwordLengthMin} characters.`,
  password_too_long: `Choose a password of at most ${passwordLengthMax} characters.`,
  email_taken: 'An account with this email address already exists. Log in instead.',
};

const logInRefusals: Record<LogInRefusal, string> = {
  invalid_credentials: 'The email address or password is incorrect.',
  account_inactive: 'This account is inactive, so it cannot log in. Contact support to have it reactivated.',
};

/** The refusal of a throttled form (429, with the same wait in Retry-After). */
export function tooManyAttempts(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many failed attempts. For your account's safety, try again in ${wait}.`;
}

/** Sets the new session's cookie; a session the browser still held is ended, not left behind. */
async function startSession(request: PageRequest, session: OpenedSession): Promise<void> {
  if (request.viewer) await accounts.logOut(request.services, request.viewer.rawSessionId);
  request.ctx.cookies.set(sessionCookieName, session.id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies(request.ctx, request.services),
    maxAge: sessionLifetimeUs / 1000,
    overwrite: true,
  });
}

function credentialsForm(request: PageRequest, kind: 'signup' | 'login', email: string, next: string): Html {
  const isSignUp = kind === 'signup';
  return csrfForm(
    isSignUp ? '/signup' : '/login',
    request.csrfToken,
    html`${next !== '/' ? html`<input type="hidden" name="next" value="${next}">` : ''}
<div class="field"><label for="email">Email</label><input id="email" type="email" name="email" value="${email}" autocomplete="email" required autofocus></div>
<div class="field"><label for="password">Password${isSignUp ? html`<span class="hint">At least ${passwordLengthMin} characters.</span>` : ''}</label>
<input id="password" type="password" name="password" autocomplete="${isSignUp ? 'new-password' : 'current-password'}" required${isSignUp ? html` minlength="${passwordLengthMin}"` : ''}></div>
<button class="wide" type="submit">${isSignUp ? 'Create account' : 'Log in'}</button>`,
  );
}

function credentialsPage(
  request: PageRequest,
  kind: 'signup' | 'login',
  options: { email?: string; error?: string; status?: number } = {},
): PageResult {
  const next = localPath(request.form.next ?? request.query.next);
  const isSignUp = kind === 'signup';
  const other = isSignUp
    ? html`Already have an account? <a href="${withQuery('/login', { next: next === '/' ? undefined : next })}">Log in</a>`
    : html`New to mkt? <a href="${withQuery('/signup', { next: next === '/' ? undefined : next })}">Create an account</a>`;
  const body = html`<h1>${isSignUp ? 'Create your mkt account' : 'Log in to mkt'}</h1>
<p class="lead">${isSignUp ? 'Buy inference capacity on a live market, or trade it.' : 'Manage keys, devices and your account.'}</p>
${options.error ? notice('error', options.error) : noticeFor(request.query.notice)}
<div class="card">${credentialsForm(request, kind, options.email ?? '', next)}</div>
<p class="muted small">${other}</p>`;
  return show(
    layout(
      { title: isSignUp ? 'Sign up' : 'Log in', viewer: undefined, csrfToken: request.csrfToken, narrow: true },
      body,
    ),
    options.status ?? 200,
  );
}

export async function showSignUp(request: PageRequest): Promise<PageResult> {
  if (request.viewer) return redirect(localPath(request.query.next));
  return credentialsPage(request, 'signup');
}

export async function signUp(request: PageRequest): Promise<PageResult> {
  const email = request.form.email ?? '';
  const result = await accounts.signUp(request.services, { email, password: request.form.password ?? '' });
  if (!result.ok)
    return credentialsPage(request, 'signup', { email, error: signUpRefusals[result.reason], status: 422 });
  await startSession(request, result.session);
  const next = localPath(request.form.next);
  return redirect(next === '/' ? '/?notice=signed_up' : next);
}

export async function showLogIn(request: PageRequest): Promise<PageResult> {
  if (request.viewer) return redirect(localPath(request.query.next));
  return credentialsPage(request, 'login');
}

export async function logIn(request: PageRequest): Promise<PageResult> {
  const email = request.form.email ?? '';
  const result = await accounts.logIn(request.services, {
    email,
    password: request.form.password ?? '',
    clientAddress: clientAddressOf(request.ctx.req),
  });
  if (!result.ok && result.reason === 'throttled') {
    request.ctx.set('Retry-After', String(result.retryAfterSeconds));
    return credentialsPage(request, 'login', { email, error: tooManyAttempts(result.retryAfterSeconds), status: 429 });
  }
  if (!result.ok)
    return credentialsPage(request, 'login', {
      email,
      error: logInRefusals[result.reason],
      status: result.reason === 'account_inactive' ? 403 : 422,
    });
  await startSession(request, result.session);
  return redirect(localPath(request.form.next));
}

/** GET /logout does nothing by itself (a link must not log anyone out); it offers the button. */
export async function showLogOut(request: PageRequest): Promise<PageResult> {
  if (!request.viewer) return redirect('/login');
  const body = html`<h1>Log out?</h1><p class="lead">You are logged in as ${request.viewer.session.user.email}.</p>
<div class="card">${csrfForm('/logout', request.csrfToken, html`<button class="wide" type="submit">Log out</button>`)}</div>`;
  return show(layout({ title: 'Log out', viewer: request.viewer, csrfToken: request.csrfToken, narrow: true }, body));
}

export async function logOut(request: MemberRequest): Promise<PageResult> {
  await accounts.logOut(request.services, request.viewer.rawSessionId);
  request.ctx.cookies.set(sessionCookieName, '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies(request.ctx, request.services),
    maxAge: 0,
    overwrite: true,
  });
  return redirect('/login?notice=logged_out');
}

const verificationOutcomes = {
  verified: [
    'ok',
    'Your email address is verified.',
    'Thank you. Next, accept the legal terms if you have not yet.',
    200,
  ],
  already_verified: [
    'info',
    'Your email address is already verified.',
    'There is nothing more to do with this link.',
    200,
  ],
  expired: [
    'warn',
    'This verification link has expired or was already used.',
    'Log in and send a new link from your home page.',
    410,
  ],
  unknown: [
    'error',
    'This verification link is not valid.',
    'Check that the whole link was copied, or log in and send a new one from your home page.',
    404,
  ],
} as const;

export async function verifyEmail(request: PageRequest): Promise<PageResult> {
  const token = request.query.token;
  const outcome = token ? await accounts.verifyEmail(request.services, token) : 'unknown';
  const [tone, title, detail, status] = verificationOutcomes[outcome];
  // The link carries a secret: do not pass it on in Referer to the next page.
  request.ctx.set('Referrer-Policy', 'no-referrer');
  const onward = request.viewer ? html`<a href="/">Continue to your home page</a>` : html`<a href="/login">Log in</a>`;
  const body = html`<h1>Email verification</h1><p class="lead">mkt confirms the address you signed up with before you change account settings.</p>
${notice(tone, title, detail)}<p>${onward}</p>`;
  return show(
    layout({ title: 'Email verification', viewer: request.viewer, csrfToken: request.csrfToken, narrow: true }, body),
    status,
  );
}

export async function resendVerification(request: MemberRequest): Promise<PageResult> {
  const result = await accounts.sendVerification(request.services, request.viewer.session.user.id);
  const code =
    result === 'sent' ? 'verification_sent' : result === 'too_soon' ? 'verification_too_soon' : 'already_verified';
  return redirect(`/?notice=${code}`);
}
