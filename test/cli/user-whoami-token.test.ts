import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'chai';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { UserCli } from '../support/cli-user.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Issue 21 item 2: `mkt whoami` of a login that holds no signing key yet shows the email, from the
 * trading API's `GET /v1/me` called with the login's access token (before, it printed null).
 */
describeEachDatabase('the mkt command: whoami of a login without a signing key', (env) => {
  const services = () => env().service.services;
  let cli: UserCli;
  let user: TestUser;

  /** The profile `mkt login` would have written, with a grant of these scopes and no keys. */
  async function loggedInWith(scopes: string[], profile: string): Promise<void> {
    const tokens = await grantTokens(services(), user.userId, scopes);
    mkdirSync(dirname(cli.profilePath(profile)), { recursive: true, mode: 0o700 });
    cli.writeProfile(
      {
        platform_url: env().service.urls.platform,
        tokens: {
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken,
          expires_at: new Date(tokens.accessExpiresAtUs / 1000).toISOString(),
          scope: scopes.join(' '),
        },
      },
      profile,
    );
  }

  before(async () => {
    cli = new UserCli(env);
    user = await createTestUser(services(), { mode: 'advanced' });
  });
  after(() => cli.remove());

  it('shows the email of the login, read with the access token, as JSON and as a table', async () => {
    await loggedInWith(['account:read', 'trade:read'], 'token-only');
    const me = await cli.json(['--profile', 'token-only', 'whoami']);
    expect(me).to.deep.include({
      profile: 'token-only',
      user_id: user.userId,
      email: user.email,
      signing_key: null,
      account_mode: 'advanced',
    });
    expect(await cli.ok(['--profile', 'token-only', 'whoami'])).to.match(
      new RegExp(`email\\s*│\\s*${user.email.replace(/[.+]/g, '\\$&')}`),
    );
  });

  it('still answers, with no email, when the login lacks trade:read', async () => {
    await loggedInWith(['account:read'], 'no-trade');
    const me = await cli.json(['--profile', 'no-trade', 'whoami']);
    expect(me).to.deep.include({ user_id: user.userId, email: null });
  });
});
