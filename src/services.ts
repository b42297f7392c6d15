import type { Config } from './config.js';
import type { Db } from './db/knex.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { createAccountsService, type AccountsService } from './platform/accounts.js';
import { createDiagnosticsService, type DiagnosticsService } from './platform/diagnostics.js';
import { createKeysService, type KeysService } from './platform/keys.js';
import { logMailer, type Mailer } from './platform/mailer.js';
import { createOAuthService, type OAuthService } from './platform/oauth.js';
import { createSettingsService, type SettingsService } from './platform/settings.js';
import { createReferenceService, type ReferenceService } from './trading/reference.js';

/** Everything a handler may call. Built once in main.ts; handlers reach the database only through these. */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  reference: ReferenceService;
  mailer: Mailer;
  keys: KeysService;
  settings: SettingsService;
  diagnostics: DiagnosticsService;
  accounts: AccountsService;
  oauth: OAuthService;
}

export function createServices(config: Config, db: Db, clock: Clock, logger: Logger): Services {
  const mailer = logMailer(logger);
  const reference = createReferenceService(db);
  const keys = createKeysService(db, clock);
  const settings = createSettingsService(db, clock);
  const diagnostics = createDiagnosticsService(db, clock, reference);
  return { config, db, clock, logger, reference, mailer, keys, settings, diagnostics, accounts: createAccountsService(db, clock, mailer, logger), oauth: createOAuthService(db, clock) };
}
