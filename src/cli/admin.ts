import { parseArgs } from 'node:util';
import nacl from 'tweetnacl';
import { loadConfig } from '../config.js';
import { migrateLatest, openDatabase, type Db } from '../db/knex.js';
import { systemClock, toIso } from '../lib/clock.js';
import { createApiKey, createUser, registerSigningKey, requireUserByEmail, type AccountMode } from '../platform/identity.js';
import { UsageError } from './usage-error.js';

type Command = (db: Db, args: string[]) => Promise<Record<string, unknown>>;

const required = (value: string | undefined, flag: string): string => {
  if (value === undefined || value === '') throw new UsageError(`--${flag} is required`);
  return value;
};

const commands: Record<string, Command> = {
  async 'user create'(db, args) {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        verified: { type: 'boolean', default: false },
        'accept-terms': { type: 'boolean', default: false },
        mode: { type: 'string', default: 'auto' },
      },
    });
    if (values.mode !== 'auto' && values.mode !== 'advanced') throw new UsageError('--mode is auto or advanced');
    const user = await createUser(db, systemClock, {
      email: required(values.email, 'email'),
      password: values.password,
      verified: values.verified,
      acceptTerms: values['accept-terms'],
      mode: values.mode as AccountMode,
    });
    return {
      id: user.id,
      email: user.email,
      status: user.status,
      account_mode: user.account_mode,
      email_verified: user.email_verified_at_us !== null,
      legal_terms_accepted: user.legal_terms_accepted_at_us !== null,
      created_at: toIso(user.created_at_us),
    };
  },

  async 'api-key create'(db, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' } } });
    const user = await requireUserByEmail(db, required(values.email, 'email'));
    const { row, key } = await createApiKey(db, systemClock, user.id, required(values.name, 'name'));
    return { id: row.id, name: row.name, key, key_prefix: row.key_prefix };
  },

  async 'signing-key create'(db, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, label: { type: 'string' } } });
    const user = await requireUserByEmail(db, required(values.email, 'email'));
    // The keypair is made here, as a client would make it; only the public key is stored.
    const pair = nacl.sign.keyPair();
    const publicKey = Buffer.from(pair.publicKey).toString('base64');
    const row = await registerSigningKey(db, systemClock, user.id, required(values.label, 'label'), publicKey);
    return {
      id: row.id,
      label: row.label,
      public_key: publicKey,
      private_key: Buffer.from(pair.secretKey.subarray(0, 32)).toString('base64'),
      fingerprint: row.fingerprint,
    };
  },
};

/** `mkt admin …`: one JSON object on stdout. */
export async function runAdmin(args: string[]): Promise<void> {
  const name = args.slice(0, 2).join(' ');
  const command = commands[name];
  if (!command) throw new UsageError(`unknown admin command "${name}"; one of: ${Object.keys(commands).join(', ')}`);
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateLatest(db);
    process.stdout.write(JSON.stringify(await command(db, args.slice(2))) + '\n');
  } finally {
    await db.destroy();
  }
}
