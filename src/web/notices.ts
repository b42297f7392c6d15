import type { Html } from './html.js';
import { notice, type NoticeTone } from './layout.js';

/**
 * Messages shown after a redirect (Post/Redirect/Get) are named by a code in `?notice=`; only these
 * fixed texts can appear, so the query string cannot put words on a page.
 */
const notices = {
  signed_up: [
    'ok',
    'Welcome to mkt.',
    'We sent a verification link to your email address; open it to verify your account.',
  ],
  logged_out: ['info', 'You are logged out.', undefined],
  verification_sent: [
    'ok',
    'Verification link sent.',
    'Open the link in the mail to verify your email address. It is valid for 24 hours.',
  ],
  verification_too_soon: [
    'warn',
    'A verification link was sent less than a minute ago.',
    'Open that one, or wait a minute before asking for another.',
  ],
  already_verified: ['info', 'Your email address is already verified.', undefined],
  terms_accepted: ['ok', 'You accepted the legal terms.', undefined],
  key_deleted: ['ok', 'The API key was deleted.', 'Requests that send it are refused from now on.'],
  key_limits_saved: ['ok', 'The key’s limits were saved.', 'They hold from its next request on.'],
  signing_key_deleted: ['ok', 'The signing key was deleted.', 'Requests signed with it are refused from now on.'],
  mode_changed: ['ok', 'Account mode changed.', undefined],
  defaults_saved: ['ok', 'Default saved.', 'It applies to requests and orders from now on.'],
  order_cancelled: ['ok', 'The order was cancelled.', 'What it held is available again.'],
  grant_revoked: [
    'ok',
    'The device was signed out.',
    'Its tokens are refused from now on; run mkt login to sign it in again.',
  ],
  auto_reload_saved: ['ok', 'Auto-reload settings saved.', undefined],
  auto_top_up_saved: ['ok', 'Auto top-up settings saved.', 'They apply from the next inference on.'],
  endpoint_registered: [
    'ok',
    'The endpoint was registered.',
    'It is pending: run its qualification to have it measured. It serves nothing until it qualifies.',
  ],
  endpoint_enabled: ['ok', 'The endpoint was enabled.', 'It serves the instruments it is qualified for.'],
  endpoint_disabled: ['ok', 'The endpoint was disabled.', 'It serves nothing until you enable it again.'],
  endpoint_deleted: ['ok', 'The endpoint was deleted.', 'It serves nothing more; its upstream key was erased.'],
  qualification_started: [
    'ok',
    'The qualification run started.',
    'It sends the endpoint probes for each instrument; this page shows it running until it ends.',
  ],
} satisfies Record<string, [NoticeTone, string, string | undefined]>;

type NoticeCode = keyof typeof notices;

export function noticeFor(code: string | undefined): Html | undefined {
  if (code === undefined || !Object.hasOwn(notices, code)) return undefined;
  const [tone, title, detail] = notices[code as NoticeCode];
  return notice(tone, title, detail);
}
