// For the knex CLI; the service itself migrates on start and with `mkt migrate`.
import { databaseUrlDefault } from './src/app/config.js';
import { knexConfig } from './src/db/knex.js';

export default knexConfig(process.env.DATABASE_URL ?? databaseUrlDefault);
