import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import { decideLogin, loggedInUser, loginThroughBrowser, UserCli } from '../support/cli-user.js';
import { useBrowser } from '../web/browser.js';

async function until(condition: () => boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 14 item 1, the account half of the user's `mkt`: device login approved in Chromium,
 * whoami, consumption and signing keys, mode, funds, token refresh, errors, logout — each through
 * the compiled binary against a live server, with its own XDG_CONFIG_HOME.
 */
describeEachDatabase('the mkt command for users: login, keys, mode, funds, logout', (env) => {
  const browser = useBrowser();
  let cli: UserCli;
  let user: { userId: string; email: string };

  before(async function () {
    this.timeout(90_000);
    cli = new UserCli(env);
    user = await loggedInUser(cli, env(), browser(), env().service.services);
  });
  after(() => cli.remove());

  it('logs in through the device flow: the tokens are stored in a 0600 file in a 0700 directory', () => {
    const profile = cli.profile();
    expect(profile.tokens.access_token).to.match(/^mkt_at_/);
    expect(profile.tokens.refresh_token).to.match(/^mkt_rt_/);
    expect(Date.parse(profile.tokens.expires_at)).to.be.above(Date.now());
    expect(cli.modeOf(cli.profilePath())).to.equal(0o600);
    expect(cli.modeOf(`${cli.configHome}/mkt`)).to.equal(0o700);
  });

  it('login without --no-browser opens the verification page with xdg-open, and goes on printing it when there is none', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'mkt-xdg-'));
    try {
      writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > ${bin}/opened\n`, { mode: 0o755 });
      const opening = cli.spawn(['--profile', 'browser', 'login'], { PATH: bin });
      try {
        const [, url] = await opening.waitFor(/open (http\S+)/);
        // The shell creates the file before echo writes to it: wait for the whole line, not the file.
        const opened = join(bin, 'opened');
        await until(() => existsSync(opened) && readFileSync(opened, 'utf8').endsWith('\n'), 'xdg-open was run');
        expect(readFileSync(opened, 'utf8').trim()).to.equal(url);
      } finally {
        opening.kill();
      }
      const none = cli.spawn(['--profile', 'browser', 'login'], { PATH: join(bin, 'nothing-here') });
      try {
        await none.waitFor(/open (http\S+)/);
        expect(none.child.exitCode, 'still polling').to.equal(null);
      } finally {
        none.kill();
      }
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('login denied in the browser exits 1 saying so, and stores nothing', async function () {
    this.timeout(60_000);
    const { login, code } = await decideLogin(cli, env(), browser(), user.email, 'Deny', 'denied');
    expect(code).to.equal(1);
    expect(login.stderr).to.contain('refused');
    expect(existsSync(cli.profilePath('denied'))).to.equal(false);
  });

  it('whoami shows the user of the login, as a table and as JSON', async () => {
    expect(await cli.ok(['whoami']))
      .to.contain(user.userId)
      .and.contain('default');
    const me = await cli.json(['whoami']);
    expect(me).to.deep.include({ profile: 'default', user_id: user.userId, account_mode: 'auto', email: user.email });
    expect(me.diagnostics.service).to.equal('platform');
  });

  it('keys create prints the raw key once and keeps it in the profile; list shows it; delete removes it', async () => {
    const table = await cli.ok(['keys', 'create', 'laptop']);
    const key = cli.profile().consumption_key;
    expect(key.key).to.match(/^mkt_ck_/);
    expect(table).to.contain(key.key);
    const listed = await cli.json<{ id: string; key: string | null }[]>(['keys', 'list']);
    expect(listed.map((k) => k.id)).to.include(key.id);
    expect(listed.every((k) => k.key === null)).to.equal(true);
    expect(await cli.ok(['keys', 'list']))
      .to.contain(key.id)
      .and.contain(key.key_prefix);

    const spare = await cli.json(['--profile', 'default', 'keys', 'create', 'spare']);
    expect(spare.key).to.match(/^mkt_ck_/);
    expect(await cli.ok(['keys', 'delete', spare.id])).to.contain(spare.id);
    expect((await cli.json<{ id: string }[]>(['keys', 'list'])).map((k) => k.id)).to.not.include(spare.id);
    expect(cli.profile().consumption_key, 'deleting the stored key forgets it').to.equal(undefined);
  });

  it('signing-keys create makes the pair here, registers the public key and keeps the private key in the 0600 profile', async () => {
    const created = await cli.json(['signing-keys', 'create', 'laptop']);
    const stored = cli.profile().signing_key;
    expect(stored).to.deep.include({
      id: created.id,
      fingerprint: created.fingerprint,
      public_key: created.public_key,
    });
    expect(Buffer.from(stored.private_key, 'base64')).to.have.length(32);
    expect(cli.modeOf(cli.profilePath())).to.equal(0o600);
    expect(await cli.ok(['signing-keys', 'list'])).to.contain(created.fingerprint);
    // whoami now reads the email from the signed GET /v1/me
    expect((await cli.json(['whoami'])).email).to.equal(user.email);

    const other = await cli.json(['signing-keys', 'create', 'other']);
    expect(cli.profile().signing_key.id).to.equal(other.id);
    expect(await cli.ok(['signing-keys', 'delete', created.id])).to.contain(created.id);
    expect((await cli.json<{ id: string }[]>(['signing-keys', 'list'])).map((k) => k.id)).to.deep.equal([other.id]);
  });

  it('mode switches between Auto and Advanced Mode', async () => {
    expect((await cli.json(['mode', 'advanced'])).account_mode).to.equal('advanced');
    expect(await cli.ok(['mode', 'auto'])).to.match(/account mode\s*│\s*auto/);
    expect((await cli.json(['whoami'])).account_mode).to.equal('auto');
  });

  it('funds add deposits USD (sandbox money, marked so); funds shows the limits and the deposit', async function () {
    // Pending while the payment path is not on this branch: the funds handlers answer 501 until the
    // payments branch lands. It passed on both databases against cli merged with payments (3bbb693).
    // Once the handlers answer, the test runs by itself.
    if ((await env().platform.get('/v1/funds', { bearer: cli.profile().tokens.access_token })).status === 501)
      this.skip();
    const deposit = await cli.json(['funds', 'add', '25.00']);
    expect(deposit).to.deep.include({ amount_usd: '25.00', status: 'credited', sandbox: true, method: 'sandbox' });
    expect(await cli.ok(['funds', 'add', '5.00'])).to.contain('SANDBOX');
    const funds = await cli.json(['funds']);
    expect(funds.funding.sandbox).to.equal(true);
    expect(funds.deposits.map((d: { id: string }) => d.id)).to.include(deposit.id);
    expect(await cli.ok(['funds'])).to.contain(deposit.id);
  });

  it('exits 1 with the API error detail on stderr (JSON with --json), and 2 on a usage mistake', async () => {
    const missing = await cli.run(['keys', 'delete', 'api_key_00000000-0000-0000-0000-000000000000']);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/^mkt: .*api_key_00000000-0000-0000-0000-000000000000/);
    const json = await cli.run(['--json', 'keys', 'delete', 'api_key_00000000-0000-0000-0000-000000000000']);
    expect(json.code).to.equal(1);
    expect(JSON.parse(json.stderr).errors.code).to.equal('not_found');
    expect((await cli.run(['mode', 'sideways'])).code).to.equal(2);
    const nobody = await cli.run(['--profile', 'nobody', 'whoami']);
    expect(nobody.code).to.equal(1);
    expect(nobody.stderr).to.contain('mkt login');
  });

  it('refreshes an expired access token (refresh grant; the rotated refresh token is stored)', async () => {
    const before = cli.profile();
    cli.writeProfile({
      ...before,
      tokens: { ...before.tokens, expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect((await cli.json(['whoami'])).user_id).to.equal(user.userId);
    const after = cli.profile().tokens;
    expect(after.access_token).to.not.equal(before.tokens.access_token);
    expect(after.refresh_token).to.not.equal(before.tokens.refresh_token);
    expect(Date.parse(after.expires_at)).to.be.above(Date.now());
    expect(cli.modeOf(cli.profilePath())).to.equal(0o600);
  });

  it('refreshes when the service refuses the access token (401 invalid_token), then retries', async () => {
    const before = cli.profile();
    cli.writeProfile({ ...before, tokens: { ...before.tokens, access_token: 'mkt_at_not-a-token-the-service-knows' } });
    expect((await cli.json<{ id: string }[]>(['keys', 'list'])).length).to.be.above(0);
    expect(cli.profile().tokens.access_token)
      .to.match(/^mkt_at_/)
      .and.not.equal('mkt_at_not-a-token-the-service-knows');
  });

  it('refreshes once when several commands find the token expired at the same time (a refresh token spent twice would revoke the login)', async () => {
    const before = cli.profile();
    cli.writeProfile({
      ...before,
      tokens: { ...before.tokens, expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    const results = await Promise.all([
      cli.run(['whoami']),
      cli.run(['keys', 'list']),
      cli.run(['signing-keys', 'list']),
    ]);
    for (const result of results) expect(result.code, result.stderr).to.equal(0);
    expect((await cli.json(['whoami'])).user_id, 'the login survived').to.equal(user.userId);
    expect(cli.modeOf(cli.profilePath())).to.equal(0o600);
  });

  it('logging in again replaces the login and revokes the earlier one; the keys stay', async function () {
    this.timeout(60_000);
    const before = cli.profile();
    await loginThroughBrowser(cli, env(), browser(), user.email);
    const after = cli.profile();
    expect(after.tokens.access_token).to.not.equal(before.tokens.access_token);
    expect(after.signing_key).to.deep.equal(before.signing_key);
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: before.tokens.refresh_token,
      client_id: 'mkt-cli',
    });
    const refused = await fetch(`${env().service.urls.platform}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as { error: string }).error).to.equal('invalid_grant');
    expect((await cli.json(['whoami'])).user_id).to.equal(user.userId);
  });

  it('logout revokes the tokens (the old access token then gets 401) and forgets them', async () => {
    const { access_token: accessToken } = cli.profile().tokens;
    expect((await env().platform.get('/v1/api-keys', { bearer: accessToken })).status).to.equal(200);
    expect(await cli.ok(['logout'])).to.contain('Logged out');
    const refused = await env().platform.get('/v1/api-keys', { bearer: accessToken });
    expect(refused.status).to.equal(401);
    expect(refused.body.errors.code).to.equal('invalid_token');
    expect(cli.profile().tokens).to.equal(undefined);
    expect(cli.profile().signing_key, 'the keys stay: they do not depend on the login').to.be.an('object');
    const after = await cli.run(['whoami']);
    expect(after.code).to.equal(1);
    expect(after.stderr).to.contain('not logged in');
  });
});
