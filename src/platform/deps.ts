import type { ReferenceCache } from '../core/reference.js';
import type { Mailer } from '../core/mailer.js';
import type { PaymentDeps } from '../core/payments.js';
import type { Logger } from '../lib/logger.js';
import type { WithdrawalOptions } from '../core/withdrawal-options.js';
import type { WithdrawalDeps } from '../core/withdrawals.js';
import type { OAuthRandom } from './oauth.js';

/**
 * What the platform surface's handlers take, built once by the composition root (src/app/services.ts):
 * the database, clock and payments' options (PaymentDeps), the logger and the mailer, the reference
 * data (a key's model limits), where device codes come from, and the platform host's public URL
 * (links in mail and OAuth metadata, never the request's Host).
 */
export interface PlatformDeps extends PaymentDeps {
  logger: Logger;
  mailer: Mailer;
  referenceCache: ReferenceCache;
  oauthRandom: OAuthRandom;
  publicUrls: { of(host: 'platform'): string };
  /** Payments' and withdrawals' options, and how long an OAuth access token lives (MKT_ACCESS_TOKEN_TTL_S). */
  config: PaymentDeps['config'] & { withdrawals: WithdrawalOptions; accessTokenTtlS: number };
  metrics: PaymentDeps['metrics'] & WithdrawalDeps['metrics'];
}
