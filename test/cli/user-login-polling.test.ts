import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { UserCli } from '../support/cli-user.js';
import type { TestEnvironment } from '../support/service.js';

/**
 * How `mkt login` polls (RFC 8628 §3.5), against a scripted token endpoint: the real service's
 * interval is 5 s and its `slow_down` needs polls faster than that, which the command never makes.
 * The script: interval 1 s; `authorization_pending`, then `slow_down`, then the tokens.
 */
describe('mkt login polls at the interval and slows down when told', function () {
  this.timeout(30_000);
  let server: Server;
  let url: string;
  const polls: number[] = [];
  const answers = [
    { status: 400, body: { error: 'authorization_pending', error_description: 'not yet' } },
    { status: 400, body: { error: 'slow_down', error_description: 'too fast' } },
    {
      status: 200,
      body: {
        access_token: 'mkt_at_scripted',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'mkt_rt_scripted',
        scope: 'account:read',
      },
    },
  ];

  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const reply = (status: number, value: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        if (request.url === '/v1/oauth/device/code' && form.get('client_id') === 'mkt-cli') {
          return reply(200, {
            device_code: 'dev',
            user_code: 'BCDF-GHJK',
            verification_uri: `${url}/device`,
            verification_uri_complete: `${url}/device?user_code=BCDF-GHJK`,
            expires_in: 600,
            interval: 1,
          });
        }
        if (
          request.url === '/v1/oauth/token' &&
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:device_code' &&
          form.get('device_code') === 'dev'
        ) {
          polls.push(Date.now());
          const answer = answers[Math.min(polls.length - 1, answers.length - 1)]!;
          return reply(answer.status, answer.body);
        }
        reply(404, { errors: { code: 'not_found', detail: `nothing at ${request.url}` } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('waits `interval` between polls, adds 5 s after slow_down, and stores the tokens', async () => {
    const urls = { platform: url, trading: url, consumption: url, messages: url };
    const cli = new UserCli(() => ({ service: { urls } }) as unknown as TestEnvironment);
    try {
      const login = cli.spawn(['login', '--no-browser']);
      expect(await login.exited, login.stderr).to.equal(0);
      expect(login.stdout).to.contain(`${url}/device?user_code=BCDF-GHJK`).and.contain('BCDF-GHJK');
      expect(polls).to.have.length(3);
      expect(polls[1]! - polls[0]!, 'the interval').to.be.at.least(950);
      expect(polls[2]! - polls[1]!, 'the interval plus 5 s after slow_down').to.be.at.least(5_950);
      expect(cli.profile().tokens).to.deep.include({
        access_token: 'mkt_at_scripted',
        refresh_token: 'mkt_rt_scripted',
        scope: 'account:read',
      });
      expect(cli.modeOf(cli.profilePath())).to.equal(0o600);
    } finally {
      cli.remove();
    }
  });
});
