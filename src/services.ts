import type { Config } from './config.js';
import type { Db } from './db/knex.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { logMailer, type Mailer } from './platform/mailer.js';
import { createReferenceService, type ReferenceService } from './trading/reference.js';

/** Everything a handler may call. Built once in main.ts; handlers reach the database only through these. */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  reference: ReferenceService;
  mailer: Mailer;
}

export function createServices(config: Config, db: Db, clock: Clock, logger: Logger): Services {
  return { config, db, clock, logger, reference: createReferenceService(db), mailer: logMailer(logger) };
}
