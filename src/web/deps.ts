import type { Mailer } from '../core/mailer.js';
import type { MarketDataPort } from '../core/market-data-port.js';
import type { PaymentDeps } from '../core/payments.js';
import type { ReferenceCache } from '../core/reference.js';
import type { WithdrawalOptions } from '../core/withdrawal-options.js';
import type { WithdrawalDeps } from '../core/withdrawals.js';
import type { SupplyPort } from '../core/supply-port.js';
import type { TradingPort } from '../core/trading-port.js';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/**
 * What the dashboard needs of the composition root (app/services.ts makes it, app/main.ts passes it):
 * the database and clock under every page, the mailer for sign-up, the reference cache for key
 * limits, the payments configuration for /funds, the order pipeline behind a cancel and the market page's ticket, market
 * data for the market page, and the suppliers' services
 * behind /endpoints and /scorecard.
 */
export interface WebDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  referenceCache: ReferenceCache;
  config: PaymentDeps['config'] & { withdrawals: WithdrawalOptions };
  metrics: PaymentDeps['metrics'] & WithdrawalDeps['metrics'];
  /**
   * Where the platform is reached (verification links, whether cookies are `Secure`), and the trading host where
   * known: the market page's script opens its streams there.
   */
  publicUrls: {
    of(host: 'platform'): string;
    isHttps(host: 'platform'): boolean;
    /** Where the market page opens the stream socket (the trading host, or the streams listener). */
    stream(): string | undefined;
  };
  trading: TradingPort;
  /** The market page's reads of books, candles, trades and tickers. */
  marketData: MarketDataPort;
  supply: SupplyPort;
}
