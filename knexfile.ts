// For the knex CLI; the service itself migrates on start and with `mkt migrate`.
import { defaultDatabaseUrl, knexConfig } from './src/db/knex.js';

export default knexConfig(process.env.DATABASE_URL ?? defaultDatabaseUrl);
